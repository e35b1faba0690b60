package dev.milktui.tui.app;

import dev.milktui.core.task.BackgroundTask;
import dev.milktui.tui.text.Sanitizer;
import java.util.List;

/** How running tasks read on screen: a one-line summary and a numbered list with their steps. */
public final class TaskSummary {
  private TaskSummary() {}

  /** "1 agent" / "2 tasks": agents when every task is one. */
  public static String count(List<BackgroundTask> tasks) {
    boolean agents = tasks.stream().allMatch(t -> "local_agent".equals(t.taskType()));
    String noun = agents ? "agent" : "task";
    return tasks.size() + " " + noun + (tasks.size() == 1 ? "" : "s");
  }

  public static String name(BackgroundTask task) {
    return task.description().isBlank() ? task.taskId() : task.description();
  }

  /** "⚙ 1 agent running: Background probe — Running Echo in bg agent" (the newest's step). */
  public static String line(List<BackgroundTask> tasks) {
    BackgroundTask newest = tasks.get(tasks.size() - 1);
    return "⚙ "
        + count(tasks)
        + " running: "
        + Sanitizer.oneLine(name(newest))
        + (newest.step() == null ? "" : " — " + Sanitizer.oneLine(newest.step()));
  }

  /** One numbered line per task with its current step. */
  public static String list(List<BackgroundTask> tasks) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < tasks.size(); i++) {
      BackgroundTask task = tasks.get(i);
      text.append(i + 1)
          .append(". ")
          .append(Sanitizer.oneLine(name(task)))
          .append(task.step() == null ? "" : " — " + Sanitizer.oneLine(task.step()))
          .append('\n');
    }
    return text.toString();
  }
}

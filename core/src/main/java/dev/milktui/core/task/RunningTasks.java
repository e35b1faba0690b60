package dev.milktui.core.task;

import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.SystemMessage;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tasks running in one claude process, from its {@code task_started}, {@code task_progress},
 * {@code task_updated}, {@code task_notification} and {@code background_tasks_changed} lines. Not
 * thread-safe: the session actor owns it.
 */
public final class RunningTasks {
  private static final Set<String> STILL_RUNNING = Set.of("running", "pending");

  private final Map<String, BackgroundTask> running = new LinkedHashMap<>();

  /** Applies one line; true when the list of running tasks or a task's step changed. */
  public boolean accept(CliMessage message) {
    if (message instanceof SystemMessage.TaskStarted started && started.taskId() != null) {
      running.put(
          started.taskId(),
          new BackgroundTask(
              started.taskId(),
              started.toolUseId(),
              orEmpty(started.description()),
              started.taskType(),
              null,
              started.backgrounded()));
      return true;
    }
    if (message instanceof SystemMessage.TaskProgress progress) {
      BackgroundTask task = running.get(progress.taskId());
      if (task == null || progress.description() == null) {
        return false;
      }
      running.put(task.taskId(), task.withStep(progress.description()));
      return true;
    }
    if (message instanceof SystemMessage.TaskUpdated updated) {
      return ended(updated.taskId(), updated.status());
    }
    if (message instanceof SystemMessage.TaskNotification notification) {
      return ended(notification.taskId(), notification.status());
    }
    if (message instanceof SystemMessage.BackgroundTasksChanged changed) {
      return listed(changed.tasks());
    }
    return false;
  }

  /** The running tasks, oldest first. */
  public List<BackgroundTask> running() {
    return List.copyOf(running.values());
  }

  public boolean isEmpty() {
    return running.isEmpty();
  }

  /** The process is gone, and its tasks with it. True when there were any. */
  public boolean clear() {
    boolean had = !running.isEmpty();
    running.clear();
    return had;
  }

  private boolean ended(String taskId, String status) {
    if (taskId == null || status == null || STILL_RUNNING.contains(status)) {
      return false;
    }
    return running.remove(taskId) != null;
  }

  /**
   * The CLI's list is whole for background tasks: one it no longer lists has ended, one it lists
   * that we missed is added. Foreground tasks are never listed and end by their own lines.
   */
  private boolean listed(List<SystemMessage.ListedTask> tasks) {
    Set<String> ids = new HashSet<>();
    boolean changed = false;
    for (SystemMessage.ListedTask listed : tasks) {
      ids.add(listed.taskId());
      BackgroundTask known = running.get(listed.taskId());
      if (known == null) {
        running.put(
            listed.taskId(),
            new BackgroundTask(
                listed.taskId(),
                null,
                orEmpty(listed.description()),
                listed.taskType(),
                null,
                true));
        changed = true;
      } else if (!known.backgrounded()) {
        running.put(known.taskId(), known.inBackground());
        changed = true;
      }
    }
    changed |=
        running.values().removeIf(task -> task.backgrounded() && !ids.contains(task.taskId()));
    return changed;
  }

  private static String orEmpty(String text) {
    return text == null ? "" : text;
  }
}

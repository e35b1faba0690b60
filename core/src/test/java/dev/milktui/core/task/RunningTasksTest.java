package dev.milktui.core.task;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.SystemMessage;
import dev.milktui.core.testkit.Recordings;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunningTasksTest {
  private final RunningTasks tasks = new RunningTasks();

  /** The running list after each line that changed it. */
  private List<List<BackgroundTask>> replay(String recording) {
    List<List<BackgroundTask>> changes = new ArrayList<>();
    for (CliMessage message : Recordings.messages(recording)) {
      if (tasks.accept(message)) {
        changes.add(tasks.running());
      }
    }
    return changes;
  }

  @Test
  void aBackgroundAgentRunsWithItsCurrentStepUntilItsNotification() {
    List<List<BackgroundTask>> changes = replay("p3-subagent-background");

    BackgroundTask started = changes.get(1).get(0);
    assertThat(started.taskId()).isEqualTo("ae579ff383922bc1d");
    assertThat(started.toolUseId()).isEqualTo("toolu_main_bg_agent");
    assertThat(started.description()).isEqualTo("Background probe");
    assertThat(started.backgrounded()).isTrue();
    assertThat(changes)
        .anySatisfy(
            running ->
                assertThat(running)
                    .singleElement()
                    .extracting(BackgroundTask::step)
                    .isEqualTo("Running Echo in bg agent"));
    assertThat(changes.get(changes.size() - 1)).isEmpty();
    assertThat(tasks.isEmpty()).isTrue();
  }

  @Test
  void aForegroundAgentEndsByItsOwnLinesAndIsNeverDroppedByTheBackgroundList() {
    List<List<BackgroundTask>> changes = replay("p1-subagent-fg-allow");

    assertThat(changes.get(0)).singleElement().matches(t -> !t.backgrounded());
    assertThat(tasks.running()).isEmpty();
    tasks.accept(
        new SystemMessage.TaskStarted("fg", "toolu_x", "Probe", "local_agent", false, null));
    tasks.accept(new SystemMessage.BackgroundTasksChanged(List.of(), null));
    assertThat(tasks.running()).extracting(BackgroundTask::taskId).containsExactly("fg");
  }

  @Test
  void aTaskOnlyTheListNamesIsAddedAndOneItNoLongerNamesHasEnded() {
    tasks.accept(
        new SystemMessage.BackgroundTasksChanged(
            List.of(new SystemMessage.ListedTask("t1", "local_bash", "npm test")), null));
    assertThat(tasks.running())
        .containsExactly(new BackgroundTask("t1", null, "npm test", "local_bash", null, true));

    assertThat(tasks.accept(new SystemMessage.TaskUpdated("t1", "running", null))).isFalse();
    assertThat(tasks.accept(new SystemMessage.BackgroundTasksChanged(List.of(), null))).isTrue();
    assertThat(tasks.isEmpty()).isTrue();
  }

  @Test
  void aStoppedAgentEnds() {
    List<List<BackgroundTask>> changes = replay("p20-stop-task");
    assertThat(changes.get(1)).singleElement().matches(BackgroundTask::backgrounded);
    assertThat(changes.get(changes.size() - 1)).isEmpty();
  }

  @Test
  void clearingForgetsTheTasksOfAProcessThatEnded() {
    replay("p3b-subagent-background-stdin-closed");
    tasks.accept(new SystemMessage.TaskStarted("t2", "toolu_y", "Long", "local_agent", true, null));

    assertThat(tasks.clear()).isTrue();
    assertThat(tasks.clear()).isFalse();
  }
}

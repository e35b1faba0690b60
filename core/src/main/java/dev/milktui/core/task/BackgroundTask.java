package dev.milktui.core.task;

/**
 * A task the CLI runs beside the conversation (a subagent, a background shell), as last reported.
 *
 * @param toolUseId the call that started it (an Agent call), or null
 * @param step what it does now ("Running Echo in bg agent"), or null before its first progress
 * @param backgrounded it runs in the background: the turn that started it may end first
 */
public record BackgroundTask(
    String taskId,
    String toolUseId,
    String description,
    String taskType,
    String step,
    boolean backgrounded) {

  BackgroundTask withStep(String next) {
    return new BackgroundTask(taskId, toolUseId, description, taskType, next, backgrounded);
  }

  BackgroundTask inBackground() {
    return new BackgroundTask(taskId, toolUseId, description, taskType, step, true);
  }
}

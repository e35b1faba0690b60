package dev.milktui.core.session;

import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.SavedGrants;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.MalformedLine;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/** What a {@link ClaudeSession}'s actor handles, one at a time, in the order they were posted. */
sealed interface SessionMessage {

  // Commands from the UI.
  /** {@code history} reads the earlier conversation to show first (empty for a new session). */
  record Start(
      Optional<Supplier<UnaryOperator<LaunchSpec>>> prepare, Supplier<List<SessionEvent>> history)
      implements SessionMessage {}

  record Send(String text) implements SessionMessage {}

  record Interrupt() implements SessionMessage {}

  record SetMode(String mode) implements SessionMessage {}

  record StopTask(String taskId) implements SessionMessage {}

  record StopTasksAndGoOn() implements SessionMessage {}

  /** A moment after a turn: how full the context is (unless the process is gone by then). */
  record AskContextUsage(ClaudeProcess process) implements SessionMessage {}

  record ResumeWithGrants(GrantDecision decision) implements SessionMessage {}

  /** Grants the caller saved already (when remembered): only the resume is left. */
  record ResumeSaved(GrantDecision decision, Optional<SavedGrants> saved)
      implements SessionMessage {}

  record Answer(ClaudeProcess process, PermissionRequest request, String line)
      implements SessionMessage {}

  record Close() implements SessionMessage {}

  // Reports from effects run elsewhere.
  record Prepared(
      UnaryOperator<LaunchSpec> change, Optional<SessionEvent> notice, List<SessionEvent> history)
      implements SessionMessage {}

  /** Persisting {@code decision} ended; {@code failure} is empty when it was saved. */
  record GrantsPersisted(
      ResumeWithGrants resume, Optional<String> failure, Optional<SavedGrants> saved)
      implements SessionMessage {}

  // Reports from a process's threads.
  /** {@code counted}: it holds one of {@link LinesInFlight}'s permits, given back when handled. */
  record Line(ClaudeProcess process, CliMessage message, boolean counted)
      implements SessionMessage {}

  record Malformed(MalformedLine line, boolean counted) implements SessionMessage {}

  record Emit(SessionEvent event) implements SessionMessage {}

  record InputFailed(ClaudeProcess process, String reason) implements SessionMessage {}

  record ThreadCrashed(ClaudeProcess process, Throwable error) implements SessionMessage {}

  record Exited(ClaudeProcess process, int code, String stderrTail) implements SessionMessage {}
}

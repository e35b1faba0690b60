package dev.milktui.core.event;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.diff.FileDiff;
import dev.milktui.core.protocol.MalformedLine;
import dev.milktui.core.task.BackgroundTask;
import java.time.Instant;
import java.util.List;

/**
 * What a session tells its one listener, in order, from background threads. Immutable; the listener
 * must not block (post to the UI thread and return).
 */
public sealed interface SessionEvent {

  /** A turn began in the CLI ({@code system/init}, which comes once per turn). */
  record TurnStarted(
      String sessionId,
      String model,
      String cwd,
      String permissionMode,
      String claudeVersion,
      List<String> additionalDirectories)
      implements SessionEvent {}

  /** A message the user sent (or a retry message the session sent for them). */
  record UserPrompt(String text, boolean automatic) implements SessionEvent {}

  /**
   * Assistant text; a new {@code (messageId, blockIndex)} starts a new paragraph. {@code
   * parentToolUseId} names the agent call whose subagent wrote it, or is null for Claude's own.
   */
  record TextDelta(String messageId, int blockIndex, String text, String parentToolUseId)
      implements SessionEvent {
    public TextDelta(String messageId, int blockIndex, String text) {
      this(messageId, blockIndex, text, null);
    }
  }

  record ThinkingDelta(String messageId, int blockIndex, String text, String parentToolUseId)
      implements SessionEvent {
    public ThinkingDelta(String messageId, int blockIndex, String text) {
      this(messageId, blockIndex, text, null);
    }
  }

  /** Streamed text of this message was abandoned (broken stream); a full retry follows. */
  record TextAbandoned(String messageId) implements SessionEvent {}

  record ToolStarted(ToolCall call) implements SessionEvent {}

  record ToolInputReady(ToolCall call) implements SessionEvent {}

  record ToolFinished(ToolCall call) implements SessionEvent {}

  /**
   * What a file tool call changes (Edit, MultiEdit, Write), read from the file off the UI thread.
   */
  record ToolDiffReady(String toolUseId, FileDiff diff) implements SessionEvent {}

  /** A long-running tool's heartbeat or background task news. */
  record ToolProgressed(String toolUseId, double elapsedSeconds, String note)
      implements SessionEvent {}

  record PermissionRequested(PermissionRequest request) implements SessionEvent {}

  /** The CLI withdrew a pending request (or the process died with it open). */
  record PermissionWithdrawn(PermissionRequest request, String reason) implements SessionEvent {}

  record ApiRetrying(int attempt, int maxRetries, long delayMs, Integer status, String error)
      implements SessionEvent {}

  /**
   * An API call failed for good, after claude's retries: {@code text} is what the CLI says about it
   * (its synthetic assistant message, which is not Claude's reply); {@code status} the HTTP status,
   * when known.
   */
  record ApiFailed(Integer status, String text, String parentToolUseId) implements SessionEvent {}

  /** {@code status} "requesting" before an API call; a non-null mode on a mode change. */
  record StatusChanged(String status, String permissionMode) implements SessionEvent {}

  /**
   * claude reported a permission mode milk-tui did not ask for ({@code atStart}: in the turn's
   * init, else in a later status); {@code meaning} says in words what that mode does, and {@code
   * restoring} is the mode milk-tui is setting back.
   */
  record PermissionModeUnrequested(String mode, String meaning, String restoring, boolean atStart)
      implements SessionEvent {
    /** The sentence the transcript and the status bar show. */
    public String text() {
      return "claude "
          + (atStart ? "started in " : "switched to ")
          + mode
          + " mode: "
          + meaning
          + "; milk-tui is setting it back to "
          + restoring
          + ".";
    }
  }

  record TurnFinished(TurnSummary summary) implements SessionEvent {}

  /**
   * The finished turn left stream-closed failures or denials that grants could fix; answer with the
   * session's resume-with-grants command, or ignore.
   */
  record GrantsNeeded(TurnSummary summary) implements SessionEvent {}

  /** The claude process ended. {@code expected} is true when the session asked it to. */
  record ProcessExited(int exitCode, String stderrTail, boolean expected) implements SessionEvent {}

  /** A line of stdout that could not be read; the session goes on. */
  record Malformed(MalformedLine line) implements SessionEvent {}

  /** Something the user should know: a warning, a resume, an unknown session, a crash. */
  record Notice(Level level, String text) implements SessionEvent {}

  /**
   * The CLI dropped the project's permission rules because the workspace was never trusted; the
   * only trace is this stderr line. Trusting the workspace in Claude's config fixes it.
   */
  record WorkspaceUntrusted(String workingDirectory, String stderrLine) implements SessionEvent {}

  /** An answer to a host control request (interrupt, set_permission_mode). */
  record ControlAnswered(String requestId, boolean success, JsonNode response, String error)
      implements SessionEvent {}

  /** An MCP server asks the user to fill in a form; answer through the request. */
  record ElicitationRequested(ElicitationRequest request) implements SessionEvent {}

  /**
   * A usage limit is near ({@code allowed_warning}) or reached ({@code rejected}); never sent for
   * plain {@code allowed}. {@code resetsAt} and {@code utilization} may be null.
   */
  record RateLimited(String status, String limitType, Instant resetsAt, Double utilization)
      implements SessionEvent {
    public boolean reached() {
      return "rejected".equals(status);
    }
  }

  /** The tasks running in claude now (empty when the last one ended). */
  record TasksChanged(List<BackgroundTask> running) implements SessionEvent {}

  /**
   * claude has to be restarted ({@code reason}: new grants, a dead permission channel) but tasks
   * run in it that a restart would cut: nothing is restarted until they end, or until the user
   * answers with {@code Session.stopTasksAndGoOn()}. Messages wait meanwhile.
   */
  record RestartWaitsForTasks(String reason, List<BackgroundTask> running)
      implements SessionEvent {}

  /** The conversation was compacted ({@code trigger} "manual" for /compact, or "auto"). */
  record Compacted(String trigger, long tokensBefore, long tokensAfter) implements SessionEvent {}

  /**
   * {@code /clear} started a new conversation: what was shown belongs to the old one. The new
   * session id arrives with the next {@link TurnStarted}.
   */
  record ConversationCleared(String previousSessionId) implements SessionEvent {}

  /** How full the context window is, as claude counts it after a turn. */
  record ContextUsage(long tokens, long maxTokens, int percent) implements SessionEvent {}

  /** The session's tokens and cost so far, over every claude process that served it. */
  record TotalsChanged(String sessionId, long tokens, double costUsd) implements SessionEvent {}

  /** The slash commands (skills included) and skills claude accepts, names without the slash. */
  record CommandsAvailable(List<String> slashCommands, List<String> skills)
      implements SessionEvent {}

  /**
   * claude started a turn by itself (a background task finished): its result answers none of the
   * user's messages.
   */
  record TurnStartedByClaude() implements SessionEvent {}

  enum Level {
    INFO,
    WARNING,
    ERROR
  }
}

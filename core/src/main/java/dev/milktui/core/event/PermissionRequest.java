package dev.milktui.core.event;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.diff.FileDiff;
import dev.milktui.core.grants.SavedGrants;
import dev.milktui.core.protocol.ControlRequest;
import dev.milktui.core.protocol.HostMessages;
import dev.milktui.core.protocol.PermissionSuggestion;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Claude asks whether a tool may run; this is the reply handle. The first answer wins; answering a
 * request that was withdrawn, or whose process is gone, does nothing and returns false.
 */
public final class PermissionRequest {

  /** Where answers go; returns false when the request can no longer be answered. */
  public interface Channel {
    boolean answer(PermissionRequest request, String controlResponseLine);
  }

  /** How a request ended, for the UI and the log. */
  public enum State {
    OPEN,
    ALLOWED,
    DENIED,
    WITHDRAWN,
    ABANDONED
  }

  /**
   * What the session knew about the request when it came: the subagent that asks (its description
   * and type, from its {@code task_started}) and the input the model wrote in its {@code tool_use}
   * (the CLI strips ExitPlanMode's plan from the request itself
   * [p8-askuserquestion-exitplan-echo]), and the diff a file tool call would make, read from the
   * file when the request arrived (off the UI thread).
   */
  public record Context(
      Optional<String> agent, Optional<JsonNode> modelInput, Optional<FileDiff> diff) {
    public static final Context NONE =
        new Context(Optional.empty(), Optional.empty(), Optional.empty());
  }

  /** The reply to AskUserQuestion's "the user declined", worded for the model. */
  public static final String QUESTIONS_DECLINED =
      "The user declined to answer the questions. Do not assume an answer; ask in plain text or go"
          + " on without it.";

  private final String requestId;
  private final ControlRequest.CanUseTool request;
  private final Channel channel;
  private final Context context;
  private final AtomicReference<State> state = new AtomicReference<>(State.OPEN);
  // What "allow always" saved before it answered; read with the answer, for the ledger.
  private volatile SavedGrants saved;

  public PermissionRequest(String requestId, ControlRequest.CanUseTool request, Channel channel) {
    this(requestId, request, channel, Context.NONE);
  }

  public PermissionRequest(
      String requestId, ControlRequest.CanUseTool request, Channel channel, Context context) {
    this.requestId = requestId;
    this.request = request;
    this.channel = channel;
    this.context = context;
  }

  public Context context() {
    return context;
  }

  public String requestId() {
    return requestId;
  }

  public ControlRequest.CanUseTool request() {
    return request;
  }

  /** What the call would change in its file (Edit, MultiEdit, Write over a file), if known. */
  public Optional<FileDiff> diff() {
    return context.diff();
  }

  public String toolName() {
    return request.toolName();
  }

  public State state() {
    return state.get();
  }

  public boolean isOpen() {
    return state.get() == State.OPEN;
  }

  /** Runs the call as Claude asked, echoing its input (an empty input would drop the arguments). */
  public boolean allowOnce() {
    return allowWithInput(request.input());
  }

  /** Runs the call with the user's edit of its input. */
  public boolean allowWithInput(JsonNode editedInput) {
    return finish(State.ALLOWED, HostMessages.allow(requestId, editedInput, List.of()));
  }

  /**
   * Allows, and has the running CLI apply {@code rules} and {@code directories} for the rest of the
   * session. Remembering them beyond the session is the host's job (it saves them itself), so the
   * CLI is never asked to write a settings file.
   */
  public boolean allowForSession(List<PermissionSuggestion.Rule> rules, List<String> directories) {
    return finish(
        State.ALLOWED,
        HostMessages.allow(
            requestId, request.input(), HostMessages.sessionPermissions(rules, directories)));
  }

  /**
   * "Allow always": {@code saved} is what the host's save of the rules wrote (the file and what it
   * added), then the request is allowed as {@link #allowForSession} allows it.
   */
  public boolean allowAlways(
      List<PermissionSuggestion.Rule> rules, List<String> directories, SavedGrants saved) {
    this.saved = saved;
    return allowForSession(rules, directories);
  }

  /** What "allow always" saved before answering; empty for any other answer. */
  public Optional<SavedGrants> saved() {
    return Optional.ofNullable(saved);
  }

  /**
   * Answers AskUserQuestion: the input as asked plus {@code answers} (question text to the chosen
   * label, several labels joined by ", "), which the CLI hands to the model
   * [p8b-askuserquestion-answered].
   */
  public boolean answerQuestions(Map<String, String> answers) {
    ObjectNode input = request.input().isObject() ? (ObjectNode) request.input().deepCopy() : null;
    if (input == null || answers.isEmpty()) {
      throw new IllegalArgumentException("AskUserQuestion needs an object input and an answer");
    }
    ObjectNode chosen = input.putObject("answers");
    answers.forEach(chosen::put);
    return allowWithInput(input);
  }

  /**
   * Approves ExitPlanMode (its input echoed) and has the CLI go on in {@code mode} (default or
   * acceptEdits) for the rest of the session.
   */
  public boolean approvePlan(String mode) {
    return finish(
        State.ALLOWED,
        HostMessages.allow(
            requestId, request.input(), List.of(HostMessages.setModePermission(mode))));
  }

  /** Denies; Claude reads {@code message} and goes on with the turn. */
  public boolean deny(String message) {
    return finish(State.DENIED, HostMessages.deny(requestId, message, false));
  }

  /** Denies and stops the turn. */
  public boolean denyAndStop(String message) {
    return finish(State.DENIED, HostMessages.deny(requestId, message, true));
  }

  /** The CLI withdrew the request: nothing is sent. Returns false when it was already answered. */
  public boolean withdraw() {
    return state.compareAndSet(State.OPEN, State.WITHDRAWN);
  }

  /** The process went away with the request open: nothing can be sent any more. */
  public boolean abandon() {
    return state.compareAndSet(State.OPEN, State.ABANDONED);
  }

  private boolean finish(State outcome, String line) {
    if (!state.compareAndSet(State.OPEN, outcome)) {
      return false;
    }
    if (!channel.answer(this, line)) {
      state.set(State.ABANDONED);
      return false;
    }
    return true;
  }

  @Override
  public String toString() {
    return "PermissionRequest[" + requestId + ", " + request.toolName() + ", " + state.get() + "]";
  }
}

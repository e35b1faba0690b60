package dev.milktui.core.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.diff.FileDiff;
import dev.milktui.core.diff.ProposedEdit;
import dev.milktui.core.diff.ToolDiffs;
import dev.milktui.core.event.ElicitationRequest;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.ControlCancelRequest;
import dev.milktui.core.protocol.ControlRequest;
import dev.milktui.core.protocol.ControlRequestMessage;
import dev.milktui.core.protocol.ControlResponseMessage;
import dev.milktui.core.protocol.HostMessages;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.MalformedLine;
import dev.milktui.core.protocol.MessageParser;
import dev.milktui.core.protocol.SystemMessage;
import dev.milktui.core.turn.TurnAccumulator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.tinylog.Logger;

/**
 * The transport-independent heart of a session: routes parsed CLI lines (permission traffic to the
 * open requests, everything else to the turn accumulator) and emits events to the one listener, in
 * order. Shared by every transport so they behave alike. Methods are serialised on this object.
 */
public final class SessionEngine {
  private final Consumer<SessionEvent> listener;
  private final TurnAccumulator accumulator;
  private final ToolDiffs diffs;
  // A list, not a map by id: claude may repeat a request_id, and each request is answered.
  private final List<PermissionRequest> open = new ArrayList<>();
  private final CliNotices notices = new CliNotices();
  // Subagents by task id (= the agent_id of their permission requests), for "Agent … asks".
  private final Map<String, String> agents = new HashMap<>();
  private String sessionId;

  public SessionEngine(Consumer<SessionEvent> listener) {
    this(listener, ToolDiffs.NONE);
  }

  /** With {@code diffs}, file tool calls and their permission requests carry their diff. */
  public SessionEngine(Consumer<SessionEvent> listener, ToolDiffs diffs) {
    this.listener = listener;
    this.diffs = diffs;
    this.accumulator = new TurnAccumulator(this::fromAccumulator);
  }

  /** A file tool call's input is complete before it runs: its diff is read now, off the UI. */
  private void fromAccumulator(SessionEvent event) {
    emit(event);
    if (event instanceof SessionEvent.ToolInputReady ready) {
      diffOf(ready.call().name(), ready.call().input())
          .ifPresent(diff -> emit(new SessionEvent.ToolDiffReady(ready.call().toolUseId(), diff)));
    }
  }

  private Optional<FileDiff> diffOf(String toolName, JsonNode input) {
    if (!ProposedEdit.changesFile(toolName)) {
      return Optional.empty();
    }
    try {
      return diffs.diff(toolName, input);
    } catch (RuntimeException e) {
      Logger.warn(e, "no diff for a {} call", toolName);
      return Optional.empty();
    }
  }

  public synchronized TurnAccumulator accumulator() {
    return accumulator;
  }

  public synchronized Optional<String> sessionId() {
    return Optional.ofNullable(sessionId);
  }

  /** Emits an event; a failing listener is logged, never allowed to kill the caller's thread. */
  public synchronized void emit(SessionEvent event) {
    try {
      listener.accept(event);
    } catch (RuntimeException e) {
      Logger.error(e, "session listener failed on {}", event);
    }
  }

  /** Parses and routes one recorded line, UTF-8 (replay); a bad line becomes a Malformed event. */
  public synchronized void acceptLine(
      byte[] json,
      int offset,
      int length,
      Function<String, PermissionRequest.Channel> channelFor,
      Consumer<String> unsupported) {
    JsonNode node;
    try {
      node = Json.mapper().readTree(json, offset, length);
    } catch (IOException e) {
      node = null;
    }
    if (node == null || !node.isObject()) {
      malformed(
          new MalformedLine(
              0,
              length,
              "not a JSON object",
              new String(json, offset, length, StandardCharsets.UTF_8)));
      return;
    }
    route(MessageParser.parse(node), channelFor, unsupported);
  }

  /**
   * Routes one message.
   *
   * @param channelFor makes the reply channel for a new permission request
   * @param unsupported answers control requests milk-tui cannot serve, so the CLI never hangs
   * @return the summary of the turn this message ended, if it ended one
   */
  public synchronized Optional<TurnSummary> route(
      CliMessage message,
      Function<String, PermissionRequest.Channel> channelFor,
      Consumer<String> unsupported) {
    if (message.sessionId() != null && !message.sessionId().isEmpty()) {
      sessionId = message.sessionId();
    }
    if (message instanceof ControlRequestMessage control) {
      if (control.request() instanceof ControlRequest.CanUseTool canUse) {
        PermissionRequest request =
            new PermissionRequest(
                control.requestId(),
                canUse,
                channelFor.apply(control.requestId()),
                context(canUse));
        if (open.stream().anyMatch(r -> Objects.equals(r.requestId(), control.requestId()))) {
          Logger.warn("claude repeated permission request id {}", control.requestId());
        }
        open.add(request);
        emit(new SessionEvent.PermissionRequested(request));
      } else if (control.request() instanceof ControlRequest.Elicitation elicitation) {
        emit(
            new SessionEvent.ElicitationRequested(
                new ElicitationRequest(
                    control.requestId(),
                    elicitation,
                    line -> {
                      unsupported.accept(line);
                      return true;
                    })));
      } else {
        unsupported.accept(
            HostMessages.error(
                control.requestId(),
                "milk-tui does not support control request " + control.request().subtype()));
      }
    } else if (message instanceof ControlCancelRequest cancel) {
      PermissionRequest request = oldestOpen(cancel.requestId());
      if (request == null) {
        Logger.warn("claude cancelled unknown request {}", cancel.requestId());
      } else if (request.withdraw()) {
        emit(new SessionEvent.PermissionWithdrawn(request, "Claude withdrew the request"));
      }
    } else if (message instanceof ControlResponseMessage response) {
      emit(
          new SessionEvent.ControlAnswered(
              response.requestId(), response.success(), response.response(), response.error()));
    } else {
      if (message instanceof SystemMessage.TaskStarted task && task.taskId() != null) {
        agents.put(task.taskId(), agentLabel(task));
      }
      Optional<SessionEvent> notice = notices.on(message);
      if (notice.isPresent()) {
        emit(notice.get());
      }
      return accumulator.accept(message);
    }
    return Optional.empty();
  }

  private PermissionRequest.Context context(ControlRequest.CanUseTool request) {
    String agentId = request.agentId();
    Optional<String> agent =
        agentId == null ? Optional.empty() : Optional.of(agents.getOrDefault(agentId, agentId));
    Optional<JsonNode> modelInput =
        request.toolUseId() == null
            ? Optional.empty()
            : accumulator.currentTools().stream()
                .filter(call -> request.toolUseId().equals(call.toolUseId()))
                .map(ToolCall::input)
                .findFirst();
    return new PermissionRequest.Context(
        agent, modelInput, diffOf(request.toolName(), request.input()));
  }

  private static String agentLabel(SystemMessage.TaskStarted task) {
    String type = Json.text(task.raw(), "subagent_type");
    String description = task.description() == null ? "" : task.description();
    if (type == null || type.isBlank()) {
      return description.isBlank() ? task.taskId() : description;
    }
    return description.isBlank() ? type : description + " (" + type + ")";
  }

  public synchronized void malformed(MalformedLine line) {
    emit(new SessionEvent.Malformed(line));
  }

  /** Removes an answered request; false when it is no longer open (withdrawn or abandoned). */
  public synchronized boolean close(PermissionRequest request) {
    return open.removeIf(r -> r == request);
  }

  /** With a repeated id, a cancel withdraws the oldest request still open under it. */
  private PermissionRequest oldestOpen(String requestId) {
    for (PermissionRequest request : open) {
      if (Objects.equals(request.requestId(), requestId)) {
        open.remove(request);
        return request;
      }
    }
    return null;
  }

  /** The process is gone: every open request is dropped, never answered. */
  public synchronized void abandonAll(String reason) {
    List<PermissionRequest> dropped = new ArrayList<>(open);
    open.clear();
    for (PermissionRequest request : dropped) {
      if (request.abandon()) {
        emit(new SessionEvent.PermissionWithdrawn(request, reason));
      }
    }
  }
}

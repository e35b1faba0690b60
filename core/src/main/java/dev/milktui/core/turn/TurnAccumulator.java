package dev.milktui.core.turn;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.StreamClosedRecord;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.protocol.AssistantMessage;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.ContentBlock;
import dev.milktui.core.protocol.ConversationReset;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.PermissionDenial;
import dev.milktui.core.protocol.ResultMessage;
import dev.milktui.core.protocol.StreamEvent;
import dev.milktui.core.protocol.StreamEventMessage;
import dev.milktui.core.protocol.SystemMessage;
import dev.milktui.core.protocol.ToolProgress;
import dev.milktui.core.protocol.ToolResultMeta;
import dev.milktui.core.protocol.UserMessage;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Builds the per-turn picture from the message stream and turns it into {@link SessionEvent}s: text
 * shown once, the tool registry (built whether or not anyone listens), each tool's lifecycle,
 * stream-closed records and the turn's cost. Not thread-safe: feed it from one thread.
 */
public final class TurnAccumulator {
  /** Tool results beyond this many characters are cut in snapshots; the model got them whole. */
  public static final int RESULT_TEXT_CAP = 64 * 1024;

  /** The user line a CLI prints where an interrupt cut the turn. */
  private static final String INTERRUPT_MARKER = "[Request interrupted by user";

  /** Text that arrives only whole (no deltas) gets block indexes apart from streamed ones. */
  private static final int FALLBACK_BLOCK_INDEX = 1000;

  private final Consumer<SessionEvent> events;
  private final Clock clock;

  private final Map<String, ToolState> tools = new LinkedHashMap<>();
  private final MessageStreams streams = new MessageStreams();
  private final Map<BlockKey, StreamedBlock> streamingBlocks = new HashMap<>();
  private final Map<String, Integer> streamedTextBlocks = new HashMap<>();
  private final Map<String, Integer> shownTextBlocks = new HashMap<>();
  private final Map<String, Integer> textStartByMessage = new HashMap<>();
  private final Map<String, StreamClosedRecord> streamClosed = new LinkedHashMap<>();
  private final Set<String> deniedIds = new HashSet<>();
  private final Map<String, DenialOrigin> denialOrigins = new HashMap<>();
  // Calls whose task claude runs in the background (task_started says so), until the task ends.
  private final Set<String> backgroundTasks = new HashSet<>();
  // Those of them already launched: their turn has their result, and they run on past it (no
  // ToolFinished until the task ends).
  private final Map<String, ToolState> inBackground = new LinkedHashMap<>();
  private final StringBuilder text = new StringBuilder();
  private BlockKey lastTextBlock;
  private boolean channelClosed;
  private boolean interruptSent;
  private boolean interruptMarked;
  private int apiRetries;
  private int turnNumber;
  private String sessionId;
  private double previousTotalCost;
  private List<String> slashCommands = List.of();
  private List<String> skills = List.of();

  public TurnAccumulator(Consumer<SessionEvent> events, Clock clock) {
    this.events = events;
    this.clock = clock;
  }

  public TurnAccumulator(Consumer<SessionEvent> events) {
    this(events, Clock.systemUTC());
  }

  public String sessionId() {
    return sessionId;
  }

  /** Session cost so far (cumulative, as the CLI reports it, also across resumes). */
  public double totalCostUsd() {
    return previousTotalCost;
  }

  /** Tool calls of the turn in progress, in the order they were announced. */
  public List<ToolCall> currentTools() {
    return tools.values().stream().map(ToolState::snapshot).toList();
  }

  /**
   * Whether claude can never ask for permission in this session (one-shot processes read no stdin):
   * a denial then means "Stream closed", also for a call claude never printed.
   */
  public void permissionChannelClosed(boolean closed) {
    channelClosed = closed;
  }

  /**
   * The host asked claude to interrupt the running turn: CLIs before 2.1 end such a turn with a
   * plain {@code error_during_execution} result, no {@code terminal_reason} and no error.
   */
  public void interruptSent() {
    interruptSent = true;
  }

  /**
   * Takes one line and emits what it means.
   *
   * @return the summary of the turn this line ended (a result), so the caller learns it from here
   *     rather than from what was emitted
   */
  public Optional<TurnSummary> accept(CliMessage message) {
    if (message.sessionId() != null && !message.sessionId().isEmpty()) {
      sessionId = message.sessionId();
    }
    if (message instanceof ResultMessage result) {
      return Optional.of(result(result));
    }
    // Control lines belong to the session; lifecycle and rate-limit lines change nothing here.
    if (message instanceof SystemMessage system) {
      system(system);
    } else if (message instanceof StreamEventMessage event) {
      streamEvent(event);
    } else if (message instanceof AssistantMessage assistant) {
      assistant(assistant);
    } else if (message instanceof UserMessage user) {
      user(user);
    } else if (message instanceof ConversationReset) {
      // The reset line still carries the old session's id.
      events.accept(new SessionEvent.ConversationCleared(sessionId));
    } else if (message instanceof ToolProgress progress) {
      String id =
          progress.parentToolUseId() != null ? progress.parentToolUseId() : progress.toolUseId();
      events.accept(
          new SessionEvent.ToolProgressed(
              id, progress.elapsedSeconds(), progress.heartbeat() ? "still running" : null));
    }
    return Optional.empty();
  }

  private void system(SystemMessage message) {
    // Unknown subtypes are kept in the record of the session, not shown.
    if (message instanceof SystemMessage.Init init) {
      events.accept(
          new SessionEvent.TurnStarted(
              init.sessionId(),
              init.model(),
              init.cwd(),
              init.permissionMode(),
              init.claudeVersion(),
              init.additionalDirectories()));
      commands(init);
    } else if (message instanceof SystemMessage.CompactBoundary boundary) {
      events.accept(
          new SessionEvent.Compacted(
              boundary.trigger(), boundary.preTokens(), boundary.postTokens()));
    } else if (message instanceof SystemMessage.Status status) {
      events.accept(new SessionEvent.StatusChanged(status.status(), status.permissionMode()));
    } else if (message instanceof SystemMessage.ApiRetry retry) {
      apiRetries++;
      events.accept(
          new SessionEvent.ApiRetrying(
              retry.attempt(),
              retry.maxRetries(),
              retry.retryDelayMs(),
              retry.errorStatus(),
              retry.error()));
    } else if (message instanceof SystemMessage.PermissionDenied denied) {
      if (denied.toolUseId() != null) {
        deniedIds.add(denied.toolUseId());
      }
      events.accept(
          new SessionEvent.Notice(
              SessionEvent.Level.WARNING,
              "Permission denied for " + denied.toolName() + ": " + denied.message()));
    } else if (message instanceof SystemMessage.Informational info
        && info.level() != null
        && info.content() != null
        && !info.content().isBlank()) {
      events.accept(new SessionEvent.Notice(level(info.level()), info.content().strip()));
    } else if (message instanceof SystemMessage.TaskStarted task) {
      if (task.backgrounded() && task.toolUseId() != null) {
        backgroundTasks.add(task.toolUseId());
      }
      events.accept(
          new SessionEvent.ToolProgressed(task.toolUseId(), 0, "task: " + task.description()));
    } else if (message instanceof SystemMessage.TaskNotification task) {
      events.accept(
          new SessionEvent.ToolProgressed(
              task.toolUseId(), 0, "task " + task.status() + ": " + task.summary()));
      taskEnded(task);
    }
  }

  private static SessionEvent.Level level(String level) {
    return switch (level.toLowerCase(Locale.ROOT)) {
      case "error" -> SessionEvent.Level.ERROR;
      case "warning", "warn" -> SessionEvent.Level.WARNING;
      default -> SessionEvent.Level.INFO;
    };
  }

  /** Every turn's init lists them; the UI hears of them when they change. */
  private void commands(SystemMessage.Init init) {
    List<String> commands = init.slashCommands();
    List<String> initSkills = init.skills();
    if (!commands.equals(slashCommands) || !initSkills.equals(skills)) {
      slashCommands = commands;
      skills = initSkills;
      events.accept(new SessionEvent.CommandsAvailable(commands, initSkills));
    }
  }

  private void streamEvent(StreamEventMessage message) {
    StreamEvent event = message.event();
    if (event instanceof StreamEvent.MessageStart start) {
      streams.started(message.parentToolUseId(), start.messageId(), message.apiMessageId());
    }
    String messageId = streams.messageOf(message.parentToolUseId(), message.apiMessageId());
    // message_start and message_delta carry usage; the result line has the turn's totals.
    if (event instanceof StreamEvent.ContentBlockStart start) {
      blockStart(message, messageId, start);
    } else if (event instanceof StreamEvent.ContentBlockDelta delta) {
      blockDelta(messageId, delta, message.parentToolUseId());
    } else if (event instanceof StreamEvent.ContentBlockStop stop) {
      blockStop(messageId, stop.index());
    } else if (event instanceof StreamEvent.MessageStop stop && stop.abandoned()) {
      abandon(messageId);
    }
  }

  /**
   * A broken stream's text is dropped, and the full retry shown instead, unless assistant lines
   * already confirmed every streamed block: an interrupt also ends with an abandoned stop, and its
   * partial text stays.
   */
  private void abandon(String messageId) {
    int streamed = streamedTextBlocks.getOrDefault(messageId, 0);
    if (streamed <= shownTextBlocks.getOrDefault(messageId, 0)) {
      return;
    }
    Integer start = textStartByMessage.remove(messageId);
    if (start != null) {
      text.setLength(start);
    }
    // A retry under the same message id must then be shown.
    streamedTextBlocks.remove(messageId);
    shownTextBlocks.remove(messageId);
    events.accept(new SessionEvent.TextAbandoned(messageId));
  }

  private void blockStart(
      StreamEventMessage message, String messageId, StreamEvent.ContentBlockStart start) {
    StreamedBlock block = new StreamedBlock(start.block());
    streamingBlocks.put(new BlockKey(messageId, start.index()), block);
    if (start.block() instanceof ContentBlock.ToolUse use && use.id() != null) {
      announce(use.id(), use.name(), message.parentToolUseId());
    } else if (start.block() instanceof ContentBlock.Text) {
      streamedTextBlocks.merge(messageId, 1, Integer::sum);
    }
  }

  private void blockDelta(String messageId, StreamEvent.ContentBlockDelta delta, String parent) {
    // Signature and citation deltas are not shown.
    StreamEvent.Delta content = delta.delta();
    if (content instanceof StreamEvent.Delta.Text t) {
      emitText(messageId, delta.index(), t.text(), parent);
    } else if (content instanceof StreamEvent.Delta.Thinking t) {
      events.accept(new SessionEvent.ThinkingDelta(messageId, delta.index(), t.thinking(), parent));
    } else if (content instanceof StreamEvent.Delta.InputJson json) {
      StreamedBlock block = streamingBlocks.get(new BlockKey(messageId, delta.index()));
      if (block != null) {
        block.json.append(json.partialJson());
      }
    }
  }

  private void blockStop(String messageId, int index) {
    StreamedBlock block = streamingBlocks.remove(new BlockKey(messageId, index));
    if (block != null && block.start instanceof ContentBlock.ToolUse use && use.id() != null) {
      ToolState tool = tools.get(use.id());
      if (tool != null && !tool.inputReady) {
        tool.input = parseInput(block.json.toString());
        inputReady(tool);
      }
    }
  }

  private void assistant(AssistantMessage message) {
    if (message.apiError()) {
      // The CLI's own words about a failed call, not Claude's: said once, as a failure.
      events.accept(
          new SessionEvent.ApiFailed(
              message.apiErrorStatus(), firstText(message), message.parentToolUseId()));
      return;
    }
    String messageId = message.messageId();
    // Thinking arrives as deltas; other block kinds are not shown.
    for (ContentBlock block : message.content()) {
      if (block instanceof ContentBlock.Text t) {
        // With partial messages the text already streamed; show it only when it did not.
        int streamed = streamedTextBlocks.getOrDefault(messageId, 0);
        int shown = shownTextBlocks.getOrDefault(messageId, 0);
        shownTextBlocks.put(messageId, shown + 1);
        if (shown >= streamed) {
          emitText(messageId, FALLBACK_BLOCK_INDEX + shown, t.text(), message.parentToolUseId());
        }
      } else if (block instanceof ContentBlock.ToolUse use && use.id() != null) {
        ToolState tool = announce(use.id(), use.name(), message.parentToolUseId());
        if (!tool.inputReady) {
          tool.input = use.input();
          inputReady(tool);
        }
      }
    }
  }

  private void user(UserMessage message) {
    for (ContentBlock block : message.content()) {
      if (block instanceof ContentBlock.ToolResult result && result.toolUseId() != null) {
        finishTool(result, message);
      } else if (block instanceof ContentBlock.Text marker
          && message.parentToolUseId() == null
          && !message.replay()
          && marker.text().startsWith(INTERRUPT_MARKER)) {
        // A subagent's own marker means that agent was stopped, not Claude's turn.
        interruptMarked = true;
      }
    }
  }

  /** A background task ended: its call ends with it, as the task's notification says. */
  private void taskEnded(SystemMessage.TaskNotification task) {
    if (task.toolUseId() == null) {
      return;
    }
    backgroundTasks.remove(task.toolUseId());
    ToolState tool = inBackground.remove(task.toolUseId());
    if (tool == null) {
      return;
    }
    tool.outcome =
        switch (task.status() == null ? "" : task.status()) {
          case "failed" -> ToolOutcome.ERROR;
          case "stopped", "killed" -> ToolOutcome.INTERRUPTED;
          default -> ToolOutcome.OK;
        };
    tool.elapsed = Duration.between(tool.startedAt, clock.instant());
    events.accept(new SessionEvent.ToolFinished(tool.snapshot()));
  }

  /** The process ended: calls still working in the background ended with it, without a result. */
  public void processEnded() {
    for (ToolState tool : inBackground.values()) {
      tool.outcome = ToolOutcome.NO_RESULT;
      tool.elapsed = Duration.between(tool.startedAt, clock.instant());
      events.accept(new SessionEvent.ToolFinished(tool.snapshot()));
    }
    inBackground.clear();
    backgroundTasks.clear();
  }

  private void finishTool(ContentBlock.ToolResult result, UserMessage message) {
    ToolState tool = tools.get(result.toolUseId());
    if (tool == null) {
      // A result for an id never announced still counts; its name stays empty.
      tool = announce(result.toolUseId(), "", message.parentToolUseId());
    }
    if (tool.outcome != ToolOutcome.RUNNING) {
      return;
    }
    Optional<ToolResultMeta> meta = ToolOutcomes.metaFor(message, result.toolUseId());
    tool.outcome = ToolOutcomes.of(result, message, meta, deniedIds);
    tool.resultText = cap(result.text());
    tool.answers = ToolOutcomes.answers(tool.name, message);
    tool.elapsed = Duration.between(tool.startedAt, clock.instant());
    if (tool.outcome == ToolOutcome.OK && backgroundTasks.contains(tool.id)) {
      // The turn got its launch; whoever watches the call sees it run until its task ends.
      inBackground.put(tool.id, tool);
      return;
    }
    if (tool.outcome == ToolOutcome.STREAM_CLOSED) {
      streamClosed.putIfAbsent(
          tool.id, new StreamClosedRecord(tool.id, tool.name, tool.inputOrEmpty()));
    }
    events.accept(new SessionEvent.ToolFinished(tool.snapshot()));
    if (tool.outcome == ToolOutcome.DENIED) {
      denied(tool, DenialOrigin.of(meta), result.text());
    }
  }

  /**
   * Remembers who refused the call; a refusal no grant can change (the user's, a hook's) is said in
   * the transcript with its reason, and never offered for granting.
   */
  private void denied(ToolState tool, DenialOrigin origin, String reason) {
    denialOrigins.put(tool.id, origin);
    if (origin.grantCanChange() || deniedIds.contains(tool.id)) {
      return;
    }
    String who = origin == DenialOrigin.USER ? "You denied " : "A hook denied ";
    String why = reason.strip();
    int newline = why.indexOf('\n');
    why = newline < 0 ? why : why.substring(0, newline);
    why = why.length() > 300 ? why.substring(0, 300) + "…" : why;
    events.accept(
        new SessionEvent.Notice(
            SessionEvent.Level.INFO, who + tool.name + (why.isEmpty() ? "." : ": " + why)));
  }

  private TurnSummary result(ResultMessage result) {
    turnNumber++;
    boolean interrupted = ToolOutcomes.turnInterrupted(result, interruptMarked, interruptSent);
    for (ToolState tool : tools.values()) {
      if (tool.outcome == ToolOutcome.RUNNING) {
        tool.outcome = ToolOutcomes.unfinished(interrupted);
        tool.elapsed = Duration.between(tool.startedAt, clock.instant());
        events.accept(new SessionEvent.ToolFinished(tool.snapshot()));
      }
    }
    List<PermissionDenial> denials = new ArrayList<>();
    boolean closedThisTurn = channelClosed || !streamClosed.isEmpty();
    for (PermissionDenial denial : result.permissionDenials()) {
      ToolState tool = denial.toolUseId() == null ? null : tools.get(denial.toolUseId());
      if (tool == null && denial.toolUseId() != null && closedThisTurn) {
        unseenStreamClosed(denial);
        continue;
      }
      if (tool != null) {
        tool.outcome = ToolOutcomes.afterDenial(tool.outcome);
      }
      DenialOrigin origin =
          denial.toolUseId() == null
              ? DenialOrigin.UNKNOWN
              : denialOrigins.getOrDefault(denial.toolUseId(), DenialOrigin.UNKNOWN);
      boolean closed = denial.toolUseId() != null && streamClosed.containsKey(denial.toolUseId());
      if (!closed && origin.grantCanChange()) {
        denials.add(denial);
      }
    }
    double turnCost = Math.max(0, result.totalCostUsd() - previousTotalCost);
    previousTotalCost = Math.max(previousTotalCost, result.totalCostUsd());
    TurnSummary summary =
        new TurnSummary(
            turnNumber,
            sessionId,
            text.toString(),
            currentTools(),
            List.copyOf(streamClosed.values()),
            List.copyOf(denials),
            apiRetries,
            result.usage(),
            turnCost,
            result.totalCostUsd(),
            result.isError(),
            result.subtype(),
            result.terminalReason(),
            result.result(),
            result.errors(),
            result.apiErrorStatus(),
            result.durationMs(),
            interrupted);
    resetTurn();
    events.accept(new SessionEvent.TurnFinished(summary));
    if (summary.needsGrants()) {
      events.accept(new SessionEvent.GrantsNeeded(summary));
    }
    return summary;
  }

  /**
   * A call claude never printed (a subagent's own subagent, in 2.1.332) failed for want of the
   * permission channel: only the result's denials name it. It is a stream-closed call like any
   * other, and the transcript names it, since nothing else will.
   */
  private void unseenStreamClosed(PermissionDenial denial) {
    if (streamClosed.containsKey(denial.toolUseId())) {
      return;
    }
    streamClosed.put(
        denial.toolUseId(),
        new StreamClosedRecord(denial.toolUseId(), denial.toolName(), denial.toolInput()));
    String input = denial.toolInput().toString();
    events.accept(
        new SessionEvent.Notice(
            SessionEvent.Level.WARNING,
            "A nested agent's "
                + (denial.toolName().isEmpty() ? "tool" : denial.toolName())
                + " call failed: the permission channel was closed (Stream closed). Its input: "
                + (input.length() > 300 ? input.substring(0, 300) + "…" : input)));
  }

  /** Forgets the turn in progress (e.g. its process died before the result). */
  public void resetTurn() {
    tools.clear();
    streamingBlocks.clear();
    streamedTextBlocks.clear();
    shownTextBlocks.clear();
    textStartByMessage.clear();
    streamClosed.clear();
    deniedIds.clear();
    denialOrigins.clear();
    text.setLength(0);
    lastTextBlock = null;
    interruptSent = false;
    interruptMarked = false;
    apiRetries = 0;
  }

  private ToolState announce(String id, String name, String parentToolUseId) {
    ToolState tool = tools.get(id);
    if (tool == null) {
      tool = new ToolState(id, name, parentToolUseId, clock.instant());
      tools.put(id, tool);
      events.accept(new SessionEvent.ToolStarted(tool.snapshot()));
    } else if (tool.name.isEmpty() && !name.isEmpty()) {
      tool.name = name;
    }
    return tool;
  }

  private void inputReady(ToolState tool) {
    tool.inputReady = true;
    events.accept(new SessionEvent.ToolInputReady(tool.snapshot()));
  }

  private void emitText(String messageId, int blockIndex, String delta, String parent) {
    if (delta.isEmpty()) {
      return;
    }
    // Looked at first so that the commonest delta, one more in the same block, allocates no key.
    if (!textStartByMessage.containsKey(messageId)) {
      textStartByMessage.put(messageId, text.length());
    }
    if (lastTextBlock == null || !lastTextBlock.is(messageId, blockIndex)) {
      // Each block is a paragraph, as on screen; without this, sentences of two replies run
      // together.
      if (text.length() > 0) {
        text.append("\n\n");
      }
      lastTextBlock = new BlockKey(messageId, blockIndex);
    }
    text.append(delta);
    events.accept(new SessionEvent.TextDelta(messageId, blockIndex, delta, parent));
  }

  private static JsonNode parseInput(String json) {
    if (json.isBlank()) {
      return Json.object();
    }
    try {
      JsonNode node = Json.mapper().readTree(json);
      return node != null && node.isObject() ? node : Json.object();
    } catch (IOException e) {
      return Json.object();
    }
  }

  private static String firstText(AssistantMessage message) {
    for (ContentBlock block : message.content()) {
      if (block instanceof ContentBlock.Text t) {
        return t.text();
      }
    }
    return "";
  }

  private static String cap(String text) {
    if (text.length() <= RESULT_TEXT_CAP) {
      return text;
    }
    return text.substring(0, RESULT_TEXT_CAP)
        + "\n… ("
        + (text.length() - RESULT_TEXT_CAP)
        + " more characters)";
  }

  /** One content block of one message; a record, not a joined string, made per delta. */
  private record BlockKey(String messageId, int index) {
    boolean is(String messageId, int index) {
      return this.index == index && Objects.equals(this.messageId, messageId);
    }
  }

  /** A content block whose deltas are still arriving. */
  private static final class StreamedBlock {
    final ContentBlock start;
    final StringBuilder json = new StringBuilder();

    StreamedBlock(ContentBlock start) {
      this.start = start;
    }
  }

  /** The mutable state of one tool call; events carry immutable snapshots of it. */
  private static final class ToolState {
    final String id;
    final String parentToolUseId;
    final Instant startedAt;
    String name;
    JsonNode input;
    boolean inputReady;
    ToolOutcome outcome = ToolOutcome.RUNNING;
    String resultText = "";
    JsonNode answers;
    Duration elapsed;

    ToolState(String id, String name, String parentToolUseId, Instant startedAt) {
      this.id = id;
      this.name = name;
      this.parentToolUseId = parentToolUseId;
      this.startedAt = startedAt;
    }

    JsonNode inputOrEmpty() {
      return input == null ? Json.object() : input;
    }

    ToolCall snapshot() {
      return new ToolCall(
          id,
          name,
          inputOrEmpty(),
          parentToolUseId,
          outcome,
          resultText,
          startedAt,
          elapsed,
          answers);
    }
  }
}

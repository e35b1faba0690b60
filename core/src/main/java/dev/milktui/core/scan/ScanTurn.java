package dev.milktui.core.scan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.protocol.ContentBlock;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.PermissionDenial;
import dev.milktui.core.protocol.ResultMessage;
import dev.milktui.core.protocol.UserMessage;
import dev.milktui.core.turn.ToolOutcomes;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The tool calls of the turn a scan is reading, in memory bounded by the listings rather than by
 * the turn: a call keeps its (shortened) input only while it can still be listed, and a call that
 * ended and can no longer be listed is counted and forgotten at once, so a turn of twenty thousand
 * calls costs what a thousand do. Outcomes are read as a live session reads them ({@link
 * ToolOutcomes}); calls are listed in the order they were announced when their turn ends.
 */
final class ScanTurn {
  /** Shown for a call listed without its input: too many calls waited for results at once. */
  static final JsonNode INPUT_NOT_KEPT =
      Json.object().put("…", "input not kept: too many calls of this turn were running at once");

  private final Listing<ScanReport.Tool> tools;
  private final Listing<ScanReport.Tool> streamClosed;
  private final StreamClosedFix fix;
  private final Map<String, Call> calls = new LinkedHashMap<>();
  private final Set<String> deniedIds = new HashSet<>();
  private final Set<String> forgotten = TranscriptScanner.recentIds();
  private int announced;
  private int closed;
  private int keptBeyondTools;

  ScanTurn(
      Listing<ScanReport.Tool> tools, Listing<ScanReport.Tool> streamClosed, StreamClosedFix fix) {
    this.tools = tools;
    this.streamClosed = streamClosed;
    this.fix = fix;
  }

  /** A {@code permission_denied} line named this call. */
  void denied(String toolUseId) {
    deniedIds.add(toolUseId);
  }

  void announce(String toolUseId, String name) {
    call(toolUseId, name);
  }

  /** The call's input, when it is the first the turn gives for it. */
  void input(String toolUseId, String name, JsonNode input, String workingDirectory) {
    Call call = call(toolUseId, name);
    if (call == null || call.inputReady) {
      return;
    }
    call.inputReady = true;
    boolean listable = call.position < tools.room();
    boolean mayFail = keptBeyondTools < streamClosed.room() - closed;
    TranscriptScanner.Shortened shortened = TranscriptScanner.shortened(input);
    if (listable || mayFail) {
      call.input = shortened.node();
      if (!listable) {
        call.keptBeyondTools = true;
        keptBeyondTools++;
      }
    }
    // The fix needs the whole input, which is kept only while this line is read.
    if ((call.input == null || shortened.cut()) && fix.wantsMore()) {
      call.rule = StreamClosedFix.ruleFor(workingDirectory, call.name, input);
    }
  }

  void result(ContentBlock.ToolResult result, UserMessage message, String workingDirectory) {
    // A result for an id never announced still counts; its name stays empty.
    Call call = call(result.toolUseId(), "");
    if (call == null || call.outcome != ToolOutcome.RUNNING) {
      return;
    }
    call.outcome =
        ToolOutcomes.of(
            result, message, ToolOutcomes.metaFor(message, result.toolUseId()), deniedIds);
    boolean listedAsClosed = false;
    if (call.outcome == ToolOutcome.STREAM_CLOSED) {
      if (fix.wantsMore()) {
        fix.add(
            call.rule != null
                ? call.rule
                : StreamClosedFix.ruleFor(workingDirectory, call.name, call.inputOrEmpty()));
      }
      listedAsClosed = closed < streamClosed.room();
      closed++;
    }
    if (call.position >= tools.room() && !listedAsClosed) {
      forget(call);
    }
  }

  private void forget(Call call) {
    tools.countOnly();
    if (call.outcome == ToolOutcome.STREAM_CLOSED) {
      streamClosed.countOnly();
    }
    if (call.keptBeyondTools) {
      keptBeyondTools--;
    }
    calls.remove(call.id);
    forgotten.add(call.id);
  }

  /** The turn's result: calls still running did not finish, denied ones were denied. */
  void end(ResultMessage result) {
    for (Call call : calls.values()) {
      if (call.outcome == ToolOutcome.RUNNING) {
        call.outcome = ToolOutcomes.unfinished(ToolOutcomes.turnInterrupted(result, false, false));
      }
    }
    for (PermissionDenial denial : result.permissionDenials()) {
      Call call = denial.toolUseId() == null ? null : calls.get(denial.toolUseId());
      if (call != null) {
        call.outcome = ToolOutcomes.afterDenial(call.outcome);
      }
    }
    listAll();
  }

  /** The file ended mid-turn: its calls are listed, those still running as without a result. */
  void cutOff() {
    for (Call call : calls.values()) {
      if (call.outcome == ToolOutcome.RUNNING) {
        call.outcome = ToolOutcome.NO_RESULT;
      }
    }
    listAll();
  }

  private void listAll() {
    for (Call call : calls.values()) {
      JsonNode input =
          call.input != null ? call.input : call.inputReady ? INPUT_NOT_KEPT : Json.object();
      ScanReport.Tool tool = new ScanReport.Tool(call.id, call.name, input, call.outcome);
      if (call.outcome == ToolOutcome.STREAM_CLOSED) {
        streamClosed.add(tool);
      }
      tools.add(tool);
    }
    calls.clear();
    deniedIds.clear();
    announced = 0;
    closed = 0;
    keptBeyondTools = 0;
  }

  /** The call with this id, announced now if it is new; null when it ended and was forgotten. */
  private Call call(String id, String name) {
    Call call = calls.get(id);
    if (call == null) {
      if (forgotten.contains(id)) {
        return null;
      }
      call = new Call(id, name, announced++);
      calls.put(id, call);
    } else if (call.name.isEmpty() && !name.isEmpty()) {
      call.name = name;
    }
    return call;
  }

  /** One call of the turn. */
  private static final class Call {
    final String id;
    final int position;
    String name;
    boolean inputReady;
    JsonNode input;
    boolean keptBeyondTools;
    Optional<String> rule;
    ToolOutcome outcome = ToolOutcome.RUNNING;

    Call(String id, String name, int position) {
      this.id = id;
      this.name = name;
      this.position = position;
    }

    JsonNode inputOrEmpty() {
      return input == null ? Json.object() : input;
    }
  }
}

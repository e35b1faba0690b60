package dev.milktui.core.conversation;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.event.TurnSummary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The conversation as one ordered list of cells, built by one reducer from the session's events.
 * The screen and the Markdown export both render these cells, so they cannot disagree. Pure: it
 * never touches the disk or a process (diffs arrive in events). Not thread-safe: the UI thread owns
 * it.
 *
 * <p>Streaming costs the size of the delta. Subagent output (events with a parent tool call) goes
 * under its agent call, never into Claude's own reply. A message whose stream broke drops its text
 * here, so both renderings drop it. Warnings and errors said already since the last prompt are not
 * repeated; a keyed notice is a status line updated in place.
 */
public final class Conversation {
  /** The most text one cell keeps (the bound of one transcript block, docs/benchmarks.md). */
  public static final int MAX_TEXT_CHARS = 1024 * 1024;

  /**
   * The most of a tool result one cell keeps (the full result, up to its own bound, is Claude's).
   */
  public static final int TOOL_RESULT_KEEP = 16 * 1024;

  private static final String API_RETRY = "api-retry";

  static final String STREAM_BROKE = "The reply's stream broke; Claude's full reply follows.";

  private final List<Cell> cells = new ArrayList<>();
  private final List<ConversationListener> listeners = new ArrayList<>();
  private final Map<TextKey, StreamedTextCell> openText = new HashMap<>();
  private TextKey lastTextKey;
  private final Map<String, ToolCallCell> calls = new HashMap<>();
  private final Map<String, Status> statusLines = new HashMap<>();
  // Warnings and errors shown since the last prompt, to say each once.
  private final List<String> saidThisTurn = new ArrayList<>();
  private int prompts;
  // Whether Claude said or did anything since the last prompt.
  private boolean answered;
  // This turn's failed API call as shown, which the turn's failure then completes in place.
  private ApiFailure apiFailure;

  /** The line that says an API call failed, and the CLI's words it quotes. */
  private record ApiFailure(NoticeCell line, String said) {}

  /** A status line and the number of prompts before it. */
  private record Status(NoticeCell line, int prompts) {}

  public void listen(ConversationListener listener) {
    listeners.add(listener);
  }

  /** Stops telling {@code listener} (a view that closed); not from inside a listener's call. */
  public void unlisten(ConversationListener listener) {
    listeners.remove(listener);
  }

  /** The top-level cells, in order (a read-only view). */
  public List<Cell> cells() {
    return Collections.unmodifiableList(cells);
  }

  /**
   * Takes out and returns the cells at the start that no later event can change, so an export can
   * write them and forget them: memory then follows what is still open, not the conversation's
   * length. A cell is settled unless it is text still streaming, a tool call (or one under it)
   * still running, a status line still updated in place or the failed API call a turn's failure may
   * complete. Listeners are not told: the caller now owns these cells.
   */
  public List<Cell> releaseSettled() {
    int settled = 0;
    while (settled < cells.size() && settled(cells.get(settled))) {
      settled++;
    }
    List<Cell> released = new ArrayList<>(cells.subList(0, settled));
    cells.subList(0, settled).clear();
    for (Cell cell : released) {
      if (cell instanceof ToolCallCell call) {
        forgetCalls(call);
      } else if (cell instanceof NoticeCell line && line.key() != null) {
        statusLines.values().removeIf(status -> status.line() == line);
      }
    }
    return released;
  }

  private boolean settled(Cell cell) {
    if (cell instanceof StreamedTextCell text) {
      return !openText.containsValue(text);
    }
    if (cell instanceof ToolCallCell call) {
      return call.outcome() != ToolOutcome.RUNNING
          && call.children().stream().allMatch(this::settled);
    }
    if (cell instanceof NoticeCell line) {
      Status status = line.key() == null ? null : statusLines.get(line.key());
      boolean updatable = status != null && status.line() == line && status.prompts() == prompts;
      return !updatable && (apiFailure == null || apiFailure.line() != line);
    }
    return true;
  }

  private void forgetCalls(ToolCallCell call) {
    calls.remove(call.toolUseId());
    for (Cell child : call.children()) {
      if (child instanceof ToolCallCell nested) {
        forgetCalls(nested);
      }
    }
  }

  public void apply(SessionEvent event) {
    if (event instanceof SessionEvent.UserPrompt p) {
      prompt(p);
    } else if (event instanceof SessionEvent.TextDelta d) {
      text(d.messageId(), d.blockIndex(), d.parentToolUseId(), d.text(), false);
    } else if (event instanceof SessionEvent.ThinkingDelta d) {
      text(d.messageId(), d.blockIndex(), d.parentToolUseId(), d.text(), true);
    } else if (event instanceof SessionEvent.TextAbandoned a) {
      abandon(a.messageId());
    } else if (event instanceof SessionEvent.ToolStarted t) {
      tool(t.call());
    } else if (event instanceof SessionEvent.ToolInputReady t) {
      tool(t.call());
    } else if (event instanceof SessionEvent.ToolFinished t) {
      tool(t.call());
    } else if (event instanceof SessionEvent.ToolDiffReady d) {
      diff(d);
    } else if (event instanceof SessionEvent.ApiRetrying r) {
      apiRetrying(r);
    } else if (event instanceof SessionEvent.ApiFailed f) {
      apiFailed(f);
    } else if (event instanceof SessionEvent.TurnFinished f) {
      turnFinished(f.summary());
    } else if (event instanceof SessionEvent.ProcessExited x && !x.expected()) {
      String tail = x.stderrTail() == null ? "" : x.stderrTail().strip();
      notice(
          SessionEvent.Level.ERROR,
          "claude exited unexpectedly with code "
              + x.exitCode()
              + (tail.isEmpty() ? "." : ". Its last error output:\n" + tail));
    } else if (event instanceof SessionEvent.Malformed) {
      notice(SessionEvent.Level.WARNING, "Skipped a line claude printed that could not be read.");
    } else if (event instanceof SessionEvent.Notice n) {
      notice(n.level(), n.text());
    } else if (event instanceof SessionEvent.PermissionModeUnrequested m) {
      notice(SessionEvent.Level.WARNING, m.text());
    } else if (event instanceof SessionEvent.ControlAnswered c && !c.success()) {
      notice(SessionEvent.Level.WARNING, "Claude refused a request: " + c.error());
    } else if (event instanceof SessionEvent.Compacted c) {
      notice(
          SessionEvent.Level.INFO,
          "Conversation compacted"
              + ("auto".equals(c.trigger()) ? " automatically" : "")
              + ": "
              + tokens(c.tokensBefore())
              + " → "
              + tokens(c.tokensAfter())
              + " tokens.");
      answered = true;
    } else if (event instanceof SessionEvent.ConversationCleared) {
      clear();
      notice(SessionEvent.Level.INFO, "Conversation cleared (/clear): a new session begins.");
      answered = true;
    }
  }

  private static String tokens(long n) {
    return n >= 1_000 ? String.format(Locale.ROOT, "%.1fk", n / 1_000.0) : Long.toString(n);
  }

  /**
   * {@code /clear}: what was shown belongs to the old conversation, on screen and in the export.
   */
  private void clear() {
    cells.clear();
    openText.clear();
    calls.clear();
    statusLines.clear();
    saidThisTurn.clear();
    answered = false;
    listeners.forEach(ConversationListener::cleared);
  }

  /** A one-off notice; a warning or error already said since the last prompt is not repeated. */
  public void notice(SessionEvent.Level level, String text) {
    say(level, text);
  }

  /** {@link #notice}, returning the line added, or null when it was said already. */
  private NoticeCell say(SessionEvent.Level level, String text) {
    if (level != SessionEvent.Level.INFO) {
      String said = level + "\u0000" + text;
      if (saidThisTurn.contains(said)) {
        return null;
      }
      saidThisTurn.add(said);
    }
    NoticeCell line = new NoticeCell(level, null, text);
    add(line);
    return line;
  }

  /**
   * A status line: while no prompt came after it, a newer status with the same key replaces its
   * text in place (six mode changes are one line); after a prompt, a new line starts.
   */
  public void status(String key, SessionEvent.Level level, String text) {
    Status current = statusLines.get(key);
    if (current != null && current.prompts() == prompts && current.line().level() == level) {
      current.line().text(text);
      changed(current.line());
      return;
    }
    NoticeCell line = new NoticeCell(level, key, text);
    statusLines.put(key, new Status(line, prompts));
    add(line);
  }

  /** Takes a status line out (it no longer applies); nothing happens when there is none. */
  public void dismiss(String key) {
    Status status = statusLines.remove(key);
    if (status != null && cells.remove(status.line())) {
      listeners.forEach(l -> l.removed(status.line()));
    }
  }

  private void prompt(SessionEvent.UserPrompt p) {
    prompts++;
    answered = false;
    saidThisTurn.clear();
    add(new PromptCell(p.text(), p.automatic()));
  }

  private void text(String messageId, int block, String parent, String delta, boolean thinking) {
    answered = true;
    // The key of the last delta is reused for the next in the same block, the commonest case.
    TextKey key =
        lastTextKey != null && lastTextKey.is(thinking, messageId, block)
            ? lastTextKey
            : new TextKey(thinking, messageId, block);
    lastTextKey = key;
    StreamedTextCell cell = openText.get(key);
    if (cell == null) {
      cell =
          thinking ? new ThinkingCell(messageId, parent) : new AssistantTextCell(messageId, parent);
      openText.put(key, cell);
      cell.append(delta);
      ToolCallCell agent = parent == null ? null : calls.get(parent);
      if (agent == null) {
        add(cell);
      } else {
        agent.mutableChildren().add(cell);
        changed(agent.root());
      }
      return;
    }
    String kept = cell.append(delta);
    if (kept.isEmpty()) {
      return;
    }
    ToolCallCell agent = cell.parentToolUseId() == null ? null : calls.get(cell.parentToolUseId());
    if (agent != null && agent.mutableChildren().contains(cell)) {
      changed(agent.root());
    } else {
      for (int i = 0; i < listeners.size(); i++) {
        listeners.get(i).appended(cell, kept);
      }
    }
  }

  private void abandon(String messageId) {
    Iterator<StreamedTextCell> open = openText.values().iterator();
    while (open.hasNext()) {
      StreamedTextCell cell = open.next();
      if (!Objects.equals(cell.messageId(), messageId)) {
        continue;
      }
      open.remove();
      ToolCallCell agent =
          cell.parentToolUseId() == null ? null : calls.get(cell.parentToolUseId());
      if (agent != null && agent.mutableChildren().remove(cell)) {
        changed(agent.root());
      } else if (cells.remove(cell)) {
        listeners.forEach(l -> l.removed(cell));
      }
    }
    notice(SessionEvent.Level.WARNING, STREAM_BROKE);
  }

  private void tool(ToolCall call) {
    if (call == null || call.toolUseId() == null) {
      return;
    }
    answered = true;
    ToolCallCell cell = calls.get(call.toolUseId());
    if (cell != null) {
      cell.update(call);
      changed(cell.root());
      return;
    }
    ToolCallCell agent = call.parentToolUseId() == null ? null : calls.get(call.parentToolUseId());
    cell = new ToolCallCell(call, agent);
    calls.put(call.toolUseId(), cell);
    if (agent == null) {
      add(cell);
    } else {
      agent.mutableChildren().add(cell);
      changed(agent.root());
    }
  }

  private void diff(SessionEvent.ToolDiffReady d) {
    ToolCallCell cell = calls.get(d.toolUseId());
    if (cell != null && d.diff() != null) {
      cell.diff(d.diff());
      changed(cell.root());
    }
  }

  private void apiRetrying(SessionEvent.ApiRetrying r) {
    String what =
        "API call failed"
            + (r.status() == null ? "" : " (" + r.status() + ")")
            + (r.error() == null || r.error().isBlank() ? "" : ": " + r.error());
    status(
        API_RETRY,
        SessionEvent.Level.WARNING,
        what
            + "; retry "
            + r.attempt()
            + " of "
            + r.maxRetries()
            + " in "
            + (r.delayMs() / 1000.0)
            + " s");
  }

  /**
   * One line for a failed call, in place of the retry status that led to it; a failure of the turn
   * that quotes the same words later completes this line rather than repeating them.
   */
  private void apiFailed(SessionEvent.ApiFailed f) {
    answered = true;
    dismiss(API_RETRY);
    String text = "API error" + (f.status() == null ? "" : " " + f.status()) + ": " + f.text();
    NoticeCell line = say(SessionEvent.Level.ERROR, text);
    if (line != null && f.parentToolUseId() == null) {
      apiFailure = new ApiFailure(line, f.text().strip());
    }
  }

  private void turnFinished(TurnSummary s) {
    for (StreamedTextCell cell : openText.values()) {
      cell.seal();
    }
    openText.clear();
    ApiFailure failure = apiFailure;
    apiFailure = null;
    if (!s.ranNow()) {
      answered = false;
      return;
    }
    if (s.interrupted()) {
      notice(SessionEvent.Level.WARNING, "Turn interrupted.");
    } else if (s.isError()) {
      turnFailed(s, failure);
    } else if (!answered) {
      notice(SessionEvent.Level.INFO, "(no response)");
    }
    answered = false;
    add(
        new TurnFooterCell(
            s.turnNumber(),
            s.usage() == null ? 0 : s.usage().totalTokens(),
            s.turnCostUsd(),
            s.totalCostUsd(),
            s.durationMs(),
            s.isError(),
            s.interrupted()));
  }

  private void turnFailed(TurnSummary s, ApiFailure failure) {
    String detail =
        s.resultText() != null && !s.resultText().isBlank()
            ? s.resultText()
            : String.join("; ", s.errors() == null ? List.of() : s.errors());
    String text =
        "The turn failed"
            + (s.apiRetries() == 0
                ? ""
                : " after " + s.apiRetries() + (s.apiRetries() == 1 ? " retry" : " retries"))
            + (s.apiErrorStatus() == null ? "" : " (API " + s.apiErrorStatus() + ")")
            + (detail.isBlank() ? "." : ": " + detail);
    dismiss(API_RETRY);
    if (failure != null && detail.strip().equals(failure.said())) {
      failure.line().text(text);
      changed(failure.line());
    } else {
      notice(SessionEvent.Level.ERROR, text);
    }
  }

  private void add(Cell cell) {
    cells.add(cell);
    listeners.forEach(l -> l.added(cell));
  }

  private void changed(Cell cell) {
    listeners.forEach(l -> l.changed(cell));
  }

  /** The open text or thinking block of one message; a record, not a joined string, per delta. */
  private record TextKey(boolean thinking, String messageId, int block) {
    boolean is(boolean thinking, String messageId, int block) {
      return this.thinking == thinking
          && this.block == block
          && Objects.equals(this.messageId, messageId);
    }
  }
}

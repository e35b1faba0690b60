package dev.milktui.tui.tools;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LinkedText;
import dev.milktui.tui.text.PathText;
import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.text.Span;
import dev.milktui.tui.text.TextStyle;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What the tool pane keeps of one call. The full result is kept only up to {@link #RESULT_KEEP}
 * characters so that thousands of rows stay small; the summary and preview are sanitised once.
 */
public final class ToolRow {
  public static final int RESULT_KEEP = 16 * 1024;
  private static final int SUMMARY_KEEP = 300;

  private final String id;
  private final boolean nested;
  private final Instant startedAt;
  private String name;
  private String rawName;
  private JsonNode input;
  private LinkedText summary = LinkedText.of("");
  private boolean pathSummary;
  private ToolOutcome outcome = ToolOutcome.RUNNING;
  private String result = "";
  private LinkedText preview = LinkedText.of("");
  private Duration elapsed;
  private double progressSeconds = -1;
  private LinkedText progressNote = LinkedText.of("");

  ToolRow(ToolCall call) {
    this.id = call.toolUseId();
    this.nested = call.parentToolUseId() != null;
    this.startedAt = call.startedAt() == null ? Instant.EPOCH : call.startedAt();
    update(call);
  }

  void update(ToolCall call) {
    rawName = call.name() == null ? "" : call.name();
    name = Sanitizer.oneLine(rawName);
    input = call.input();
    String full = InputSummary.oneLine(call.name(), call.input());
    summary = LinkedText.of(full).cut(SUMMARY_KEEP);
    pathSummary = !full.isEmpty() && full.equals(Sanitizer.oneLine(InputSummary.path(input)));
    outcome = call.outcome();
    elapsed = call.elapsed();
    String text = call.resultText() == null ? "" : call.resultText();
    result =
        text.length() > RESULT_KEEP
            ? text.substring(0, RESULT_KEEP)
                + "\n… ("
                + (text.length() - RESULT_KEEP)
                + " more characters not kept)"
            : text;
    preview = LinkedText.of(firstLine(result));
  }

  void progress(double seconds, String note) {
    if (seconds > 0) {
      progressSeconds = seconds;
    }
    if (note != null && !note.isBlank()) {
      progressNote = LinkedText.of(Sanitizer.oneLine(note));
    }
  }

  public String id() {
    return id;
  }

  public String name() {
    return name;
  }

  /** The name as Claude sent it, unsanitised (the detail view reveals it). */
  public String rawName() {
    return rawName;
  }

  public JsonNode input() {
    return input;
  }

  public String summary() {
    return summary.text();
  }

  /**
   * The summary, cut to {@code max} columns (a path from the left, so its file name stays), in
   * {@code style}, with the URLs the cut leaves whole linked.
   */
  public List<Span> summary(int max, TextStyle style) {
    String text = summary.text();
    return summary.spansOf(pathSummary ? PathText.fit(text, max) : Columns.fit(text, max), style);
  }

  public ToolOutcome outcome() {
    return outcome;
  }

  /** The kept result, unsanitised (the detail view sanitises). */
  public String result() {
    return result;
  }

  /** The result's first line, with its URLs. */
  public LinkedText preview() {
    return preview;
  }

  public boolean nested() {
    return nested;
  }

  /** The last progress note, with its URLs. */
  public LinkedText progressNote() {
    return progressNote;
  }

  /** Elapsed time: final once finished, else counted from the start or the last heartbeat. */
  public Duration elapsed(Instant now) {
    if (elapsed != null) {
      return elapsed;
    }
    Duration running = Duration.between(startedAt, now);
    Duration reported = Duration.ofMillis((long) (Math.max(0, progressSeconds) * 1000));
    return running.compareTo(reported) >= 0 ? running : reported;
  }

  private static String firstLine(String text) {
    String clean = Sanitizer.clean(text.length() > 400 ? text.substring(0, 400) : text).strip();
    int newline = clean.indexOf('\n');
    String first = newline < 0 ? clean : clean.substring(0, newline);
    return Sanitizer.oneLine(first);
  }
}

package dev.milktui.core.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.diff.FileDiff;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.text.TerminalText;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One line saying what came of a tool call, only from what the data shows: "Read 42 lines", "Added
 * 1 line, removed 1 line", "exit 1: first error line", "denied: the user's reason", an error's
 * first line. Pure.
 */
final class ResultSummary {
  /** The longest summary kept; the full result is one key away. */
  static final int MAX_CHARS = 200;

  private static final Pattern READ_LINE = Pattern.compile("(?m)^\\s*\\d+[\\t→]");
  private static final Pattern EXIT_CODE = Pattern.compile("^(?:Error: )?Exit code (\\d+)\\s*");

  private ResultSummary() {}

  static String of(String name, JsonNode input, ToolOutcome outcome, String result, FileDiff diff) {
    String text = TerminalText.clean(result == null ? "" : result);
    return bounded(
        switch (outcome) {
          case RUNNING -> "";
          case DENIED -> "denied" + colon(firstLine(text));
          case STREAM_CLOSED -> "failed: the permission channel was closed (Stream closed)";
          case INTERRUPTED -> "interrupted";
          case NO_RESULT -> "no result";
          case ERROR -> error(name, text);
          case OK -> ok(name, input, text, diff);
        });
  }

  private static String ok(String name, JsonNode input, String text, FileDiff diff) {
    if (diff != null) {
      return diff.summary();
    }
    switch (name) {
      case "Read":
        int lines = count(READ_LINE.matcher(text));
        return lines > 0 ? "Read " + lines + (lines == 1 ? " line" : " lines") : firstLine(text);
      case "Write":
        int written = lineCount(ToolInput.text(input, "content"));
        return "Wrote " + written + (written == 1 ? " line" : " lines");
      case "Glob":
        int files = (int) text.lines().filter(l -> !l.isBlank() && !l.startsWith("(")).count();
        return files == 0 || text.startsWith("No files found")
            ? firstLine(text)
            : "Found " + files + (files == 1 ? " file" : " files");
      case "Bash":
        if (text.isBlank() || text.strip().equals("(Bash completed with no output)")) {
          return "(no output)";
        }
        int outputLines = lineCount(text.strip());
        return firstLine(text)
            + (outputLines > 1 ? "  (+" + (outputLines - 1) + " more lines)" : "");
      default:
        return firstLine(text);
    }
  }

  private static String error(String name, String text) {
    String body = text.replace("<tool_use_error>", "").replace("</tool_use_error>", "").strip();
    Matcher exit = EXIT_CODE.matcher(body);
    if ("Bash".equals(name) && exit.find()) {
      return "exit " + exit.group(1) + colon(firstLine(body.substring(exit.end())));
    }
    return "error" + colon(firstLine(body));
  }

  private static String colon(String detail) {
    return detail.isEmpty() ? "" : ": " + detail;
  }

  private static String firstLine(String text) {
    String stripped = text.strip();
    int newline = stripped.indexOf('\n');
    return (newline < 0 ? stripped : stripped.substring(0, newline)).strip();
  }

  private static int count(Matcher matcher) {
    int n = 0;
    while (matcher.find()) {
      n++;
    }
    return n;
  }

  private static int lineCount(String text) {
    if (text.isEmpty()) {
      return 0;
    }
    int n = 1;
    for (int i = 0; i < text.length() - 1; i++) {
      if (text.charAt(i) == '\n') {
        n++;
      }
    }
    return n;
  }

  private static String bounded(String summary) {
    String line = TerminalText.oneLine(summary);
    if (line.length() <= MAX_CHARS) {
      return line;
    }
    // Never half of a surrogate pair (an emoji) at the cut.
    int end = Character.isHighSurrogate(line.charAt(MAX_CHARS - 1)) ? MAX_CHARS - 1 : MAX_CHARS;
    return line.substring(0, end) + "…";
  }
}

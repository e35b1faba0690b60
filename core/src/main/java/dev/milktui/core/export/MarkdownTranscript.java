package dev.milktui.core.export;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.io.OwnerOnlyFiles;
import dev.milktui.core.text.TerminalText;
import dev.milktui.core.turn.ToolCall;
import dev.milktui.core.turn.TurnSummary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The session as Markdown, built as events arrive: the user's messages, Claude's text, one line per
 * tool call with its outcome, notices and each turn's cost. Thread-safe; listens alongside the UI.
 * The document is cleaned as a whole ({@link TerminalText#clean}) when it is read, so no escape
 * sequence from Claude or a tool reaches the file, even one split across streamed chunks.
 */
public final class MarkdownTranscript implements Consumer<SessionEvent> {
  private final StringBuilder markdown = new StringBuilder("# Claude session\n");
  private boolean inClaudeText;
  private String lastTextBlock;

  @Override
  public synchronized void accept(SessionEvent event) {
    if (event instanceof SessionEvent.UserPrompt prompt) {
      section(prompt.automatic() ? "You (sent by milk-tui)" : "You");
      markdown.append(prompt.text()).append('\n');
    } else if (event instanceof SessionEvent.TextDelta delta) {
      String block = delta.messageId() + "#" + delta.blockIndex();
      if (!inClaudeText) {
        section("Claude");
        inClaudeText = true;
      } else if (!block.equals(lastTextBlock)) {
        markdown.append("\n\n");
      }
      lastTextBlock = block;
      markdown.append(delta.text());
    } else if (event instanceof SessionEvent.ToolFinished finished) {
      endText();
      ToolCall call = finished.call();
      markdown
          .append("\n- tool `")
          .append(call.name().isEmpty() ? "?" : call.name())
          .append("` ")
          .append(inputSummary(call.input()))
          .append(" → ")
          .append(call.outcome().wireName().replace('_', ' '))
          .append('\n');
    } else if (event instanceof SessionEvent.Notice notice) {
      endText();
      markdown
          .append("\n> ")
          .append(notice.level().name().toLowerCase(Locale.ROOT))
          .append(": ")
          .append(notice.text().replace("\n", "\n> "))
          .append('\n');
    } else if (event instanceof SessionEvent.TurnFinished finished) {
      endText();
      TurnSummary turn = finished.summary();
      markdown.append(
          String.format(
              Locale.ROOT,
              "%n*Turn %d: %s, %d tokens, $%.4f (session $%.4f)*%n",
              turn.turnNumber(),
              turn.isError() ? "error" : "done",
              turn.usage().totalTokens(),
              turn.turnCostUsd(),
              turn.totalCostUsd()));
    }
  }

  public synchronized String markdown() {
    return TerminalText.clean(markdown + (inClaudeText ? "\n" : ""));
  }

  /**
   * Writes the transcript so far, replacing {@code file}; a new file (and any folder made for it)
   * is readable by the user only, since it holds the whole conversation.
   */
  public void writeTo(Path file) throws IOException {
    OwnerOnlyFiles.createFileIfMissing(file);
    Files.writeString(file, markdown(), StandardCharsets.UTF_8);
  }

  private void section(String title) {
    endText();
    markdown.append("\n## ").append(title).append("\n\n");
  }

  private void endText() {
    if (inClaudeText) {
      markdown.append('\n');
      inClaudeText = false;
      lastTextBlock = null;
    }
  }

  private static String inputSummary(JsonNode input) {
    for (String field : new String[] {"command", "file_path", "path", "pattern", "url"}) {
      JsonNode value = input.get(field);
      if (value != null && value.isTextual()) {
        return "`" + value.textValue().replace("`", "'").replace("\n", " ") + "`";
      }
    }
    return "";
  }
}

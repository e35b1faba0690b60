package dev.milktui.tui.transcript;

import dev.milktui.core.conversation.AssistantTextCell;
import dev.milktui.core.conversation.Cell;
import dev.milktui.core.conversation.ConversationListener;
import dev.milktui.core.conversation.NoticeCell;
import dev.milktui.core.conversation.PromptCell;
import dev.milktui.core.conversation.StreamedTextCell;
import dev.milktui.core.conversation.ThinkingCell;
import dev.milktui.core.conversation.ToolCallCell;
import dev.milktui.core.conversation.TurnFooterCell;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Draws the conversation's cells into the transcript as they change: one block per top-level cell,
 * streamed text appended where it grows, a changed call or status laid out again in place. The
 * transcript is a rendering of the cells and nothing else. UI thread.
 */
public final class CellFeed implements ConversationListener {
  private final Transcript transcript;
  private final Map<Cell, Block> blocks = new IdentityHashMap<>();
  private final List<Block> growing = new ArrayList<>();

  public CellFeed(Transcript transcript) {
    this.transcript = transcript;
  }

  @Override
  public void added(Cell cell) {
    if (cell instanceof ToolCallCell call) {
      CallBlock block = new CallBlock(call);
      transcript.add(block);
      blocks.put(cell, block);
      return;
    }
    if (cell instanceof AssistantTextCell text) {
      MarkdownBlock block = new MarkdownBlock();
      transcript.add(block);
      transcript.append(block, text.text());
      blocks.put(cell, block);
      return;
    }
    if (cell instanceof TurnFooterCell) {
      // The turn ended: its text stops growing and gives back spare memory.
      growing.forEach(transcript::seal);
      growing.clear();
    }
    Paragraph p = transcript.add(kindOf(cell), textOf(cell));
    if (cell instanceof StreamedTextCell) {
      growing.add(p);
    }
    blocks.put(cell, p);
  }

  @Override
  public void appended(StreamedTextCell cell, String delta) {
    Block block = blocks.get(cell);
    if (block != null) {
      transcript.append(block, delta);
    }
  }

  @Override
  public void changed(Cell cell) {
    Block block = blocks.get(cell);
    if (block instanceof CallBlock) {
      transcript.changed(block);
    } else if (block instanceof Paragraph old) {
      blocks.put(cell, transcript.replace(old, kindOf(cell), textOf(cell)));
    }
  }

  @Override
  public void cleared() {
    blocks.clear();
    growing.clear();
    transcript.clear();
  }

  @Override
  public void removed(Cell cell) {
    Block block = blocks.remove(cell);
    if (block != null) {
      transcript.remove(block);
      growing.remove(block);
    }
  }

  private static Paragraph.Kind kindOf(Cell cell) {
    if (cell instanceof PromptCell) {
      return Paragraph.Kind.USER;
    }
    if (cell instanceof ThinkingCell) {
      return Paragraph.Kind.THINKING;
    }
    if (cell instanceof NoticeCell notice) {
      return switch (notice.level()) {
        case INFO -> Paragraph.Kind.INFO;
        case WARNING -> Paragraph.Kind.WARNING;
        case ERROR -> Paragraph.Kind.ERROR;
      };
    }
    return Paragraph.Kind.FOOTER;
  }

  private static String textOf(Cell cell) {
    if (cell instanceof PromptCell prompt) {
      return (prompt.automatic() ? "↻ " : "> ") + prompt.text();
    }
    if (cell instanceof StreamedTextCell text) {
      return text.text();
    }
    if (cell instanceof NoticeCell notice) {
      return "• " + notice.text();
    }
    if (cell instanceof TurnFooterCell footer) {
      return footer(footer);
    }
    return "";
  }

  static String footer(TurnFooterCell footer) {
    return String.format(
        Locale.ROOT,
        "─ turn %d %s · %s tokens · $%.4f · %.1f s",
        footer.turnNumber(),
        footer.interrupted() ? "interrupted" : footer.failed() ? "failed" : "done",
        tokens(footer.tokens()),
        footer.turnCostUsd(),
        footer.durationMs() / 1000.0);
  }

  private static String tokens(long tokens) {
    return tokens < 1000
        ? String.valueOf(tokens)
        : String.format(Locale.ROOT, "%.1fk", tokens / 1000.0);
  }
}

package dev.milktui.tui.transcript;

import dev.milktui.core.conversation.Conversation;
import dev.milktui.tui.text.CleanStream;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LineBreaker;
import dev.milktui.tui.text.StyledLine;
import dev.milktui.tui.text.TextStyle;
import java.util.Arrays;

/**
 * A block of plain text (a prompt, a thinking block, a notice, a turn's footer) with its wrapped
 * lines kept as char ranges of its text. Appending re-wraps only the last logical line, so
 * streaming a long block costs the size of the chunk, not the size of the block.
 */
public final class Paragraph extends Block {

  /** What the block is; decides its style. */
  public enum Kind {
    USER(TextStyle.PROMPT),
    THINKING(TextStyle.THINKING),
    INFO(TextStyle.INFO),
    WARNING(TextStyle.WARNING),
    ERROR(TextStyle.ERROR),
    FOOTER(TextStyle.DIM);

    private final TextStyle style;

    Kind(TextStyle style) {
      this.style = style;
    }
  }

  /**
   * The longest text one block keeps (the bound of a conversation cell); what comes after is
   * dropped and {@link #CUT_MARKER} says so.
   */
  public static final int MAX_CHARS = Conversation.MAX_TEXT_CHARS;

  static final String CUT_MARKER = "\n… (the rest of this block is not kept: over 1 Mi characters)";

  /** Cleans streamed raw text on the way in. */
  final CleanStream incoming = new CleanStream();

  private final Kind kind;
  private final StringBuilder text = new StringBuilder();
  private int width = -1;
  private int[] starts = new int[4];
  private int[] ends = new int[4];
  private int count;
  // Where the last, still growing, logical line starts, and the line count before it.
  private int tailStart;
  private int tailLine;

  Paragraph(Kind kind) {
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }

  public String text() {
    return text.toString();
  }

  @Override
  int lineCount() {
    return count;
  }

  @Override
  StyledLine line(int line) {
    // Tabs were measured to their stops from the line start (LineBreaker); they are drawn so.
    return StyledLine.of(Columns.expandTabs(text.substring(starts[line], ends[line])), kind.style);
  }

  @Override
  boolean isThinking() {
    return kind == Kind.THINKING;
  }

  void append(String chunk, int width) {
    int room = MAX_CHARS - text.length();
    if (room < 0) {
      return;
    }
    if (chunk.length() > room) {
      // The marker takes the text over the cap, so later chunks are dropped at the check above.
      int end = room > 0 && Character.isHighSurrogate(chunk.charAt(room - 1)) ? room - 1 : room;
      chunk = chunk.substring(0, end) + CUT_MARKER;
    }
    text.append(chunk);
    if (width != this.width) {
      wrap(width);
    } else {
      wrapFromTail();
    }
  }

  @Override
  void wrap(int width) {
    this.width = width;
    tailStart = 0;
    tailLine = 0;
    wrapFromTail();
  }

  /** Gives back spare capacity once the block stops growing. */
  void seal() {
    text.trimToSize();
    starts = Arrays.copyOf(starts, Math.max(1, count));
    ends = Arrays.copyOf(ends, Math.max(1, count));
  }

  private void wrapFromTail() {
    count = tailLine;
    int pos = tailStart;
    while (true) {
      int newline = text.indexOf("\n", pos);
      int end = newline < 0 ? text.length() : newline;
      if (newline < 0) {
        tailStart = pos;
        tailLine = count;
      }
      LineBreaker.breakLine(text, pos, end, width, true, this::addLine);
      if (newline < 0) {
        return;
      }
      pos = newline + 1;
    }
  }

  private void addLine(int start, int end) {
    if (count == starts.length) {
      int grown = count * 2;
      starts = Arrays.copyOf(starts, grown);
      ends = Arrays.copyOf(ends, grown);
    }
    starts[count] = start;
    ends[count] = end;
    count++;
  }
}

package dev.milktui.tui.transcript;

import dev.milktui.core.conversation.Conversation;
import dev.milktui.tui.text.LineBreaker;
import java.util.Arrays;

/**
 * One block of the transcript (a prompt, an assistant text block, a thinking block, a notice) with
 * its wrapped lines kept as char ranges of its text. Appending re-wraps only the last logical line,
 * so streaming a long block costs the size of the chunk, not the size of the block.
 */
public final class Paragraph extends Block {

  /** What the block is; decides its style. */
  public enum Kind {
    USER,
    ASSISTANT,
    THINKING,
    INFO,
    WARNING,
    ERROR,
    FOOTER
  }

  /** Style of one screen line. */
  public static final byte PROSE = 0;

  public static final byte CODE = 1;
  public static final byte FENCE = 2;
  public static final byte TOOL = 3;
  public static final byte SUMMARY = 4;
  public static final byte ADDED = 5;
  public static final byte REMOVED = 6;
  public static final byte CONTEXT = 7;
  public static final byte SELECTED = 8;

  /** Columns code lines give up to their gutter mark. */
  public static final int CODE_GUTTER = 2;

  /**
   * The longest text one block keeps (a cell of the transcript): more than anyone scrolls through,
   * and the screen holds it a few times over (text, line ranges). What comes after is dropped and
   * {@link #CUT_MARKER} says so.
   */
  public static final int MAX_CHARS = Conversation.MAX_TEXT_CHARS;

  static final String CUT_MARKER = "\n… (the rest of this block is not kept: over 1 Mi characters)";

  private final Kind kind;
  private final StringBuilder text = new StringBuilder();
  private int width = -1;
  private int[] starts = new int[4];
  private int[] ends = new int[4];
  private byte[] styles = new byte[4];
  private int count;
  // Where the last, still growing, logical line starts, and the state before it.
  private int tailStart;
  private int tailLine;
  private boolean tailInFence;

  Paragraph(Kind kind) {
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }

  public String text() {
    return text.toString();
  }

  int length() {
    return text.length();
  }

  @Override
  int lineCount() {
    return count;
  }

  @Override
  ScreenLine line(int line) {
    return new ScreenLine(kind, styles[line], text.substring(starts[line], ends[line]));
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
    tailInFence = false;
    wrapFromTail();
  }

  /** Gives back spare capacity once the block stops growing. */
  void seal() {
    text.trimToSize();
    starts = Arrays.copyOf(starts, Math.max(1, count));
    ends = Arrays.copyOf(ends, Math.max(1, count));
    styles = Arrays.copyOf(styles, Math.max(1, count));
  }

  private void wrapFromTail() {
    count = tailLine;
    int pos = tailStart;
    boolean fence = tailInFence;
    boolean codeAware = kind == Kind.ASSISTANT || kind == Kind.USER;
    while (true) {
      int newline = text.indexOf("\n", pos);
      int end = newline < 0 ? text.length() : newline;
      if (newline < 0) {
        tailStart = pos;
        tailLine = count;
        tailInFence = fence;
      }
      boolean fenceLine = codeAware && isFence(pos, end);
      byte style = fenceLine ? FENCE : fence ? CODE : PROSE;
      int lineWidth = style == PROSE ? width : width - CODE_GUTTER;
      LineBreaker.breakLine(
          text, pos, end, lineWidth, style == PROSE, (s, e) -> addLine(s, e, style));
      if (fenceLine) {
        fence = !fence;
      }
      if (newline < 0) {
        return;
      }
      pos = newline + 1;
    }
  }

  private boolean isFence(int start, int end) {
    int i = start;
    while (i < end && text.charAt(i) == ' ' && i - start < 4) {
      i++;
    }
    return end - i >= 3
        && text.charAt(i) == '`'
        && text.charAt(i + 1) == '`'
        && text.charAt(i + 2) == '`';
  }

  private void addLine(int start, int end, byte style) {
    if (count == starts.length) {
      int grown = count * 2;
      starts = Arrays.copyOf(starts, grown);
      ends = Arrays.copyOf(ends, grown);
      styles = Arrays.copyOf(styles, grown);
    }
    starts[count] = start;
    ends[count] = end;
    styles[count] = style;
    count++;
  }
}

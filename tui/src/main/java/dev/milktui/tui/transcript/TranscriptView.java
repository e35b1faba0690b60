package dev.milktui.tui.transcript;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AbstractInteractableComponent;
import com.googlecode.lanterna.gui2.InteractableRenderer;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import com.googlecode.lanterna.input.KeyStroke;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LinePainter;
import dev.milktui.tui.text.Palette;
import dev.milktui.tui.text.StyledLine;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The transcript pane: a title row, then the visible window of the transcript's lines. Follows the
 * tail until the user scrolls back; then new output collects below and the title says how much.
 */
public final class TranscriptView extends AbstractInteractableComponent<TranscriptView> {
  private final Transcript transcript;
  private final Palette palette;
  private final LinePainter painter;
  private boolean following = true;
  private CallBlock selectedCall;
  private int top;
  private int viewHeight = 1;
  private IntFunction<List<StyledLine>> whenEmpty = width -> List.of();

  public TranscriptView(Transcript transcript, Palette palette) {
    this.transcript = transcript;
    this.palette = palette;
    this.painter = new LinePainter(palette);
  }

  /** What the pane shows at a width while the transcript is empty (the first screen). */
  public void whenEmpty(IntFunction<List<StyledLine>> view) {
    this.whenEmpty = view;
    invalidate();
  }

  public Transcript transcript() {
    return transcript;
  }

  public boolean following() {
    return following;
  }

  /** Lines below the visible window (0 while following). */
  public int linesBelow() {
    return following ? 0 : Math.max(0, transcript.lineCount() - (top + viewHeight));
  }

  public void pageUp() {
    scrollTo(currentTop() - Math.max(1, viewHeight - 1));
  }

  public void pageDown() {
    scrollTo(currentTop() + Math.max(1, viewHeight - 1));
  }

  public void lineUp() {
    scrollTo(currentTop() - 1);
  }

  public void lineDown() {
    scrollTo(currentTop() + 1);
  }

  public void home() {
    scrollTo(0);
  }

  public void end() {
    following = true;
    invalidate();
  }

  /** The tool call Enter expands, or null. */
  public CallBlock selectedCall() {
    return selectedCall;
  }

  /**
   * Moves the call cursor to the next ({@code +1}) or previous ({@code -1}) tool call and shows it;
   * with no cursor yet, starts from the last call.
   */
  public void selectCall(int direction) {
    List<Block> blocks = transcript.blocks();
    int from =
        selectedCall != null && transcript.firstLineOf(selectedCall) >= 0
            ? selectedCall.index + direction
            : blocks.size() - 1;
    for (int i = from; i >= 0 && i < blocks.size(); i += direction) {
      if (blocks.get(i) instanceof CallBlock call) {
        select(call);
        return;
      }
    }
  }

  /** Expands the selected call, or folds it again. */
  public void toggleSelectedCall() {
    if (selectedCall == null || transcript.firstLineOf(selectedCall) < 0) {
      selectCall(-1);
    }
    if (selectedCall != null) {
      selectedCall.expanded(!selectedCall.expanded());
      transcript.changed(selectedCall);
      invalidate();
    }
  }

  private void select(CallBlock call) {
    if (selectedCall != null) {
      selectedCall.selected(false);
      transcript.changed(selectedCall);
    }
    selectedCall = call;
    call.selected(true);
    transcript.changed(call);
    int first = transcript.firstLineOf(call);
    if (first < currentTop() || first >= currentTop() + viewHeight) {
      scrollTo(first);
    }
    invalidate();
  }

  /** Call after the transcript changed so the pane redraws. */
  public void contentChanged() {
    invalidate();
  }

  private int maxTop() {
    return Math.max(0, transcript.lineCount() - viewHeight);
  }

  private int currentTop() {
    return following ? maxTop() : Math.min(top, maxTop());
  }

  private void scrollTo(int line) {
    int max = maxTop();
    top = Math.max(0, Math.min(line, max));
    following = top >= max;
    invalidate();
  }

  @Override
  protected Result handleKeyStroke(KeyStroke key) {
    switch (key.getKeyType()) {
      case PageUp -> pageUp();
      case PageDown -> pageDown();
      case ArrowUp -> lineUp();
      case ArrowDown -> lineDown();
      case Home -> home();
      case End -> end();
      case Enter -> toggleSelectedCall();
      case Character -> {
        char c = key.getCharacter();
        if (c == 'n' || c == 'p') {
          selectCall(c == 'n' ? 1 : -1);
        } else {
          return super.handleKeyStroke(key);
        }
      }
      default -> {
        return super.handleKeyStroke(key);
      }
    }
    return Result.HANDLED;
  }

  @Override
  protected InteractableRenderer<TranscriptView> createDefaultRenderer() {
    return new Renderer();
  }

  private final class Renderer implements InteractableRenderer<TranscriptView> {
    @Override
    public TerminalPosition getCursorLocation(TranscriptView component) {
      return null;
    }

    @Override
    public TerminalSize getPreferredSize(TranscriptView component) {
      return new TerminalSize(40, 10);
    }

    @Override
    public void drawComponent(TextGUIGraphics g, TranscriptView view) {
      TerminalSize size = g.getSize();
      if (size.getRows() < 1 || size.getColumns() < 1) {
        return;
      }
      transcript.setWidth(size.getColumns());
      viewHeight = Math.max(1, size.getRows() - 1);
      int first = currentTop();
      if (!following) {
        top = first;
      }
      drawTitle(g, size.getColumns());
      List<StyledLine> empty =
          transcript.lineCount() == 0 ? whenEmpty.apply(size.getColumns()) : List.of();
      for (int row = 0; row < viewHeight; row++) {
        StyledLine line =
            empty.isEmpty()
                ? transcript.line(first + row)
                : row < empty.size() ? empty.get(row) : StyledLine.EMPTY;
        painter.paint(g, 0, row + 1, size.getColumns(), line);
      }
    }

    private void drawTitle(TextGUIGraphics g, int width) {
      palette.apply(g, isFocused() ? Palette.Role.TITLE_FOCUSED : Palette.Role.TITLE);
      int below = linesBelow();
      String right = below > 0 ? "↓ " + below + " more lines (End) " : "";
      String left = " Transcript ";
      String title =
          Columns.pad(left, Math.max(0, width - Columns.width(right))) + Columns.fit(right, width);
      LinePainter.putText(g, 0, 0, width, title);
    }
  }
}

package dev.milktui.tui.transcript;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AbstractInteractableComponent;
import com.googlecode.lanterna.gui2.InteractableRenderer;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import com.googlecode.lanterna.input.KeyStroke;
import dev.milktui.core.conversation.ToolCallCell;
import dev.milktui.tui.search.Highlights;
import dev.milktui.tui.search.Matches;
import dev.milktui.tui.search.SearchModel;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LinePainter;
import dev.milktui.tui.text.Palette;
import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.text.StyledLine;
import java.util.List;
import java.util.function.Consumer;
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
  private Consumer<ToolCallCell> copyCall = call -> {};
  private final TranscriptSearch searchSource;
  // The open search, or null; what closing it does; the line count it last searched.
  private SearchModel search;
  private Runnable searchClosed = () -> {};
  private int searchedLines;

  public TranscriptView(Transcript transcript, Palette palette) {
    this.transcript = transcript;
    this.palette = palette;
    this.painter = new LinePainter(palette);
    this.searchSource = new TranscriptSearch(transcript);
  }

  /** Where the copy key (c) sends the selected call. */
  public void copyCallWith(Consumer<ToolCallCell> copy) {
    this.copyCall = copy;
  }

  /**
   * Opens the search line in the title row; it starts from the line at the bottom of the view.
   * {@code closed} runs when Esc or Tab closes it (to give the focus back).
   */
  public void openSearch(Runnable closed) {
    if (search == null) {
      int bottom = Math.max(0, Math.min(transcript.lineCount(), currentTop() + viewHeight) - 1);
      Block block = transcript.blockAt(bottom);
      search =
          block == null
              ? new SearchModel(0, 0)
              : new SearchModel(block.index, bottom - transcript.firstLineOf(block));
      searchedLines = transcript.lineCount();
    }
    searchClosed = closed;
    invalidate();
  }

  /** The search line is open: it has every key but the global ones. */
  public boolean searching() {
    return search != null;
  }

  /** The open search (for tests), or null. */
  SearchModel search() {
    return search;
  }

  private void closeSearch() {
    search = null;
    invalidate();
    searchClosed.run();
  }

  /** A key in the search line. */
  private Result searchKey(KeyStroke key) {
    switch (key.getKeyType()) {
      case Escape -> closeSearch();
      case Tab, ReverseTab -> {
        closeSearch();
        return super.handleKeyStroke(key);
      }
      case Enter, ArrowDown -> search.next().ifPresent(this::reveal);
      case ArrowUp -> search.previous().ifPresent(this::reveal);
      case Backspace -> {
        search.deleteBack(searchSource);
        search.current().ifPresent(this::reveal);
      }
      case PageUp -> pageUp();
      case PageDown -> pageDown();
      case Character -> {
        if (key.isCtrlDown() && key.getCharacter() == 'f') {
          search.next().ifPresent(this::reveal);
        } else if (!key.isCtrlDown() && !key.isAltDown()) {
          search.type(String.valueOf(key.getCharacter()), searchSource);
          search.current().ifPresent(this::reveal);
        }
      }
      default -> {
        // Other keys do nothing while the search line is open.
      }
    }
    searchedLines = transcript.lineCount();
    invalidate();
    return Result.HANDLED;
  }

  /** Shows a match: its call unfolded, its line on screen (a third from the top when it moves). */
  private void reveal(SearchModel.Hit hit) {
    List<Block> blocks = transcript.blocks();
    if (hit.block() >= blocks.size()) {
      return;
    }
    Block block = blocks.get(hit.block());
    if (block instanceof CallBlock call && !call.expanded()) {
      call.expanded(true);
      transcript.changed(call);
    }
    int line = transcript.firstLineOf(block) + hit.line();
    int top = currentTop();
    if (line < top || line >= top + viewHeight) {
      scrollTo(line - viewHeight / 3);
    }
  }

  /** {@code line} (screen line {@code index}) with the search's matches on it marked. */
  private StyledLine marked(int index, StyledLine line) {
    if (search == null || search.query().isEmpty()) {
      return line;
    }
    List<Matches.Range> ranges = Matches.in(line.plain(), search.query());
    if (ranges.isEmpty()) {
      return line;
    }
    int current = -1;
    Block block = transcript.blockAt(index);
    SearchModel.Hit hit = search.current().orElse(null);
    if (hit != null
        && block != null
        && hit.block() == block.index
        && hit.line() == index - transcript.firstLineOf(block)) {
      current = ranges.indexOf(new Matches.Range(hit.start(), hit.end()));
    }
    return Highlights.apply(line, ranges, current);
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

  /** The copy key: the selected call's output (the last call's when none is selected). */
  private void copySelectedCall() {
    if (selectedCall == null || transcript.firstLineOf(selectedCall) < 0) {
      selectCall(-1);
    }
    if (selectedCall != null) {
      copyCall.accept(selectedCall.cell());
    }
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
    if (search != null) {
      return searchKey(key);
    }
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
        } else if (c == '/') {
          openSearch(() -> {});
        } else if (c == 'c') {
          copySelectedCall();
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

  /**
   * The search line: the query, then the count and the keys, shortened where the pane is narrow so
   * that the query keeps at least 16 columns.
   */
  private String searchLine(int width) {
    String count = search.count();
    String lead = count.isEmpty() ? "" : count + " · ";
    String right = count.isEmpty() ? "" : count + " ";
    for (String keys : List.of("↓ Enter next · ↑ previous · Esc close ", "↓↑ Enter · Esc ")) {
      if (width - Columns.width(lead + keys) >= 16) {
        right = lead + keys;
        break;
      }
    }
    int room = Math.max(0, width - Columns.width(right));
    return Columns.pad(Columns.fit(searchPrompt(), room), room) + Columns.fit(right, width);
  }

  /** The search line's left part: the prompt and the query, cleaned for one line. */
  private String searchPrompt() {
    return " Find: " + Sanitizer.oneLine(search.query());
  }

  private final class Renderer implements InteractableRenderer<TranscriptView> {
    @Override
    public TerminalPosition getCursorLocation(TranscriptView component) {
      return search == null
          ? null
          : new TerminalPosition(
              Math.min(getSize().getColumns() - 1, Columns.width(searchPrompt())), 0);
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
      if (search != null && transcript.lineCount() != searchedLines) {
        // More output arrived (or the width changed) while the search is open.
        searchedLines = transcript.lineCount();
        search.refresh(searchSource);
      }
      drawTitle(g, size.getColumns());
      List<StyledLine> empty =
          transcript.lineCount() == 0 ? whenEmpty.apply(size.getColumns()) : List.of();
      for (int row = 0; row < viewHeight; row++) {
        StyledLine line =
            empty.isEmpty()
                ? marked(first + row, transcript.line(first + row))
                : row < empty.size() ? empty.get(row) : StyledLine.EMPTY;
        painter.paint(g, 0, row + 1, size.getColumns(), line);
      }
    }

    private void drawTitle(TextGUIGraphics g, int width) {
      palette.apply(g, isFocused() ? Palette.Role.TITLE_FOCUSED : Palette.Role.TITLE);
      if (search != null) {
        LinePainter.putText(g, 0, 0, width, searchLine(width));
        return;
      }
      int below = linesBelow();
      String right = below > 0 ? "↓ " + below + " more lines (End) " : "";
      String left = " Transcript ";
      String title =
          Columns.pad(left, Math.max(0, width - Columns.width(right))) + Columns.fit(right, width);
      LinePainter.putText(g, 0, 0, width, title);
    }
  }
}

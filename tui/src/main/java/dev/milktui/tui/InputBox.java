package dev.milktui.tui;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.TextBox;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.tui.app.Action;
import dev.milktui.tui.completion.Completions;
import dev.milktui.tui.completion.Query;
import dev.milktui.tui.history.HistorySearch;
import dev.milktui.tui.keys.KeyMap;
import dev.milktui.tui.terminal.BracketedPaste;
import dev.milktui.tui.text.Sanitizer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The message box. Enter sends; Ctrl+J and Alt+Enter insert a newline (Shift+Enter is not reliable
 * across terminals); Up on the first line and Down on the last browse the history; readline's
 * Ctrl/Alt keys move and kill. A bracketed paste is one edit, never a send; a large one shows as a
 * {@code [Pasted text, N lines]} label and is sent whole. A {@code /} at the start or an {@code @}
 * word opens a popup of slash commands or files (see {@link #completeWith}). Ctrl+R searches the
 * sent messages back (see {@link HistorySearch}).
 */
public final class InputBox extends TextBox {
  /** Pastes longer than this show as a label in the box. */
  static final int COLLAPSE_LINES = 10;

  static final int COLLAPSE_CHARS = 2_000;

  private final InputHistory history;
  private final KeyMap keys;
  private final Consumer<String> onSend;

  /**
   * What the box shows → the text it stands for and sends (a large paste, a completed name holding
   * controls); cleared with the box.
   */
  private final Map<String, String> collapsed = new LinkedHashMap<>();

  private Completions completions;
  private Runnable completionChanged = () -> {};
  private Optional<Query> query = Optional.empty();
  private List<String> offered = List.of();
  private int selected;
  private Query dismissed;

  // While Ctrl+R searches: the search, and the draft it replaced (Esc puts it back).
  private HistorySearch search;
  private String beforeSearch;

  /** {@code keys}: where the box finds its own bound keys (Ctrl+R). */
  public InputBox(InputHistory history, KeyMap keys, Consumer<String> onSend) {
    super(new TerminalSize(40, 3), "", Style.MULTI_LINE);
    setRenderer(new InputBoxRenderer());
    this.history = history;
    this.keys = keys;
    this.onSend = onSend;
    setVerticalFocusSwitching(false);
    setHorizontalFocusSwitching(false);
  }

  static boolean isNewlineKey(KeyStroke key) {
    return (key.getKeyType() == KeyType.Enter && key.isAltDown())
        || (key.getKeyType() == KeyType.Character
            && key.isCtrlDown()
            && Character.toLowerCase(key.getCharacter()) == 'j');
  }

  /**
   * Offers completions from {@code source} for the word at the caret while typing; {@code changed}
   * runs whenever what is offered changes (the popup redraws).
   */
  public void completeWith(Completions source, Runnable changed) {
    this.completions = source;
    this.completionChanged = changed;
  }

  /** What the popup offers now (each item replaces the word at the caret); empty: no popup. */
  public List<String> offered() {
    return offered;
  }

  public int selected() {
    return selected;
  }

  public boolean completing() {
    return !offered.isEmpty();
  }

  /** Offers again for the same word (say, when the file list has come in). */
  public void refreshCompletion() {
    updateCompletion();
  }

  /** Shows {@code note} and takes no text: the session sends nothing (a replay). */
  public void readOnly(String note) {
    setText(note);
    setReadOnly(true);
  }

  /**
   * True when the box holds a message being written: a read-only box's note is no draft, so the
   * keys that would clear one (Ctrl+C, Ctrl+D) keep their meaning there.
   */
  public boolean hasDraft() {
    return !isReadOnly() && !getText().isEmpty();
  }

  /** True while Ctrl+R's search has the box. */
  public boolean searching() {
    return search != null;
  }

  /**
   * Ctrl+C or Esc Esc: a running history search ends with the draft back as it was; else the draft
   * goes (pasted texts with it).
   */
  public void clearMessage() {
    if (search != null) {
      endSearch(beforeSearch);
      return;
    }
    collapsed.clear();
    setText("");
    updateCompletion();
  }

  @Override
  public synchronized Result handleKeyStroke(KeyStroke key) {
    if (isReadOnly()) {
      return Result.UNHANDLED;
    }
    if (search != null) {
      return searchKey(key);
    }
    // The text may have been set from outside (a draft, a history entry) since the last key.
    updateCompletion();
    if (completing()) {
      Result completion = completionKey(key);
      if (completion != null) {
        return completion;
      }
    }
    Result result = edit(key);
    updateCompletion();
    return result;
  }

  /**
   * While the popup shows: ↑/↓ choose, Tab completes, Enter completes unless the word is already
   * the choice (then it sends), Esc closes the popup for this word. Null: not a completion key.
   */
  private Result completionKey(KeyStroke key) {
    Query q = query.orElseThrow();
    String word = getText().substring(q.start(), q.end());
    switch (key.getKeyType()) {
      case ArrowUp:
        selected = Math.floorMod(selected - 1, offered.size());
        completionChanged.run();
        return Result.HANDLED;
      case ArrowDown:
        selected = Math.floorMod(selected + 1, offered.size());
        completionChanged.run();
        return Result.HANDLED;
      case Tab:
        accept(q);
        return Result.HANDLED;
      case Enter:
        if (key.isAltDown() || key.isCtrlDown() || offered.get(selected).equals(word)) {
          return null;
        }
        accept(q);
        return Result.HANDLED;
      case Escape:
        dismissed = q;
        updateCompletion();
        return Result.HANDLED;
      default:
        return null;
    }
  }

  /**
   * Replaces the word with the chosen item and a space, the caret after it. An item holding
   * controls (a file may be named so), which the box cannot hold, goes in marked and is sent as
   * itself, as a large paste is.
   */
  private void accept(Query q) {
    String item = offered.get(selected);
    if (Sanitizer.hasControls(item)) {
      String marked = Sanitizer.revealInline(item);
      collapsed.put(marked, item);
      item = marked;
    }
    String text = getText();
    String after = text.substring(0, q.start()) + item + " " + text.substring(q.end());
    setText(after);
    moveCaretTo(after, q.start() + item.length() + 1);
    updateCompletion();
  }

  /**
   * Ctrl+R, from whichever pane has the keys (the screen gives the box the focus first): opens the
   * history search, unless the box takes no text or the search is already open.
   */
  public synchronized void searchHistory() {
    if (!isReadOnly() && search == null) {
      startSearch();
    }
  }

  private void startSearch() {
    beforeSearch = getText();
    search = new HistorySearch(history.entries());
    showSearch();
  }

  /**
   * The search's keys: text refines the query, Backspace shortens it, Ctrl+R again finds an older
   * message, Enter puts the match in the box (not sent), Esc cancels with the draft back; other
   * keys are ignored, so nothing is edited behind the search.
   */
  private Result searchKey(KeyStroke key) {
    if (keys.keysOf(Action.HISTORY_SEARCH).test(key)) {
      search.older();
    } else if (key instanceof BracketedPaste.Paste paste) {
      search.type(Sanitizer.oneLine(paste.text()));
    } else if (key.getKeyType() == KeyType.Character && !key.isCtrlDown() && !key.isAltDown()) {
      search.type(String.valueOf(key.getCharacter()));
    } else if (key.getKeyType() == KeyType.Backspace) {
      search.erase();
    } else if (key.getKeyType() == KeyType.Escape) {
      endSearch(beforeSearch);
      return Result.HANDLED;
    } else if (key.getKeyType() == KeyType.Enter) {
      endSearch(search.match().orElse(beforeSearch));
      return Result.HANDLED;
    }
    showSearch();
    return Result.HANDLED;
  }

  /** The prompt and the query on the first line, the match below, the caret after the query. */
  private void showSearch() {
    String prompt = HistorySearch.PROMPT + search.query();
    setText(prompt + "\n" + search.match().orElse("(no match)"));
    setCaretPosition(0, prompt.length());
  }

  private void endSearch(String text) {
    search = null;
    beforeSearch = null;
    setText(text);
    moveCaretTo(text, text.length());
    updateCompletion();
  }

  private void updateCompletion() {
    if (completions == null) {
      return;
    }
    Optional<Query> now = Query.at(getText(), caretOffset());
    boolean newWord =
        now.isPresent()
            && (query.isEmpty()
                || query.get().start() != now.get().start()
                || query.get().trigger() != now.get().trigger());
    if (dismissed != null
        && (now.isEmpty()
            || now.get().start() != dismissed.start()
            || now.get().trigger() != dismissed.trigger())) {
      dismissed = null;
    }
    if (newWord && now.get().trigger() == Query.FILE) {
      completions.fileWordStarted();
    }
    query = now;
    List<String> next =
        now.isEmpty() || dismissed != null ? List.of() : completions.offer(now.get());
    if (!next.equals(offered)) {
      offered = next;
      selected = 0;
      completionChanged.run();
    }
  }

  private Result edit(KeyStroke key) {
    if (key instanceof BracketedPaste.Paste paste) {
      insert(shown(paste.text()));
      return Result.HANDLED;
    }
    if (isNewlineKey(key)) {
      return super.handleKeyStroke(new KeyStroke(KeyType.Enter));
    }
    UnaryOperator<LineEditing> edit = readlineEdit(key);
    if (edit != null) {
      apply(edit);
      return Result.HANDLED;
    }
    if (key.getKeyType() == KeyType.Character && (key.isCtrlDown() || key.isAltDown())) {
      // A Ctrl or Alt letter with no meaning here is never text.
      return Result.HANDLED;
    }
    KeyType type = key.getKeyType();
    if (type == KeyType.Enter && !key.isCtrlDown()) {
      send();
      return Result.HANDLED;
    }
    if (type == KeyType.ArrowUp && getCaretPosition().getRow() == 0) {
      replaceWith(history.previous(getText()));
      return Result.HANDLED;
    }
    if (type == KeyType.ArrowDown && getCaretPosition().getRow() >= getLineCount() - 1) {
      replaceWith(history.next());
      return Result.HANDLED;
    }
    if (type == KeyType.Tab || type == KeyType.ReverseTab) {
      return Result.UNHANDLED;
    }
    return super.handleKeyStroke(key);
  }

  private static UnaryOperator<LineEditing> readlineEdit(KeyStroke key) {
    KeyType type = key.getKeyType();
    if (type == KeyType.ArrowLeft && key.isCtrlDown()) {
      return LineEditing::wordLeft;
    }
    if (type == KeyType.ArrowRight && key.isCtrlDown()) {
      return LineEditing::wordRight;
    }
    if (type == KeyType.Backspace && key.isAltDown()) {
      return LineEditing::killWordBack;
    }
    // Lanterna's own steps are one char: half an emoji, or a letter without its accent.
    if (type == KeyType.Backspace) {
      return LineEditing::deleteBack;
    }
    if (type == KeyType.Delete) {
      return LineEditing::deleteForward;
    }
    if (type == KeyType.ArrowLeft) {
      return LineEditing::left;
    }
    if (type == KeyType.ArrowRight) {
      return LineEditing::right;
    }
    if (type != KeyType.Character || key.isCtrlDown() == key.isAltDown()) {
      return null;
    }
    char c = Character.toLowerCase(key.getCharacter());
    if (key.isCtrlDown()) {
      return switch (c) {
        case 'a' -> LineEditing::lineStart;
        case 'e' -> LineEditing::lineEnd;
        case 'k' -> LineEditing::killToEnd;
        case 'u' -> LineEditing::killToStart;
        case 'w' -> LineEditing::killSpaceWordBack;
        default -> null;
      };
    }
    return switch (c) {
      case 'b' -> LineEditing::wordLeft;
      case 'f' -> LineEditing::wordRight;
      default -> null;
    };
  }

  private void apply(UnaryOperator<LineEditing> edit) {
    String text = getText();
    LineEditing after = edit.apply(new LineEditing(text, caretOffset()));
    if (!after.text().equals(text)) {
      setText(after.text());
    }
    moveCaretTo(after.text(), after.caret());
  }

  /**
   * What the box shows for a paste: the text itself, or a label when it is large or holds a tab
   * (which the box would drop; the label keeps the text exact).
   */
  private String shown(String pasted) {
    long lines = pasted.lines().count();
    if (lines <= COLLAPSE_LINES && pasted.length() <= COLLAPSE_CHARS && pasted.indexOf('\t') < 0) {
      return pasted;
    }
    String label =
        collapsed.isEmpty()
            ? "[Pasted text, " + lines + (lines == 1 ? " line]" : " lines]")
            : "[Pasted text "
                + (collapsed.size() + 1)
                + ", "
                + lines
                + (lines == 1 ? " line]" : " lines]");
    collapsed.put(label, pasted);
    return label;
  }

  private void insert(String inserted) {
    String text = getText();
    int at = caretOffset();
    String after = text.substring(0, at) + inserted + text.substring(at);
    setText(after);
    moveCaretTo(after, at + inserted.length());
  }

  private int caretOffset() {
    TerminalPosition caret = getCaretPosition();
    int offset = 0;
    for (int row = 0; row < caret.getRow(); row++) {
      offset += getLine(row).length() + 1;
    }
    return offset + Math.min(caret.getColumn(), getLine(caret.getRow()).length());
  }

  private void moveCaretTo(String text, int offset) {
    int lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    int row = (int) text.substring(0, lineStart).chars().filter(c -> c == '\n').count();
    setCaretPosition(row, offset - lineStart);
  }

  private void send() {
    String text = getText();
    if (text.isBlank()) {
      return;
    }
    for (Map.Entry<String, String> paste : collapsed.entrySet()) {
      text = text.replace(paste.getKey(), paste.getValue());
    }
    collapsed.clear();
    history.add(text);
    setText("");
    onSend.accept(text);
  }

  private void replaceWith(String text) {
    if (text == null) {
      return;
    }
    setText(text);
    int last = getLineCount() - 1;
    setCaretPosition(last, getLine(last).length());
  }

  @Override
  public TerminalPosition getCursorLocation() {
    return isFocused() ? super.getCursorLocation() : null;
  }
}

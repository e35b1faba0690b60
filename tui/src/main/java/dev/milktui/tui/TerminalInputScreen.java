package dev.milktui.tui;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.Terminal;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;

/**
 * The screen, with two input duties Lanterna leaves out: a bracketed paste is read whole and handed
 * on as one {@link BracketedPaste.Paste}, and the end of the terminal's input is announced ({@link
 * #inputEnded}); Lanterna's GUI thread just stops on it, which would leave claude running.
 */
public final class TerminalInputScreen extends TerminalScreen {
  private final CompletableFuture<Void> inputEnded = new CompletableFuture<>();
  private final DeltaRefresh delta;

  // What decides between Lanterna's refresh and ours; Lanterna keeps its own copies private.
  private boolean started;
  private boolean fullRedrawPending;
  private boolean scrolled;

  public TerminalInputScreen(Terminal terminal) throws IOException {
    super(terminal);
    delta = new DeltaRefresh(terminal);
  }

  @Override
  public synchronized void startScreen() throws IOException {
    super.startScreen();
    started = true;
    fullRedrawPending = true;
  }

  @Override
  public synchronized void stopScreen(boolean flushInput) throws IOException {
    started = false;
    super.stopScreen(flushInput);
  }

  @Override
  public synchronized void clear() {
    super.clear();
    fullRedrawPending = true;
  }

  @Override
  public synchronized TerminalSize doResizeIfNecessary() {
    TerminalSize resized = super.doResizeIfNecessary();
    if (resized != null) {
      fullRedrawPending = true;
    }
    return resized;
  }

  @Override
  public synchronized void scrollLines(int firstLine, int lastLine, int distance) {
    super.scrollLines(firstLine, lastLine, distance);
    scrolled = true;
  }

  /**
   * Lanterna's refresh where everything must be redrawn (start, resize, clear) or a scroll was
   * recorded; otherwise the changed cells written by {@link DeltaRefresh}, which costs far less per
   * cell. Lanterna also redraws everything, clearing the screen first, once three quarters of the
   * cells changed; written cell by cell such a frame costs about the same and does not blink.
   */
  @Override
  public synchronized void refresh(RefreshType type) throws IOException {
    boolean ours =
        started
            && !scrolled
            && (type == RefreshType.DELTA || type == RefreshType.AUTOMATIC && !fullRedrawPending);
    if (!ours) {
      super.refresh(type);
      if (type != RefreshType.DELTA) {
        fullRedrawPending = false;
      }
      scrolled = false;
      return;
    }
    delta.write(getBackBuffer(), getFrontBuffer(), getTerminalSize());
    getBackBuffer().copyTo(getFrontBuffer());
    placeCursor();
    getTerminal().flush();
  }

  /** As Lanterna places it: never on the padding half of a wide character. */
  private void placeCursor() throws IOException {
    TerminalPosition cursor = getCursorPosition();
    if (cursor == null) {
      getTerminal().setCursorVisible(false);
      return;
    }
    getTerminal().setCursorVisible(true);
    if (cursor.getColumn() > 0
        && getFrontBuffer().getCharacterAt(cursor.withRelativeColumn(-1)).isDoubleWidth()) {
      getTerminal().setCursorPosition(cursor.getColumn() - 1, cursor.getRow());
    } else {
      getTerminal().setCursorPosition(cursor.getColumn(), cursor.getRow());
    }
  }

  /** Completes when the terminal's input has ended (EOF: the terminal went away). */
  CompletableFuture<Void> inputEnded() {
    return inputEnded;
  }

  @Override
  public KeyStroke pollInput() throws IOException {
    return assemble(super.pollInput());
  }

  @Override
  public KeyStroke readInput() throws IOException {
    return assemble(super.readInput());
  }

  private KeyStroke assemble(KeyStroke key) throws IOException {
    if (key != null && key.getKeyType() == KeyType.EOF) {
      inputEnded.complete(null);
    }
    if (!(key instanceof BracketedPaste.Marker marker) || !marker.start) {
      return key;
    }
    // The rest of the paste is already on its way: read it blocking, up to the end marker.
    BracketedPaste.Collector collector = new BracketedPaste.Collector();
    while (true) {
      KeyStroke next = super.readInput();
      if (next == null || next.getKeyType() == KeyType.EOF) {
        inputEnded.complete(null);
        return next;
      }
      if (next instanceof BracketedPaste.Marker) {
        return collector.paste();
      }
      collector.add(next);
    }
  }
}

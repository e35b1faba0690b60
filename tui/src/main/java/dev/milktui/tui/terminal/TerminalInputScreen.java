package dev.milktui.tui.terminal;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.Terminal;
import dev.milktui.tui.text.LinePainter;
import java.io.IOException;
import java.nio.charset.Charset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The screen, with two input duties Lanterna leaves out: a bracketed paste is read whole and handed
 * on as one {@link BracketedPaste.Paste}, and the end of the terminal's input is announced ({@link
 * #inputEnded}); Lanterna's GUI thread just stops on it, which would leave claude running.
 *
 * <p>Pasted text can hold a marker itself ({@code ESC[201~}: a paste-end injection), and many
 * terminals pass it on. The terminal's own end marker then follows in the same burst of input, so
 * what arrives at once after an end marker joins the paste whenever another marker comes in it: the
 * injected rest stays text and is never read as keys (an Enter there would send).
 *
 * <p>It also writes each frame's changed cells itself ({@link DeltaRefresh}), far more cheaply than
 * Lanterna's delta refresh, and takes the terminal's replies ({@link TerminalReplies}: focus
 * reports, a late background colour) out of the keys; a focus report goes to {@link #onFocus}.
 */
public final class TerminalInputScreen extends TerminalScreen {
  /** Input that arrives with no gap longer than this after a paste belongs to the same burst. */
  private static final long BURST_GAP_NANOS = TimeUnit.MILLISECONDS.toNanos(40);

  /** A burst is never read past this, so keys held down after a paste still arrive. */
  private static final long BURST_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(5);

  private final CompletableFuture<Void> inputEnded = new CompletableFuture<>();
  private final DeltaRefresh delta;

  /** Keys read ahead after a paste that were not part of it, in order. */
  private final Deque<KeyStroke> readAhead = new ArrayDeque<>();

  // What decides between Lanterna's refresh and ours; Lanterna keeps its own copies private.
  private boolean started;
  private boolean fullRedrawPending;
  private boolean scrolled;

  // Where each frame is written as one synchronized update (mode 2026), or null.
  private final SynchronizedUpdates.RawOutput synchronizedFrames;

  private final TerminalSignals signals;

  // The last cell drawn through setCharacter, and what was drawn for it.
  private TextCharacter lastPlain;
  private TextCharacter lastKnowingWidth;
  private Consumer<Boolean> focusListener = focused -> {};

  public TerminalInputScreen(Terminal terminal) throws IOException {
    this(terminal, false);
  }

  public TerminalInputScreen(Terminal terminal, boolean synchronizedFrames) throws IOException {
    this(terminal, synchronizedFrames, false);
  }

  /**
   * With {@code synchronizedFrames}, and a terminal that takes raw bytes, each frame goes out as
   * one synchronized update ({@link SynchronizedUpdates}); with {@code hyperlinks}, linked text as
   * OSC 8 hyperlinks ({@link HyperlinkSupport}).
   */
  public TerminalInputScreen(Terminal terminal, boolean synchronizedFrames, boolean hyperlinks)
      throws IOException {
    super(terminal);
    delta =
        new DeltaRefresh(
            terminal,
            hyperlinks && terminal instanceof SynchronizedUpdates.RawOutput raw ? raw : null);
    this.synchronizedFrames =
        synchronizedFrames && terminal instanceof SynchronizedUpdates.RawOutput raw ? raw : null;
    this.signals =
        terminal instanceof SynchronizedUpdates.RawOutput raw
            ? new TerminalSignals(
                bytes -> {
                  raw.writeRaw(bytes);
                  terminal.flush();
                },
                System.getenv("TMUX") != null,
                Charset.defaultCharset())
            : TerminalSignals.NONE;
  }

  /** The bell, notifications and title of this screen's terminal. */
  public TerminalSignals signals() {
    return signals;
  }

  /** Hears each focus report (true: gained), on the thread that reads the keys. */
  public void onFocus(Consumer<Boolean> listener) {
    this.focusListener = listener;
  }

  /** Keys read before the screen (while the terminal was asked something), to be read first. */
  public void typedAhead(List<KeyStroke> keys) {
    readAhead.addAll(keys);
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
    signals.leave();
    super.stopScreen(flushInput);
  }

  /**
   * Lanterna blanks the whole screen before each frame (behind the windows) with one new plain
   * cell, whose width it then works out from Unicode tables for each of the screen's cells; the
   * blank is drawn as a copy that knows its width, made once per frame.
   */
  @Override
  public synchronized void setCharacter(int column, int row, TextCharacter character) {
    if (character != lastPlain) {
      lastPlain = character;
      lastKnowingWidth = LinePainter.knowingWidth(character);
    }
    super.setCharacter(column, row, lastKnowingWidth);
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
    if (synchronizedFrames == null || !started) {
      draw(type);
      return;
    }
    synchronizedFrames.writeRaw(SynchronizedUpdates.BEGIN);
    try {
      draw(type);
    } finally {
      synchronizedFrames.writeRaw(SynchronizedUpdates.END);
      getTerminal().flush();
    }
  }

  private void draw(RefreshType type) throws IOException {
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
      if (delta.writeLinks(getFrontBuffer(), getTerminalSize())) {
        placeCursor();
        getTerminal().flush();
      }
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
  public CompletableFuture<Void> inputEnded() {
    return inputEnded;
  }

  @Override
  public KeyStroke pollInput() throws IOException {
    while (true) {
      KeyStroke key = assemble(readAhead.isEmpty() ? super.pollInput() : readAhead.poll());
      if (!(key instanceof TerminalReplies.Reply reply)) {
        return key;
      }
      take(reply);
    }
  }

  @Override
  public KeyStroke readInput() throws IOException {
    while (true) {
      KeyStroke key = assemble(readAhead.isEmpty() ? super.readInput() : readAhead.poll());
      if (!(key instanceof TerminalReplies.Reply reply)) {
        return key;
      }
      take(reply);
    }
  }

  /** A reply is never a key: a focus report is told, anything else (a late answer) dropped. */
  private void take(TerminalReplies.Reply reply) {
    if (reply instanceof TerminalReplies.Focus focus) {
      focusListener.accept(focus.focused);
    }
  }

  private KeyStroke assemble(KeyStroke key) throws IOException {
    if (key != null && key.getKeyType() == KeyType.EOF) {
      inputEnded.complete(null);
    }
    if (!(key instanceof BracketedPaste.Marker marker) || !marker.start) {
      return key;
    }
    BracketedPaste.Collector collector = new BracketedPaste.Collector();
    while (true) {
      // Inside the paste: its rest is already on its way, so read it blocking, up to an end marker.
      // A start marker inside is text the terminal passed on; it is dropped.
      KeyStroke next = readAhead.isEmpty() ? super.readInput() : readAhead.poll();
      if (next == null || next.getKeyType() == KeyType.EOF) {
        inputEnded.complete(null);
        return next;
      }
      if (!(next instanceof BracketedPaste.Marker inner)) {
        collector.add(next);
      } else if (!inner.start && !continuesAfterEnd(collector)) {
        return collector.paste();
      }
    }
  }

  /**
   * After an end marker: reads what arrives at once. Up to the last marker in it, that is pasted
   * text (added to {@code collector}); true when the last one reopens the paste. Everything after
   * it, or the whole burst when it holds no marker, is kept to be read as keys.
   */
  private boolean continuesAfterEnd(BracketedPaste.Collector collector) throws IOException {
    while (true) {
      List<KeyStroke> burst = burst();
      int last = burst.size() - 1;
      while (last >= 0 && !(burst.get(last) instanceof BracketedPaste.Marker)) {
        last--;
      }
      for (int i = burst.size() - 1; i > last; i--) {
        readAhead.addFirst(burst.get(i));
      }
      if (last < 0) {
        return false;
      }
      for (KeyStroke key : burst.subList(0, last)) {
        if (!(key instanceof BracketedPaste.Marker)) {
          collector.add(key);
        }
      }
      if (((BracketedPaste.Marker) burst.get(last)).start) {
        return true;
      }
    }
  }

  /**
   * The keys available now and those that follow with no gap longer than {@link #BURST_GAP_NANOS}.
   */
  private List<KeyStroke> burst() throws IOException {
    List<KeyStroke> keys = new ArrayList<>();
    long start = System.nanoTime();
    long quietSince = start;
    while (System.nanoTime() - start < BURST_LIMIT_NANOS) {
      KeyStroke key = readAhead.isEmpty() ? super.pollInput() : readAhead.poll();
      if (key != null) {
        keys.add(key);
        if (key.getKeyType() == KeyType.EOF) {
          break;
        }
        quietSince = System.nanoTime();
      } else if (System.nanoTime() - quietSince >= BURST_GAP_NANOS) {
        break;
      } else {
        try {
          Thread.sleep(2);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
    }
    return keys;
  }
}

package dev.milktui.tui;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.Terminal;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The screen, with two input duties Lanterna leaves out: a bracketed paste is read whole and handed
 * on as one {@link BracketedPaste.Paste}, and the end of the terminal's input is announced ({@link
 * #inputEnded}); Lanterna's GUI thread just stops on it, which would leave claude running.
 *
 * <p>Pasted text can hold a marker itself ({@code ESC[201~}: a paste-end injection), and many
 * terminals pass it on. The terminal's own end marker then follows in the same burst of input, so
 * what arrives at once after an end marker joins the paste whenever another marker comes in it: the
 * injected rest stays text and is never read as keys (an Enter there would send).
 */
final class TerminalInputScreen extends TerminalScreen {
  /** Input that arrives with no gap longer than this after a paste belongs to the same burst. */
  private static final long BURST_GAP_NANOS = TimeUnit.MILLISECONDS.toNanos(40);

  /** A burst is never read past this, so keys held down after a paste still arrive. */
  private static final long BURST_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(5);

  private final CompletableFuture<Void> inputEnded = new CompletableFuture<>();

  /** Keys read ahead after a paste that were not part of it, in order. */
  private final Deque<KeyStroke> readAhead = new ArrayDeque<>();

  TerminalInputScreen(Terminal terminal) throws IOException {
    super(terminal);
  }

  /** Completes when the terminal's input has ended (EOF: the terminal went away). */
  CompletableFuture<Void> inputEnded() {
    return inputEnded;
  }

  @Override
  public KeyStroke pollInput() throws IOException {
    return assemble(readAhead.isEmpty() ? super.pollInput() : readAhead.poll());
  }

  @Override
  public KeyStroke readInput() throws IOException {
    return assemble(readAhead.isEmpty() ? super.readInput() : readAhead.poll());
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

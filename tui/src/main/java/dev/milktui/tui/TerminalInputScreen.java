package dev.milktui.tui;

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
final class TerminalInputScreen extends TerminalScreen {
  private final CompletableFuture<Void> inputEnded = new CompletableFuture<>();

  TerminalInputScreen(Terminal terminal) throws IOException {
    super(terminal);
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

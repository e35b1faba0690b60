package dev.milktui.tui.copy;

import com.googlecode.lanterna.screen.Screen;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.Terminal;
import dev.milktui.tui.terminal.SynchronizedUpdates;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** The raw output of the terminal under a screen, where it has one (a virtual one has none). */
public final class ScreenOutput {
  private ScreenOutput() {}

  public static Optional<Clipboard.Terminal> of(Screen screen) {
    if (screen instanceof TerminalScreen s
        && s.getTerminal() instanceof SynchronizedUpdates.RawOutput raw) {
      Terminal terminal = s.getTerminal();
      return Optional.of(
          sequence -> {
            // Sequences are ASCII (OSC 52's payload is base64); written whole, then flushed.
            raw.writeRaw(sequence.getBytes(StandardCharsets.US_ASCII));
            terminal.flush();
          });
    }
    return Optional.empty();
  }
}

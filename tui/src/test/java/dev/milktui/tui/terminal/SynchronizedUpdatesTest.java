package dev.milktui.tui.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.screen.Screen;
import com.googlecode.lanterna.terminal.ansi.ANSITerminal;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SynchronizedUpdatesTest {
  private static final String BEGIN = "\u001b[?2026h";
  private static final String END = "\u001b[?2026l";

  @Test
  void knownTerminalsGetSynchronizedFramesAndOthersDoNot() {
    assertThat(SynchronizedUpdates.wanted(Map.of("TERM", "xterm-kitty"))).isTrue();
    assertThat(SynchronizedUpdates.wanted(Map.of("TERM", "foot-extra"))).isTrue();
    assertThat(
            SynchronizedUpdates.wanted(Map.of("TERM", "xterm-256color", "TERM_PROGRAM", "WezTerm")))
        .isTrue();
    assertThat(SynchronizedUpdates.wanted(Map.of("TERM", "screen", "TMUX", "/tmp/tmux-1/default")))
        .isTrue();
    assertThat(SynchronizedUpdates.wanted(Map.of("TERM", "xterm-256color"))).isFalse();
    assertThat(SynchronizedUpdates.wanted(Map.of("TERM", "linux"))).isFalse();
  }

  @Test
  void theVariableTurnsThemOffOrOnWhateverTheTerminal() {
    assertThat(
            SynchronizedUpdates.wanted(
                Map.of("TERM", "xterm-kitty", SynchronizedUpdates.VARIABLE, "0")))
        .isFalse();
    assertThat(
            SynchronizedUpdates.wanted(Map.of("TERM", "xterm", SynchronizedUpdates.VARIABLE, "1")))
        .isTrue();
  }

  @Test
  void eachFrameIsOneSynchronizedUpdateFullOrDelta() throws IOException {
    RecordingTerminal terminal = new RecordingTerminal();
    TerminalInputScreen screen = new TerminalInputScreen(terminal, true);
    screen.startScreen();
    terminal.take();
    screen.newTextGraphics().putString(0, 0, "first");
    screen.refresh(Screen.RefreshType.COMPLETE);
    String full = terminal.take();
    screen.newTextGraphics().putString(0, 1, "second");
    screen.refresh(Screen.RefreshType.DELTA);
    String delta = terminal.take();
    for (String frame : new String[] {full, delta}) {
      assertThat(frame).startsWith(BEGIN).endsWith(END);
      assertThat(frame.indexOf(BEGIN, 1)).isNegative();
    }
    assertThat(full).contains("first");
    assertThat(delta).contains("second").doesNotContain("first");
  }

  @Test
  void withoutThemAFrameHasNoMarks() throws IOException {
    RecordingTerminal terminal = new RecordingTerminal();
    TerminalInputScreen screen = new TerminalInputScreen(terminal, false);
    screen.startScreen();
    screen.newTextGraphics().putString(0, 0, "first");
    screen.refresh(Screen.RefreshType.DELTA);
    assertThat(terminal.take()).contains("first").doesNotContain(BEGIN).doesNotContain(END);
  }

  /** An ANSI terminal of a fixed size that keeps what is written to it. */
  private static final class RecordingTerminal extends ANSITerminal
      implements SynchronizedUpdates.RawOutput {
    private final ByteArrayOutputStream out;

    RecordingTerminal() {
      this(new ByteArrayOutputStream());
    }

    private RecordingTerminal(ByteArrayOutputStream out) {
      super(new ByteArrayInputStream(new byte[0]), out, StandardCharsets.UTF_8);
      this.out = out;
    }

    @Override
    public void writeRaw(byte[] bytes) throws IOException {
      writeToTerminal(bytes);
    }

    @Override
    protected TerminalSize findTerminalSize() {
      return new TerminalSize(20, 4);
    }

    String take() throws IOException {
      flush();
      String written = out.toString(StandardCharsets.UTF_8);
      out.reset();
      return written;
    }
  }
}

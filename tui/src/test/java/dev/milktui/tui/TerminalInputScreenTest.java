package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class TerminalInputScreenTest {
  private final DefaultVirtualTerminal vt = new DefaultVirtualTerminal(new TerminalSize(40, 10));

  @Test
  void theEndOfTheTerminalsInputIsAnnounced() throws IOException {
    TerminalInputScreen screen = new TerminalInputScreen(vt);
    vt.addInput(new KeyStroke('a', false, false));
    assertThat(screen.pollInput().getCharacter()).isEqualTo('a');
    assertThat(screen.inputEnded()).isNotDone();

    vt.addInput(new KeyStroke(KeyType.EOF));
    assertThat(screen.pollInput().getKeyType()).isEqualTo(KeyType.EOF);
    assertThat(screen.inputEnded()).isDone();
  }

  @Test
  void inputEndingInsideAPasteIsAnnouncedToo() throws IOException {
    TerminalInputScreen screen = new TerminalInputScreen(vt);
    vt.addInput(new BracketedPaste.Marker(true));
    vt.addInput(new KeyStroke('a', false, false));
    vt.addInput(new KeyStroke(KeyType.EOF));
    assertThat(screen.pollInput().getKeyType()).isEqualTo(KeyType.EOF);
    assertThat(screen.inputEnded()).isDone();
  }

  @Test
  void aPasteArrivesAsOneStroke() throws IOException {
    TerminalInputScreen screen = new TerminalInputScreen(vt);
    vt.addInput(new BracketedPaste.Marker(true));
    vt.addInput(new KeyStroke('a', false, false));
    vt.addInput(new KeyStroke(KeyType.Enter));
    vt.addInput(new KeyStroke('b', false, false));
    vt.addInput(new BracketedPaste.Marker(false));
    vt.addInput(new KeyStroke('c', false, false));
    assertThat(screen.pollInput())
        .isInstanceOfSatisfying(
            BracketedPaste.Paste.class, p -> assertThat(p.text()).isEqualTo("a\nb"));
    assertThat(screen.pollInput().getCharacter()).isEqualTo('c');
  }
}

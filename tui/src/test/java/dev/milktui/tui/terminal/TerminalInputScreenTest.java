package dev.milktui.tui.terminal;

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

  private void keys(String text) {
    for (char c : text.toCharArray()) {
      vt.addInput(c == '\r' ? new KeyStroke(KeyType.Enter) : new KeyStroke(c, false, false));
    }
  }

  @Test
  void textAfterAnEndMarkerInsideThePasteStaysText() throws IOException {
    TerminalInputScreen screen = new TerminalInputScreen(vt);
    vt.addInput(new BracketedPaste.Marker(true));
    keys("hi\r");
    vt.addInput(new BracketedPaste.Marker(false));
    keys("\rrm -rf build\r");
    vt.addInput(new BracketedPaste.Marker(false));
    keys("x");
    assertThat(screen.pollInput())
        .isInstanceOfSatisfying(
            BracketedPaste.Paste.class,
            p -> assertThat(p.text()).isEqualTo("hi\n\nrm -rf build\n"));
    assertThat(screen.pollInput().getCharacter()).isEqualTo('x');
    assertThat(screen.pollInput()).isNull();
  }

  @Test
  void aStartMarkerInsideThePasteNeitherEndsNorReopensIt() throws IOException {
    TerminalInputScreen screen = new TerminalInputScreen(vt);
    vt.addInput(new BracketedPaste.Marker(true));
    keys("a");
    vt.addInput(new BracketedPaste.Marker(true));
    keys("\rb");
    vt.addInput(new BracketedPaste.Marker(false));
    assertThat(screen.pollInput())
        .isInstanceOfSatisfying(
            BracketedPaste.Paste.class, p -> assertThat(p.text()).isEqualTo("a\nb"));
    assertThat(screen.pollInput()).isNull();
  }

  @Test
  void anInjectedEndThenStartKeepsEverythingInOnePaste() throws IOException {
    TerminalInputScreen screen = new TerminalInputScreen(vt);
    vt.addInput(new BracketedPaste.Marker(true));
    keys("a");
    vt.addInput(new BracketedPaste.Marker(false));
    keys("\rsent?\r");
    vt.addInput(new BracketedPaste.Marker(true));
    keys("b");
    vt.addInput(new BracketedPaste.Marker(false));
    keys("c");
    assertThat(screen.pollInput())
        .isInstanceOfSatisfying(
            BracketedPaste.Paste.class, p -> assertThat(p.text()).isEqualTo("a\nsent?\nb"));
    assertThat(screen.pollInput().getCharacter()).isEqualTo('c');
  }

  @Test
  void keysAfterAPasteStillArriveInOrder() throws IOException {
    TerminalInputScreen screen = new TerminalInputScreen(vt);
    vt.addInput(new BracketedPaste.Marker(true));
    keys("a");
    vt.addInput(new BracketedPaste.Marker(false));
    keys("b\r");
    vt.addInput(new KeyStroke(KeyType.EOF));
    assertThat(screen.pollInput()).isInstanceOf(BracketedPaste.Paste.class);
    assertThat(screen.pollInput().getCharacter()).isEqualTo('b');
    assertThat(screen.inputEnded()).isNotDone();
    assertThat(screen.pollInput().getKeyType()).isEqualTo(KeyType.Enter);
    assertThat(screen.readInput().getKeyType()).isEqualTo(KeyType.EOF);
    assertThat(screen.inputEnded()).isDone();
  }
}

package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.input.DefaultKeyDecodingProfile;
import com.googlecode.lanterna.input.InputDecoder;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.input.MouseAction;
import com.googlecode.lanterna.input.MouseActionType;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.tui.terminal.SgrMouse;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SGR mouse reports are decoded, and the wheel scrolls the pane under the pointer. */
class SgrMouseTest {
  @TempDir Path dir;

  private static List<KeyStroke> decode(String input) throws IOException {
    InputDecoder decoder = new InputDecoder(new StringReader(input));
    decoder.addProfile(new DefaultKeyDecodingProfile());
    decoder.addProfile(SgrMouse.PROFILE);
    List<KeyStroke> keys = new ArrayList<>();
    for (KeyStroke k = decoder.getNextCharacter(false);
        k.getKeyType() != KeyType.EOF;
        k = decoder.getNextCharacter(false)) {
      keys.add(k);
    }
    return keys;
  }

  @Test
  void wheelReportsDecodeToScrollActionsAtZeroBasedPositions() throws IOException {
    List<KeyStroke> keys = decode("\u001b[<64;10;5M\u001b[<65;200;60Mx");
    assertThat(keys).hasSize(3);
    MouseAction up = (MouseAction) keys.get(0);
    assertThat(up.getActionType()).isEqualTo(MouseActionType.SCROLL_UP);
    assertThat(up.getPosition()).isEqualTo(new TerminalPosition(9, 4));
    MouseAction down = (MouseAction) keys.get(1);
    assertThat(down.getActionType()).isEqualTo(MouseActionType.SCROLL_DOWN);
    assertThat(down.getPosition()).isEqualTo(new TerminalPosition(199, 59));
    assertThat(keys.get(2).getCharacter()).isEqualTo('x');
  }

  @Test
  void clickReportsAreConsumedWholeNotTypedAsText() throws IOException {
    List<KeyStroke> keys = decode("\u001b[<0;3;4M\u001b[<0;3;4mx");
    assertThat(keys).hasSize(3);
    assertThat(keys.subList(0, 2)).allMatch(k -> k instanceof MouseAction);
    assertThat(keys.get(2).getCharacter()).isEqualTo('x');
  }

  @Test
  void theWheelOverTheTranscriptScrollsItAndAClickTypesNothing() {
    Harness h =
        new Harness(
            80,
            24,
            TuiConfig.defaults()
                .withDialogInputPause(Duration.ZERO)
                .withHistoryFile(dir.resolve("h"))
                .withWorkers(Runnable::run));
    for (int i = 0; i < 60; i++) {
      h.listener().accept(new SessionEvent.Notice(SessionEvent.Level.INFO, "row " + i));
    }
    h.pump();
    assertThat(h.controller.transcriptView().linesBelow()).isZero();

    h.key(new MouseAction(MouseActionType.SCROLL_UP, 64, new TerminalPosition(10, 3)));
    assertThat(h.controller.transcriptView().linesBelow()).isEqualTo(3);
    h.key(new MouseAction(MouseActionType.SCROLL_DOWN, 65, new TerminalPosition(10, 3)));
    assertThat(h.controller.transcriptView().linesBelow()).isZero();

    h.key(new MouseAction(MouseActionType.MOVE, 0, new TerminalPosition(10, 3)));
    assertThat(h.controller.input().getText()).isEmpty();
  }
}

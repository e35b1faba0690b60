package dev.milktui.tui.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.input.DefaultKeyDecodingProfile;
import com.googlecode.lanterna.input.InputDecoder;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The terminal's replies as Lanterna decodes them with the profile, and kept out of the keys. */
class TerminalRepliesTest {
  private static List<KeyStroke> decode(String input) throws IOException {
    InputDecoder decoder = new InputDecoder(new StringReader(input));
    decoder.addProfile(new DefaultKeyDecodingProfile());
    decoder.addProfile(BracketedPaste.MARKERS);
    decoder.addProfile(SgrMouse.PROFILE);
    decoder.addProfile(TerminalReplies.PROFILE);
    List<KeyStroke> keys = new ArrayList<>();
    for (KeyStroke k = decoder.getNextCharacter(false);
        k != null && k.getKeyType() != KeyType.EOF;
        k = decoder.getNextCharacter(false)) {
      keys.add(k);
    }
    return keys;
  }

  private static String typed(List<KeyStroke> keys) {
    StringBuilder out = new StringBuilder();
    for (KeyStroke k : keys) {
      if (k.getKeyType() == KeyType.Character) {
        out.append(k.getCharacter());
      } else if (!(k instanceof TerminalReplies.Reply)) {
        out.append('<').append(k.getKeyType()).append('>');
      }
    }
    return out.toString();
  }

  @Test
  void focusReportsAreDecodedAsRepliesNotText() throws IOException {
    List<KeyStroke> keys = decode("a\u001b[Ob\u001b[Ic");

    assertThat(typed(keys)).isEqualTo("abc");
    assertThat(keys.get(1))
        .isInstanceOfSatisfying(TerminalReplies.Focus.class, f -> assertThat(f.focused).isFalse());
    assertThat(keys.get(3))
        .isInstanceOfSatisfying(TerminalReplies.Focus.class, f -> assertThat(f.focused).isTrue());
  }

  @Test
  void aBackgroundAnswerEndedByStOrBelIsOneReply() throws IOException {
    List<KeyStroke> st = decode("\u001b]11;rgb:ffff/ffff/ffff\u001b\\x");
    List<KeyStroke> bel = decode("\u001b]11;rgb:00/00/00\u0007x");

    assertThat(st.get(0))
        .isInstanceOfSatisfying(
            TerminalReplies.Background.class,
            b -> assertThat(b.spec).isEqualTo("rgb:ffff/ffff/ffff"));
    assertThat(bel.get(0))
        .isInstanceOfSatisfying(
            TerminalReplies.Background.class, b -> assertThat(b.spec).isEqualTo("rgb:00/00/00"));
    assertThat(typed(st)).isEqualTo("x");
    assertThat(typed(bel)).isEqualTo("x");
  }

  @Test
  void deviceAttributesAreOneReply() throws IOException {
    List<KeyStroke> keys = decode("\u001b[?64;1;2;6;22cz");

    assertThat(keys.get(0)).isInstanceOf(TerminalReplies.DeviceAttributes.class);
    assertThat(typed(keys)).isEqualTo("z");
  }

  @Test
  void theScreenTellsFocusAndNeverHandsAReplyOnAsAKey() throws IOException {
    DefaultVirtualTerminal vt = new DefaultVirtualTerminal(new TerminalSize(40, 10));
    TerminalInputScreen screen = new TerminalInputScreen(vt);
    List<Boolean> focus = new ArrayList<>();
    screen.onFocus(focus::add);
    vt.addInput(new TerminalReplies.Focus(false));
    vt.addInput(new TerminalReplies.Background("rgb:0/0/0"));
    vt.addInput(new KeyStroke('a', false, false));
    vt.addInput(new TerminalReplies.Focus(true));
    vt.addInput(new TerminalReplies.DeviceAttributes());

    assertThat(screen.pollInput().getCharacter()).isEqualTo('a');
    assertThat(screen.pollInput()).isNull();
    assertThat(focus).containsExactly(false, true);
  }

  @Test
  void keysTypedWhileTheTerminalWasAskedComeFirst() throws IOException {
    DefaultVirtualTerminal vt = new DefaultVirtualTerminal(new TerminalSize(40, 10));
    TerminalInputScreen screen = new TerminalInputScreen(vt);
    screen.typedAhead(List.of(new KeyStroke('h', false, false)));
    vt.addInput(new KeyStroke('i', false, false));

    assertThat(screen.pollInput().getCharacter()).isEqualTo('h');
    assertThat(screen.pollInput().getCharacter()).isEqualTo('i');
  }
}

package dev.milktui.tui.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.InputDecoder;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The paste markers as Lanterna decodes them, and a paste's keys joined into its text. */
class BracketedPasteDecodingTest {
  @Test
  void lanternaDecodesTheMarkersWithTheProfile() throws IOException {
    InputDecoder decoder = new InputDecoder(new StringReader("\u001b[200~a\u001b[201~"));
    decoder.addProfile(new com.googlecode.lanterna.input.DefaultKeyDecodingProfile());
    decoder.addProfile(BracketedPaste.MARKERS);
    List<KeyStroke> keys = new ArrayList<>();
    for (KeyStroke k = decoder.getNextCharacter(false);
        k.getKeyType() != KeyType.EOF;
        k = decoder.getNextCharacter(false)) {
      keys.add(k);
    }
    assertThat(keys).hasSize(3);
    assertThat(keys.get(0))
        .isInstanceOfSatisfying(BracketedPaste.Marker.class, m -> assertThat(m.start).isTrue());
    assertThat(keys.get(1).getCharacter()).isEqualTo('a');
    assertThat(keys.get(2))
        .isInstanceOfSatisfying(BracketedPaste.Marker.class, m -> assertThat(m.start).isFalse());
  }

  @Test
  void crLfLineEndsBecomeOneNewline() {
    BracketedPaste.Collector collector = new BracketedPaste.Collector();
    collector.add(new KeyStroke('a', false, false));
    collector.add(new KeyStroke(KeyType.Enter));
    collector.add(new KeyStroke('j', true, false));
    collector.add(new KeyStroke('j', true, false));
    collector.add(new KeyStroke('b', false, false));
    assertThat(collector.paste().text()).isEqualTo("a\n\nb");
  }
}

package dev.milktui.tui.keys;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import org.junit.jupiter.api.Test;

/** Key names as the keys file and the help write them, and the strokes they match. */
class KeyChordTest {
  private static KeyChord chord(String name) {
    return KeyChord.parse(name).orElseThrow();
  }

  @Test
  void aCtrlLetterMatchesInEitherCaseAndIsShownInCapitals() {
    KeyChord ctrlR = chord("ctrl+r");
    assertThat(ctrlR.matches(new KeyStroke('r', true, false))).isTrue();
    assertThat(ctrlR.matches(new KeyStroke('R', true, false))).isTrue();
    assertThat(ctrlR.matches(new KeyStroke('r', false, false))).isFalse();
    assertThat(ctrlR).hasToString("Ctrl+R");
  }

  @Test
  void anAltLetterIsItsKeyAndShiftAsksForTheCapital() {
    assertThat(chord("Alt+T").matches(new KeyStroke('t', false, true))).isTrue();
    assertThat(chord("Alt+T").matches(new KeyStroke('T', false, true))).isFalse();
    assertThat(chord("Alt+Shift+T").matches(new KeyStroke('T', false, true))).isTrue();
    assertThat(chord("Alt+Shift+T")).hasToString("Alt+Shift+T");
  }

  @Test
  void namedKeysAndShiftTabAreRead() {
    assertThat(chord("Shift+Tab").matches(new KeyStroke(KeyType.ReverseTab))).isTrue();
    assertThat(chord("esc").matches(new KeyStroke(KeyType.Escape))).isTrue();
    assertThat(chord("F12").matches(new KeyStroke(KeyType.F12))).isTrue();
    assertThat(chord("PageDown")).hasToString("PgDn");
    assertThat(chord("Ctrl+Space").matches(new KeyStroke(' ', true, false))).isTrue();
  }

  @Test
  void whatNamesNoKeyIsRefused() {
    for (String name : new String[] {"", "Ctrl+", "Hyper+X", "F0", "F13", "ab", "Ctrl+1"}) {
      assertThat(KeyChord.parse(name)).as(name).isEmpty();
    }
  }

  @Test
  void everyChordMatchesTheStrokeItMakes() {
    for (String name : new String[] {"Ctrl+O", "Alt+R", "F4", "Shift+Tab", "Esc", "?", "Alt+Up"}) {
      KeyChord c = chord(name);
      assertThat(c.matches(c.stroke())).as(name).isTrue();
      assertThat(chord(c.toString())).as(name).isEqualTo(c);
    }
  }
}

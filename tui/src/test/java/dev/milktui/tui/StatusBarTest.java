package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TextCharacter;
import dev.milktui.tui.app.Activity;
import dev.milktui.tui.keys.KeyMap;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.Palette;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatusBarTest {

  private static final String SUMMARY = "Bash, Read; edits in cwd and /tmp";

  @Test
  void showsWhatTheBaselineAllowsWhereThereIsRoom() {
    StatusBar bar = new StatusBar(new Palette(false));
    bar.baseline(SUMMARY);

    assertThat(bar.text(160)).contains("│ baseline: Bash, Read; edits in cwd and /tmp ");
  }

  @Test
  void saysTheBaselineIsOnWhenTheSummaryDoesNotFit() {
    StatusBar bar = new StatusBar(new Palette(false));
    bar.baseline(SUMMARY);

    assertThat(bar.text(80)).contains("│ baseline on").doesNotContain("edits in cwd");
  }

  @Test
  void saysSoWhenThereIsNoBaseline() {
    StatusBar bar = new StatusBar(new Palette(false));
    bar.baseline("");

    assertThat(bar.text(120)).contains("│ no baseline").doesNotContain("baseline:");
  }

  @Test
  void aSummaryCannotDriveTheTerminal() {
    StatusBar bar = new StatusBar(new Palette(false));
    bar.baseline("Bash\u001b]0;title\u0007");

    assertThat(bar.text(140)).doesNotContain("\u001b", "\u0007");
  }

  @Test
  void theEssentialKeysStayAtEveryWidthFromTheMinimumUp() {
    StatusBar bar = new StatusBar(new Palette(false));
    bar.baseline(SUMMARY);
    bar.session("de305d54-75b4-431b-adb2-eb6b9e546014", "claude-opus-5-5");
    bar.activity(Activity.WAITING_FOR_YOU, "permission");
    bar.usage(8_900, 0.0364);

    for (int width = 60; width <= 200; width++) {
      String text = bar.text(width);
      assertThat(Columns.width(text)).as("width %d", width).isEqualTo(width);
      assertThat(text)
          .as("width %d", width)
          .contains("send")
          .contains("Esc stop")
          .contains("F1 help")
          .contains("^C^C quit")
          .contains("● waiting");
    }
  }

  @Test
  void belowAHundredColumnsTheOtherItemsGiveWayBeforeTheKeys() {
    StatusBar bar = new StatusBar(new Palette(false));
    bar.baseline(SUMMARY);
    bar.session("de305d54-75b4-431b-adb2-eb6b9e546014", "claude-opus-5-5");
    bar.usage(8_900, 0.0364);

    assertThat(bar.text(80))
        .contains(new KeyMap().hints("·", true))
        .contains("default")
        .contains("baseline on")
        .doesNotContain("de305d54");
    assertThat(bar.text(200))
        .contains("de305d54")
        .contains("$0.0364")
        .contains(new KeyMap().hints(" · ", false));
  }

  @Test
  void emojiAndCombiningMarksInTheBarLeaveTheKeysAtTheRightEdge() {
    Harness h = new Harness(200, 20);
    h.controller.showBaseline("Bash 👩‍💻 🇫🇷 e\u0301 ⚠️ edits");
    h.pump();

    List<TextCharacter> cells = h.cells();
    StringBuilder end = new StringBuilder();
    for (int col = 200 - 5; col < 200; col++) {
      end.append(cells.get(19 * 200 + col).getCharacterString());
    }
    assertThat(end.toString()).isEqualTo("quit ");
  }
}

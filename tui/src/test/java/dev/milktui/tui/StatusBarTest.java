package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatusBarTest {

  private static final String SUMMARY = "Bash, Read; edits in cwd and /tmp";

  @Test
  void showsWhatTheBaselineAllowsWhereThereIsRoom() {
    StatusBar bar = new StatusBar(new Palette(false));
    bar.baseline(SUMMARY);

    assertThat(bar.text(140)).contains("│ baseline: Bash, Read; edits in cwd and /tmp ");
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
}

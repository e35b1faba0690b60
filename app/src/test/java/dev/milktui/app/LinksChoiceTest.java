package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.milktui.tui.terminal.HyperlinkSupport;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LinksChoiceTest {
  @Test
  void theFlagForcesHyperlinksEitherWayWhateverTheTerminal() {
    assertThat(LinksChoice.hyperlinks(Map.of("TMUX", "x"), HyperlinkSupport.Mode.OSC8)).isTrue();
    assertThat(LinksChoice.hyperlinks(Map.of("TERM", "xterm-kitty"), HyperlinkSupport.Mode.PLAIN))
        .isFalse();
  }

  @Test
  void withoutTheFlagTheVariableThenTheTerminalDecide() {
    assertThat(LinksChoice.hyperlinks(Map.of("TERM", "xterm-kitty"), null)).isTrue();
    assertThat(
            LinksChoice.hyperlinks(
                Map.of("TERM", "xterm-kitty", HyperlinkSupport.VARIABLE, "plain"), null))
        .isFalse();
    assertThat(LinksChoice.hyperlinks(Map.of("TERM", "xterm-256color"), null)).isFalse();
  }

  @Test
  void aWrongFlagIsRefusedWithTheChoices() {
    assertThatThrownBy(() -> new LinksChoice.Converter().convert("yes"))
        .hasMessageContaining("osc8, plain or auto");
  }

  @Test
  void aWrongChoiceOnTheCommandLineIsAUsageErrorNamingTheValue() throws Exception {
    for (String flag : new String[] {"--links", "--notify", "--theme"}) {
      ScanCommandTest.Run run = ScanCommandTest.run(flag, "purple", "--version");

      assertThat(run.exitCode()).as(flag).isEqualTo(2);
      assertThat(run.err()).as(flag).contains(flag).contains("purple");
    }
  }
}

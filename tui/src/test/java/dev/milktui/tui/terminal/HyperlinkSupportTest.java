package dev.milktui.tui.terminal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.milktui.tui.terminal.HyperlinkSupport.Mode;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HyperlinkSupportTest {
  private static boolean auto(Map<String, String> environment) {
    return HyperlinkSupport.enabled(Mode.AUTO, environment);
  }

  @Test
  void knownTerminalsGetHyperlinks() {
    assertThat(auto(Map.of("TERM_PROGRAM", "iTerm.app"))).isTrue();
    assertThat(auto(Map.of("TERM_PROGRAM", "WezTerm"))).isTrue();
    assertThat(auto(Map.of("TERM_PROGRAM", "vscode"))).isTrue();
    assertThat(auto(Map.of("TERM_PROGRAM", "ghostty"))).isTrue();
    assertThat(auto(Map.of("TERM", "xterm-kitty"))).isTrue();
    assertThat(auto(Map.of("TERM", "foot-extra"))).isTrue();
    assertThat(auto(Map.of("TERM", "xterm-256color", "WT_SESSION", "abc"))).isTrue();
    assertThat(auto(Map.of("TERM", "xterm-256color", "VTE_VERSION", "7600"))).isTrue();
  }

  @Test
  void unknownAndOldTerminalsGetPlainText() {
    assertThat(auto(Map.of("TERM", "xterm-256color"))).isFalse();
    assertThat(auto(Map.of("TERM", "xterm-256color", "VTE_VERSION", "4803"))).isFalse();
    assertThat(auto(Map.of("TERM", "xterm-256color", "VTE_VERSION", "new"))).isFalse();
    assertThat(auto(Map.of("TERM", "linux"))).isFalse();
    assertThat(auto(Map.of())).isFalse();
  }

  @Test
  void insideTmuxOrScreenTheKnownTerminalOutsideDoesNotCount() {
    assertThat(auto(Map.of("TERM_PROGRAM", "iTerm.app", "TMUX", "/tmp/tmux-1/default,1,0")))
        .isFalse();
    assertThat(auto(Map.of("TERM", "screen-256color", "VTE_VERSION", "7600"))).isFalse();
  }

  @Test
  void osc8AndPlainForceEitherWay() {
    assertThat(HyperlinkSupport.enabled(Mode.OSC8, Map.of("TMUX", "x"))).isTrue();
    assertThat(HyperlinkSupport.enabled(Mode.PLAIN, Map.of("TERM", "xterm-kitty"))).isFalse();
  }

  @Test
  void theFlagWinsOverTheVariableAndAWrongVariableMeansAuto() {
    Map<String, String> plain = Map.of(HyperlinkSupport.VARIABLE, "plain");
    assertThat(HyperlinkSupport.mode(plain, Mode.OSC8)).isEqualTo(Mode.OSC8);
    assertThat(HyperlinkSupport.mode(plain, null)).isEqualTo(Mode.PLAIN);
    assertThat(HyperlinkSupport.mode(Map.of(HyperlinkSupport.VARIABLE, " OSC8 "), null))
        .isEqualTo(Mode.OSC8);
    assertThat(HyperlinkSupport.mode(Map.of(HyperlinkSupport.VARIABLE, "yes"), null))
        .isEqualTo(Mode.AUTO);
    assertThat(HyperlinkSupport.mode(Map.of(), null)).isEqualTo(Mode.AUTO);
  }

  @Test
  void parseNamesTheChoicesWhenWrong() {
    assertThat(Mode.parse("Plain")).isEqualTo(Mode.PLAIN);
    assertThatThrownBy(() -> Mode.parse("on")).hasMessageContaining("osc8, plain or auto");
  }
}

package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AlwaysAskTest {
  @TempDir Path temp;

  @Test
  void withoutAFileTheBuiltInListIsInForce() throws Exception {
    AlwaysAsk.Rules rules = AlwaysAsk.load(temp.resolve("always-ask"));

    assertThat(rules.rules()).isEqualTo(AlwaysAsk.DEFAULT_RULES);
    assertThat(rules.file()).isEmpty();
    assertThat(rules.source()).isEqualTo("built in");
  }

  @Test
  void theBuiltInListCoversEachKindOfDestructiveCommand() {
    assertThat(AlwaysAsk.DEFAULT_RULES)
        .contains(
            "Bash(rm *-r*)",
            "Bash(rm *-f*)",
            "Bash(git*reset*--hard*)",
            "Bash(git*clean*)",
            "Bash(git*checkout*--*)",
            "Bash(git*restore*)",
            "Bash(git*push*-f*)",
            "Bash(dd *)",
            "Bash(*mkfs*)",
            "Bash(*chmod *-R*)",
            "Bash(*chown *-R*)",
            "Bash(*curl *|*)",
            "Bash(sudo*)")
        .allSatisfy(rule -> assertThat(PermissionRule.parse(rule).toString()).isEqualTo(rule));
  }

  @Test
  void aFileReplacesTheListSkippingBlankLinesAndComments() throws Exception {
    Path file =
        Files.writeString(
            temp.resolve("always-ask"), "# mine\n\nBash(terraform destroy*)\n  Bash(rm *-r*)  \n");

    AlwaysAsk.Rules rules = AlwaysAsk.load(file);

    assertThat(rules.rules()).containsExactly("Bash(terraform destroy*)", "Bash(rm *-r*)");
    assertThat(rules.file()).contains(file);
  }

  @Test
  void anEmptyFileAsksForNothingExtra() throws Exception {
    Path file = Files.writeString(temp.resolve("always-ask"), "");

    assertThat(AlwaysAsk.load(file).rules()).isEmpty();
  }

  @Test
  void aLineThatIsNoRuleIsRefusedWithItsNumber() throws Exception {
    Path file = Files.writeString(temp.resolve("always-ask"), "Bash(ok*)\n(broken\n");

    assertThatThrownBy(() -> AlwaysAsk.load(file))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("line 2");
  }

  @Test
  void theFileLivesInMilkTuisConfigFolder() {
    Path home = Path.of("/home/u");

    assertThat(AlwaysAsk.configDirectory(Map.of(), home))
        .isEqualTo(Path.of("/home/u/.config/milk-tui"));
    assertThat(AlwaysAsk.configDirectory(Map.of("XDG_CONFIG_HOME", "/cfg"), home))
        .isEqualTo(Path.of("/cfg/milk-tui"));
    assertThat(AlwaysAsk.configDirectory(Map.of("XDG_CONFIG_HOME", "relative"), home))
        .isEqualTo(Path.of("/home/u/.config/milk-tui"));
  }
}

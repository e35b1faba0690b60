package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.grants.AlwaysAsk;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WithoutAskingTest {
  private static final Path CWD = Path.of("/home/dev/project");
  private static final AlwaysAsk.Rules BUILT_IN =
      new AlwaysAsk.Rules(AlwaysAsk.DEFAULT_RULES, Optional.empty());

  @Test
  void underTheBaselineItNamesWhatRunsAndThatDestructiveCommandsAsk() {
    assertThat(WithoutAsking.say(false, CWD, List.of(), BUILT_IN))
        .startsWith("Runs without asking: shell commands (Bash), reading files, and edits in ")
        .contains(CWD + " and /tmp")
        .contains("Destructive commands always ask (rm -r/-f, git reset --hard")
        .contains("milk-tui doctor lists them");
  }

  @Test
  void theUsersOwnAllowedToolsAreNamedToo() {
    assertThat(WithoutAsking.say(false, CWD, List.of("Bash(npm test:*)"), BUILT_IN))
        .contains("also your --allowed-tools Bash(npm test:*)");
  }

  @Test
  void withoutTheBaselineEveryToolAsks() {
    assertThat(WithoutAsking.say(true, CWD, List.of(), BUILT_IN))
        .isEqualTo("Every tool asks before it runs (--no-baseline).");
  }

  @Test
  void aUsersListIsNamedByItsFileAndAnEmptyOneSaysNothingIsSingledOut() {
    Path file = Path.of("/home/dev/.config/milk-tui/always-ask");

    assertThat(
            WithoutAsking.say(
                false, CWD, List.of(), new AlwaysAsk.Rules(List.of("Bash(x*)"), Optional.of(file))))
        .endsWith("The 1 rules of " + file + " always ask.");
    assertThat(
            WithoutAsking.say(
                false, CWD, List.of(), new AlwaysAsk.Rules(List.of(), Optional.of(file))))
        .endsWith("No command is singled out to ask (" + file + " is empty).");
  }
}

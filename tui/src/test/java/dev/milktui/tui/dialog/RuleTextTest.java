package dev.milktui.tui.dialog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RuleTextTest {
  @Test
  void splitsOnCommasOutsideParenthesesAndDropsBlanksAndRepeats() {
    assertThat(RuleText.split("Bash(echo a, b), Write,, Write , Edit(//tmp/**)"))
        .containsExactly("Bash(echo a, b)", "Write", "Edit(//tmp/**)");
  }
}

package dev.milktui.tui.dialog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PlanDialogTest {

  @Test
  void thePlanIsShownAsMarkdownReadsWithoutItsSyntax() {
    String shown =
        PlanDialog.rendered(
            "# Plan\n\n1. Add **tests**\n2. Fix `add`\n\n| a | b |\n|---|---|\n| 1 | 2 |", 40);

    assertThat(shown)
        .contains("Plan")
        .contains("1. Add tests")
        .contains("2. Fix add")
        .doesNotContain("#")
        .doesNotContain("**")
        .doesNotContain("`")
        .doesNotContain("|---|");
  }
}

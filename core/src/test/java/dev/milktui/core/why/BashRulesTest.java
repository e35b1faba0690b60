package dev.milktui.core.why;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Cases the pinned CLI confirmed (WhyRealCliIT, GrantsRealCliIT, AlwaysAskRealCliIT). */
class BashRulesTest {

  @Test
  void aPrefixRuleCoversItsWordsAloneOrWithMoreButNotALongerWord() {
    assertThat(BashRules.matches("touch a.txt:*", "touch a.txt")).isTrue();
    assertThat(BashRules.matches("touch:*", "touch a.txt b.txt")).isTrue();
    assertThat(BashRules.matches("touch a.txt:*", "touch a.txtx")).isFalse();
  }

  @Test
  void anExactRuleCoversThatCommandOnly() {
    assertThat(BashRules.matches("touch a.txt", "touch a.txt")).isTrue();
    assertThat(BashRules.matches("touch a.txt", "touch a.txt b.txt")).isFalse();
  }

  @Test
  void aStarMatchesAnyTextBlanksIncludedAndATrailingBlankStarAlsoNoArguments() {
    assertThat(BashRules.matches("* a.txt", "touch a.txt")).isTrue();
    assertThat(BashRules.matches("touch b*", "touch b.txt")).isTrue();
    assertThat(BashRules.matches("rm *-r*", "rm x -rf")).isTrue();
    assertThat(BashRules.matches("rm *-r*", "rm out")).isFalse();
    assertThat(BashRules.matches("ls *", "ls")).isTrue();
    assertThat(BashRules.matches("ls *", "lsof")).isFalse();
  }

  @Test
  void aCompoundCommandSplitsAtOperatorsOutsideQuotes() {
    assertThat(BashRules.parts("touch a.txt && mkdir -p d1"))
        .containsExactly("touch a.txt", "mkdir -p d1");
    assertThat(BashRules.parts("echo hi | touch a.txt; ls || pwd & wc"))
        .containsExactly("echo hi", "touch a.txt", "ls", "pwd", "wc");
    assertThat(BashRules.parts("echo 'a && b' \"c;d\"")).containsExactly("echo 'a && b' \"c;d\"");
    assertThat(BashRules.parts("make 2>&1 &> log")).containsExactly("make 2>&1 &> log");
  }
}

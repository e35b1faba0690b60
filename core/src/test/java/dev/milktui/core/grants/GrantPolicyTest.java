package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GrantPolicyTest {
  private final GrantPolicy policy =
      new GrantPolicy(new DirectoryPaths(Path.of("/home/me"), List.of(Path.of("/srv/me"))));

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Write",
        "Bash(*)",
        "Read(//**)",
        "Edit(~/**)",
        "WebFetch(domain:*)",
        "mcp__files__delete",
        "Edit(//home/**)",
        "Read(//srv/me/**)"
      })
  void toolWideWildcardOnlyAndBroadDirectoryRulesNeedADeliberateChoice(String text) {
    GrantPolicy.Rule rule = policy.rule(text);
    assertThat(rule.breadth()).isEqualTo(GrantPolicy.Breadth.WIDE);
    assertThat(rule.needsChoice()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"Bash(npm test:*)", "Edit(//home/me/project/**)", "WebFetch(domain:x.org)"})
  void scopedRulesAreOfferedWithoutAChoice(String text) {
    assertThat(policy.rule(text).needsChoice()).isFalse();
  }

  @Test
  void wildcardOnlyRulesAreSaidToAllowWhatTheToolWideRuleAllows() {
    assertThat(policy.rule("Bash(*)").meaning()).isEqualTo("any command");
    assertThat(policy.rule("Read(//**)").meaning()).isEqualTo("reading any file anywhere");
  }

  @Test
  void aRuleWithLettersOfMixedScriptsIsALookalikeThatNeedsAChoice() {
    GrantPolicy.Rule rule = policy.rule("WebFetch(domain:\u0430pple.com)");
    assertThat(rule.breadth()).isEqualTo(GrantPolicy.Breadth.LOOKALIKE);
    assertThat(rule.needsChoice()).isTrue();
  }

  @Test
  void absurdRulesAreRefusedWithTheReason() {
    assertThatThrownBy(() -> policy.rule("B\u0430sh(ls:*)"))
        .hasMessageContaining("not a tool name");
    assertThatThrownBy(() -> policy.rule("Read\u009d0;x\u009c"))
        .hasMessageContaining("control or invisible");
    assertThatThrownBy(() -> policy.rule("Bash(ls\u3164:*)"))
        .hasMessageContaining("control or invisible");
    assertThatThrownBy(() -> policy.rule("Bash(" + "a".repeat(5000) + ":*)"))
        .hasMessageContaining("5008 characters");
    assertThatThrownBy(() -> policy.rule("Bash(ls")).hasMessageContaining("does not end");
  }

  @Test
  void offersComeOnceEachTheNarrowestFirstAndRefusedOnesLeftOut() {
    assertThat(
            policy
                .ranked(
                    List.of(
                        "Write",
                        "Edit(//home/me/p/**)",
                        "B\u0430sh",
                        "Write",
                        "Edit(//home/me/\u0440\u0430ypal/**)",
                        "Bash(make:*)"))
                .stream()
                .map(GrantPolicy.Rule::text))
        .containsExactly(
            "Edit(//home/me/p/**)", "Bash(make:*)", "Write", "Edit(//home/me/\u0440\u0430ypal/**)");
  }

  @Test
  void everyHomeOfTheUserAndItsAncestorsAreBroadDirectories() {
    assertThat(policy.directory("/srv/me", Path.of("/w")).broad()).isTrue();
    assertThat(policy.directory("/srv", Path.of("/w")).broad()).isTrue();
    assertThat(policy.directory("~", Path.of("/w")).broad()).isTrue();
    assertThat(policy.directory("/", Path.of("/w")).broad()).isTrue();
    assertThat(policy.directory("/srv/me/p", Path.of("/w")).broad()).isFalse();
    assertThatThrownBy(() -> policy.directory("/tmp/a\u001b[8m", Path.of("/w")))
        .hasMessageContaining("control");
  }
}

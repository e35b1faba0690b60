package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RuleMeaningTest {
  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "Bash => any command",
        "Write => editing any file anywhere",
        "Edit => editing any file anywhere",
        "Read => reading any file anywhere",
        "WebFetch => fetching any URL",
        "mcp__gh__issue => every use of mcp__gh__issue",
        "Bash(npm test:*) => `npm test` alone or with more arguments",
        "Edit(//srv/out/**) => editing files under /srv/out",
        "Read(//var/log/**) => reading files under /var/log",
        "WebFetch(domain:example.com) => fetching from example.com",
      })
  void saysInWordsWhatARuleAllows(String rule, String meaning) {
    assertThat(RuleMeaning.of(PermissionRule.parse(rule))).isEqualTo(meaning);
  }
}

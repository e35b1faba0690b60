package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class PermissionSuggestionsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static PermissionSuggestions.Converted convert(String json) throws Exception {
    return PermissionSuggestions.convert(JSON.readTree(json));
  }

  @Test
  void turnsTheRecordedBashSuggestionsIntoARuleAndADirectory() throws Exception {
    var converted =
        convert(
            """
            [{"type":"addRules","rules":[{"toolName":"Bash","ruleContent":"touch made-by-bash.txt"}],
              "behavior":"allow","destination":"localSettings"},
             {"type":"addDirectories","directories":["/home/dev/project"],"destination":"session"},
             {"type":"setMode","mode":"acceptEdits","destination":"session"}]""");

    assertThat(converted.rules())
        .extracting(PermissionRule::toString)
        .containsExactly("Bash(touch made-by-bash.txt)");
    assertThat(converted.directories()).containsExactly("/home/dev/project");
  }

  @Test
  void aRuleWithoutContentIsJustTheToolName() throws Exception {
    var converted =
        convert(
            """
            [{"type":"addRules","rules":[{"toolName":"Write"},{"toolName":"Edit","ruleContent":""}],
              "behavior":"allow"}]""");

    assertThat(converted.rules())
        .extracting(PermissionRule::toString)
        .containsExactly("Write", "Edit");
  }

  @Test
  void takesTheLeanSuggestionOfOldClis() throws Exception {
    var converted =
        convert(
            """
            [{"type":"addRules","rules":[{"toolName":"Bash","ruleContent":"touch:*"}],
              "behavior":"allow","destination":"localSettings"}]""");

    assertThat(converted.rules())
        .extracting(PermissionRule::toString)
        .containsExactly("Bash(touch:*)");
  }

  @Test
  void ignoresEmptyToolNamesDenyRulesModesAndDuplicates() throws Exception {
    var converted =
        convert(
            """
            [{"type":"addRules","rules":[{"toolName":"","ruleContent":"x"},{"ruleContent":"y"},
               {"toolName":"Bash","ruleContent":"ls:*"},{"toolName":"Bash","ruleContent":"ls:*"}],
              "behavior":"allow"},
             {"type":"addRules","rules":[{"toolName":"Bash","ruleContent":"rm:*"}],"behavior":"deny"},
             {"type":"setMode","mode":"acceptEdits"},
             {"type":"addDirectories","directories":["/a","","/a",5]},
             {"type":"removeDirectories","directories":["/b"]}]""");

    assertThat(converted.rules())
        .extracting(PermissionRule::toString)
        .containsExactly("Bash(ls:*)");
    assertThat(converted.directories()).containsExactly("/a");
  }

  @Test
  void anythingButAnArrayGivesNothing() throws Exception {
    assertThat(convert("{}").rules()).isEmpty();
    assertThat(PermissionSuggestions.convert(null).directories()).isEmpty();
  }
}

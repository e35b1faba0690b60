package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.protocol.SystemMessage;
import dev.milktui.core.testkit.Recordings;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class ClaudeToolNamesTest {

  @Test
  void aLowercaseToolNameIsUnknownAndPointsToTheRealOne() {
    assertThat(ClaudeToolNames.unknownTool(PermissionRule.parse("bash(npm test:*)")))
        .contains(
            "Claude has no tool named 'bash' (did you mean Bash?); tool names are case-sensitive");
  }

  @Test
  void aNameNothingLikeAToolIsUnknownWithoutAGuess() {
    assertThat(ClaudeToolNames.unknownTool(PermissionRule.parse("Frobnicate")))
        .contains("Claude has no tool named 'Frobnicate'; tool names are case-sensitive");
  }

  @Test
  void mcpToolsAndTheInteractiveToolsPass() {
    for (String rule :
        new String[] {"mcp__github__create_issue", "ExitPlanMode", "AskUserQuestion", "Write"}) {
      assertThat(ClaudeToolNames.unknownTool(PermissionRule.parse(rule))).as(rule).isEmpty();
    }
  }

  @Test
  void everyToolTheRecordedClaudeAnnouncesIsKnown() {
    Set<String> announced = new TreeSet<>();
    for (String name : Recordings.names()) {
      Recordings.messages(name).stream()
          .filter(SystemMessage.Init.class::isInstance)
          .map(SystemMessage.Init.class::cast)
          .forEach(init -> announced.addAll(init.tools()));
    }
    announced.removeIf(name -> name.startsWith("mcp__"));

    assertThat(announced).isNotEmpty();
    assertThat(ClaudeToolNames.KNOWN).containsAll(announced);
  }
}

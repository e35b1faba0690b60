package dev.milktui.core.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.protocol.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

class WhyItRanTest {
  private final WhyItRan baseline =
      new WhyItRan(List.of("Bash", "Read", "Edit(//home/u/p/**)"), List.of(), "default");

  @Test
  void anEditInsideTheBaselinesDirectoryIsTheBaselines() {
    WhyItRan.Because because =
        baseline.of("Write", Json.object().put("file_path", "/home/u/p/a.txt"));

    assertThat(because.by()).isEqualTo(Decision.By.BASELINE);
    assertThat(because.source()).isEqualTo("Edit(//home/u/p/**)");
  }

  @Test
  void aPathThatClimbsOutOfTheDirectoryIsNotClaimedForTheBaseline() {
    WhyItRan.Because because =
        baseline.of("Write", Json.object().put("file_path", "/home/u/p/../q/a.txt"));

    assertThat(because.by()).isEqualTo(Decision.By.CLAUDE);
  }

  @Test
  void anEditAcceptedByTheModeIsTheModes() {
    WhyItRan acceptEdits = new WhyItRan(List.of(), List.of(), "acceptEdits");

    assertThat(acceptEdits.of("Edit", Json.object().put("file_path", "/x")).by())
        .isEqualTo(Decision.By.MODE);
    assertThat(acceptEdits.of("Bash", Json.object().put("command", "ls")).by())
        .isEqualTo(Decision.By.CLAUDE);
  }

  @Test
  void aBashPrefixRuleCoversOnlyCommandsWithThatPrefix() {
    assertThat(
            WhyItRan.matches(
                "Bash(npm test:*)", "Bash", Json.object().put("command", "npm test -- x")))
        .isTrue();
    assertThat(
            WhyItRan.matches("Bash(npm test:*)", "Bash", Json.object().put("command", "rm -rf /")))
        .isFalse();
    assertThat(WhyItRan.matches("Bash(ls)", "Bash", Json.object().put("command", "ls"))).isTrue();
    assertThat(WhyItRan.matches("Read", "Bash", Json.object())).isFalse();
  }
}

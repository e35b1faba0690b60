package dev.milktui.core.why;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.grants.PermissionRule;
import dev.milktui.core.protocol.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The order and the cases the pinned CLI confirmed (WhyRealCliIT). */
class CallExplainerTest {
  private static final Path WORK = Path.of("/s/work");
  private static final RuleOrigin USER =
      new RuleOrigin("user settings", Optional.of(Path.of("/s/home/.claude/settings.json")), WORK);
  private static final RuleOrigin ASKS =
      new RuleOrigin("milk-tui's always-ask list (--settings)", Optional.empty(), WORK);

  private final List<SourcedRule> deny = new ArrayList<>();
  private final List<SourcedRule> ask = new ArrayList<>();
  private final List<SourcedRule> allow = new ArrayList<>();

  private static void add(List<SourcedRule> list, String rule, RuleOrigin origin) {
    list.add(new SourcedRule(PermissionRule.parse(rule), origin));
  }

  private Explanation explain(String mode, String tool, Map<String, String> input) {
    PermissionSetup setup =
        new PermissionSetup(
            WORK, Path.of("/s/home"), mode, deny, ask, allow, List.of(WORK), List.of());
    JsonNode node = Json.mapper().valueToTree(input);
    return new CallExplainer(setup).explain(tool, node);
  }

  private Explanation bash(String command) {
    return explain("default", "Bash", Map.of("command", command));
  }

  private Explanation write(String mode, String file) {
    return explain(mode, "Write", Map.of("file_path", file, "content", "x"));
  }

  @Test
  void aDenyRuleForOnePartBeatsAnAskRuleForTheWholeTool() {
    add(ask, "Bash", USER);
    add(deny, "Bash(* a.txt)", USER);

    Explanation answer = bash("touch a.txt && mkdir -p d1");

    assertThat(answer.verdict()).isEqualTo(Verdict.DENY);
    assertThat(answer.rule().orElseThrow().text()).isEqualTo("Bash(* a.txt)");
  }

  @Test
  void anAskRuleBeatsTheBaselinesAllowAndIsNamedWithItsOrigin() {
    add(allow, "Bash", USER);
    add(ask, "Bash(rm *-r*)", ASKS);

    Explanation answer = bash("ls && rm -rf out");

    assertThat(answer.summary())
        .isEqualTo("ask, because Bash(rm *-r*) in milk-tui's always-ask list (--settings)");
  }

  @Test
  void aCompoundCommandIsAllowedOnlyWhenEveryPartIs() {
    add(allow, "Bash(touch:*)", USER);

    assertThat(bash("touch a.txt && echo hi").verdict()).isEqualTo(Verdict.ALLOW);
    assertThat(bash("touch a.txt && mkdir d1").verdict()).isEqualTo(Verdict.ASK);
    assertThat(bash("touch a.txt && mkdir d1").notes()).contains("no allow rule covers: mkdir d1");
  }

  @Test
  void readOnlyCommandsRunWithoutARuleAndFileCommandsOnlyInAcceptEdits() {
    assertThat(bash("ls src").verdict()).isEqualTo(Verdict.ALLOW);
    assertThat(bash("grep a a.txt").verdict()).isEqualTo(Verdict.ALLOW);
    assertThat(bash("touch a.txt").summary()).isEqualTo("ask, because no rule: claude asks");
    assertThat(
            explain("acceptEdits", "Bash", Map.of("command", "touch a.txt && mkdir -p d1"))
                .verdict())
        .isEqualTo(Verdict.ALLOW);
  }

  @Test
  void gitStatusRunsAndInAcceptEditsEveryFileCommandInsideTheWorkingDirectoryRuns() {
    assertThat(bash("git status").verdict()).isEqualTo(Verdict.ALLOW);
    assertThat(bash("rm -f b.txt").verdict()).isEqualTo(Verdict.ASK);
    for (String command : List.of("rm -f b.txt", "rmdir d1", "mv a.txt c.txt", "cp a.txt c.txt")) {
      assertThat(explain("acceptEdits", "Bash", Map.of("command", command)).verdict())
          .as(command)
          .isEqualTo(Verdict.ALLOW);
    }
  }

  @Test
  void whatClaudesOwnChecksDecideIsAnsweredAskOrAllow() {
    assertThat(bash("git status --porcelain").verdict()).isEqualTo(Verdict.ASK_OR_ALLOW);
    assertThat(bash("tail a.txt").verdict()).isEqualTo(Verdict.ASK_OR_ALLOW);
    assertThat(bash("cat /etc/hostname").verdict()).isEqualTo(Verdict.ASK_OR_ALLOW);
    assertThat(bash("ls && tail a.txt").summary()).startsWith("ask or allow, because claude runs");
    assertThat(explain("acceptEdits", "Bash", Map.of("command", "rm /s/outside/x")).verdict())
        .isEqualTo(Verdict.ASK_OR_ALLOW);
    assertThat(explain("acceptEdits", "Bash", Map.of("command", "touch -c a.txt")).verdict())
        .isEqualTo(Verdict.ASK);
    assertThat(Verdict.ASK_OR_ALLOW.admits(Verdict.ALLOW)).isTrue();
    assertThat(Verdict.ASK_OR_ALLOW.admits(Verdict.DENY)).isFalse();
  }

  @Test
  void aDenyRuleForOnePartOfAPipeIsAnsweredAskOrDenyAsClaudeDoesBoth() {
    add(deny, "Bash(touch:*)", USER);

    assertThat(bash("echo hi | touch a.txt").verdict()).isEqualTo(Verdict.ASK_OR_DENY);
    assertThat(bash("echo hi && touch a.txt").verdict()).isEqualTo(Verdict.DENY);
    assertThat(bash("touch a.txt").verdict()).isEqualTo(Verdict.DENY);
  }

  @Test
  void aRedirectionIntoTheWorkingDirectoryMayRunInAcceptEdits() {
    assertThat(explain("acceptEdits", "Bash", Map.of("command", "echo hi > b.txt")).verdict())
        .isEqualTo(Verdict.ASK_OR_ALLOW);
    assertThat(explain("acceptEdits", "Bash", Map.of("command", "echo hi > /etc/x")).verdict())
        .isEqualTo(Verdict.ASK);
    assertThat(bash("echo hi > b.txt").verdict()).isEqualTo(Verdict.ASK);
  }

  @Test
  void anEditPathDenyBeatsAWriteAskAndAReadDenyDeniesEditsToo() {
    add(ask, "Write", USER);
    add(deny, "Edit(*.env)", USER);
    assertThat(write("acceptEdits", "/s/work/n1.env").verdict()).isEqualTo(Verdict.DENY);

    deny.clear();
    add(deny, "Read(*.env)", USER);
    assertThat(write("default", "/s/work/n5.env").verdict()).isEqualTo(Verdict.DENY);
  }

  @Test
  void aToolWideEditRuleIsNotWriteButEditPathRulesCoverWrite() {
    add(ask, "Edit", USER);
    add(allow, "Edit(*.env)", USER);

    Explanation answer = write("default", "/s/work/n5.env");

    assertThat(answer.verdict()).isEqualTo(Verdict.ALLOW);
    assertThat(answer.rule().orElseThrow().text()).isEqualTo("Edit(*.env)");
  }

  @Test
  void readingInTheWorkingFoldersNeedsNoRuleButAnAskRuleStillAsks() {
    assertThat(explain("default", "Read", Map.of("file_path", "/s/work/src/a.txt")).verdict())
        .isEqualTo(Verdict.ALLOW);
    assertThat(explain("default", "Read", Map.of("file_path", "/etc/hostname")).verdict())
        .isEqualTo(Verdict.ASK);

    add(ask, "Read(//s/work/src/**)", USER);
    assertThat(explain("default", "Read", Map.of("file_path", "src/a.txt")).verdict())
        .isEqualTo(Verdict.ASK);
  }

  @Test
  void editsInTheWorkingFoldersRunInAcceptEditsAndAskOtherwise() {
    assertThat(write("acceptEdits", "/s/work/w.txt").verdict()).isEqualTo(Verdict.ALLOW);
    assertThat(write("default", "/s/work/w.txt").verdict()).isEqualTo(Verdict.ASK);
    assertThat(write("acceptEdits", "/s/outside/w.txt").verdict()).isEqualTo(Verdict.ASK);
  }

  @Test
  void aServerRuleCoversEveryToolOfThatServerOnly() {
    add(allow, "mcp__db", USER);

    assertThat(explain("default", "mcp__db__query", Map.of()).verdict()).isEqualTo(Verdict.ALLOW);
    assertThat(explain("default", "mcp__dbx__query", Map.of()).verdict()).isEqualTo(Verdict.ASK);
  }

  @Test
  void aDomainRuleCoversThatHostOnly() {
    add(allow, "WebFetch(domain:example.com)", USER);

    assertThat(explain("default", "WebFetch", Map.of("url", "https://example.com/a")).verdict())
        .isEqualTo(Verdict.ALLOW);
    assertThat(
            explain("default", "WebFetch", Map.of("url", "https://evil.com/example.com")).verdict())
        .isEqualTo(Verdict.ASK);
  }
}

package dev.milktui.tui;

import static dev.milktui.tui.Events.input;
import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.SavedGrants;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.PermissionSuggestion;
import dev.milktui.core.testkit.Persisters;
import dev.milktui.tui.dialog.GrantSaver;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "Allow always" is held to the grant dialog's guards: the CLI's suggestions are proposals, the
 * narrowest rule comes first, a wide rule or a broad directory needs a deliberate choice, and
 * nothing the user did not choose is sent or saved.
 */
class AllowAlwaysGuardsTest {
  private final List<List<String>> saved = new ArrayList<>();
  private final List<List<String>> chosen = new ArrayList<>();
  private final List<String> answers = Events.answers();

  private Harness harness(int columns, int rows) {
    return Harness.savingRules(
        columns,
        rows,
        new GrantSaver() {
          @Override
          public SavedGrants save(GrantDecision decision) {
            saved.add(decision.rules());
            chosen.add(decision.confirmedRules());
            return Persisters.wrote(decision);
          }

          @Override
          public String destination() {
            return "/home/u/.claude/settings.json";
          }
        });
  }

  private static PermissionSuggestion rules(String... rules) {
    List<PermissionSuggestion.Rule> list = new ArrayList<>();
    for (String rule : rules) {
      int open = rule.indexOf('(');
      list.add(
          open < 0
              ? new PermissionSuggestion.Rule(rule, null)
              : new PermissionSuggestion.Rule(
                  rule.substring(0, open), rule.substring(open + 1, rule.length() - 1)));
    }
    return new PermissionSuggestion.AddRules(list, "allow", "localSettings", Json.object());
  }

  private static PermissionSuggestion directories(String... directories) {
    return new PermissionSuggestion.AddDirectories(List.of(directories), "session", Json.object());
  }

  private static PermissionSuggestion mode(String mode) {
    return new PermissionSuggestion.SetMode(mode, "session", Json.object());
  }

  private PermissionRequest ask(Harness h, String tool, List<PermissionSuggestion> suggestions) {
    PermissionRequest r =
        Events.request(
            "r1",
            tool,
            tool.equals("Bash")
                ? input("command", "npm test")
                : input("file_path", "/evil.txt", "content", "x"),
            suggestions,
            answers);
    h.events(new SessionEvent.PermissionRequested(r));
    return r;
  }

  @Test
  void aToolWideWriteWithRootProposedIsNeitherSavedNorSentUntilChosenAndRootNeverUnasked() {
    Harness h = harness(100, 34);
    PermissionRequest r = ask(h, "Write", List.of(mode("acceptEdits"), directories("/")));
    h.type("A");
    assertThat(h.screen())
        .contains("Write — allows editing any file anywhere ⚠ wide")
        .contains("[ ] also allow / for this session (broad")
        .contains("switching to acceptEdits mode: not applied");
    h.key(KeyType.Enter);
    assertThat(saved).isEmpty();
    assertThat(r.isOpen()).isTrue();
    assertThat(h.screen()).contains("press ↓ until it is in the field");

    h.key(KeyType.ArrowDown).key(KeyType.Enter);
    assertThat(saved).containsExactly(List.of("Write"));
    assertThat(chosen).containsExactly(List.of("Write"));
    assertThat(answers.get(0))
        .contains("\"toolName\":\"Write\"")
        .doesNotContain("addDirectories")
        .doesNotContain("setMode");
  }

  @Test
  void theNarrowestRuleIsOfferedFirstAndAWildcardOneOnlyWhenPicked() {
    Harness h = harness(100, 30);
    ask(h, "Bash", List.of(rules("Bash(*)", "Bash(npm test:*)")));
    h.type("A");
    assertThat(h.screen()).contains("• Bash(npm test:*) — allows `npm test` alone");
    assertThat(h.screen()).doesNotContain("• Bash(*)");
    h.key(KeyType.ArrowDown);
    assertThat(h.screen()).contains("• Bash(*) — allows any command (wide, chosen)");
    h.key(KeyType.ArrowUp).key(KeyType.Enter);
    assertThat(saved).containsExactly(List.of("Bash(npm test:*)"));
    assertThat(chosen).containsExactly(List.of("Bash(npm test:*)"));
  }

  @Test
  void absurdControlAndLookalikeSuggestionsAreListedMarkedAndNeverSaved() {
    Harness h = harness(120, 40);
    ask(
        h,
        "Bash",
        List.of(
            rules(
                "B\u0430sh",
                "Read\u009d0;x\u009c",
                "Bash(" + "a".repeat(5000) + ":*)",
                "Bash(npm test:*)")));
    h.type("A");
    assertThat(h.screen())
        .contains("Not offered: B\\u0430sh")
        .contains("Not offered: Read\\u009d0;x\\u009c (holds control or invisible characters)")
        .contains("(5008 chars)");
    h.key(KeyType.Enter);
    assertThat(saved).containsExactly(List.of("Bash(npm test:*)"));
  }

  @Test
  void aDirectoryIsSentOnlyWhenTickedAndABroadOneOnlyWhenAlsoConfirmed() {
    Harness h = harness(100, 34);
    ask(h, "Bash", List.of(rules("Bash(npm test:*)"), directories("/tmp", "/")));
    h.type("A");
    // Field, the rule list, the /tmp box, then the / box.
    h.key(KeyType.Tab).key(KeyType.Tab).key(KeyType.Tab).type(" ");
    assertThat(h.screen()).contains("[x] also allow / for this session (broad");
    h.key(KeyType.Enter);
    assertThat(saved).isEmpty();
    assertThat(h.screen()).contains("/ is broad");
    h.key(KeyType.Tab).type(" ").key(KeyType.Enter);
    assertThat(saved).containsExactly(List.of("Bash(npm test:*)"));
    assertThat(answers.get(0)).contains("\"directories\":[\"/\"]").doesNotContain("/tmp");
  }

  @Test
  void aLookalikeRuleIsShownMarkedAndNeedsAChoice() {
    Harness h = harness(100, 30);
    ask(h, "Bash", List.of(rules("Bash(\u0441url:*)")));
    h.type("A").key(KeyType.ArrowDown).key(KeyType.ArrowDown);
    assertThat(h.screen())
        .contains("• Bash(\\u0441url:*) — allows")
        .contains("holds letters of another");
  }
}

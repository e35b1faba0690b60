package dev.milktui.core.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantDecision;
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
          Optional.of(RULES),
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
  void allowAlwaysNamesTheRulesAndTheFileTheyWereSavedTo() {
    replay("d-allow");

    request("Bash")
        .allowForSession(List.of(new PermissionSuggestion.Rule("Bash", "touch:*")), List.of());

    Decision always = ledger.get(0);
    assertThat(always.kind()).isEqualTo(Decision.Kind.ALLOW_ALWAYS);
    assertThat(always.decided()).isEqualTo("allowed always: Bash(touch:*) saved to " + RULES);
    assertThat(always.details().path("file").asText()).isEqualTo(RULES.toString());
    assertThat(always.details().path("rules").get(0).asText()).isEqualTo("Bash(touch:*)");
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
  void aGrantDecisionSaysWhatWasGrantedAndWhereItIsRemembered() {
    decisions.granted(
        new GrantDecision(List.of("Write(//p/**)"), List.of(Path.of("/p/out")), true, null));
    decisions.granted(new GrantDecision(List.of("Bash(ls:*)"), List.of(), false, null));

    assertThat(ledger)
        .extracting(Decision::decided)
        .containsExactly(
            "granted Write(//p/**), directory /p/out, remembered in " + RULES,
            "granted Bash(ls:*), for this session only");
    assertThat(ledger.get(0).details().path("remembered").asBoolean()).isTrue();
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
            decision -> Optional.of("disk full"),
            Clock.systemUTC(),
            Optional.empty(),
            () -> "",
            problems::add);

    failing.modeAsked("plan");

    assertThat(problems).containsExactly("disk full");
  }
}

package dev.milktui.tui;

import static dev.milktui.tui.Events.input;
import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.why.Explanation;
import dev.milktui.core.why.Verdict;
import dev.milktui.tui.dialog.RequestExplainer;
import dev.milktui.tui.keys.KeyMap;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The permission dialog's "?" key: the explanation of the request on screen, worked out on a
 * worker, in a window whose Esc answers nothing.
 */
class WhyKeyTest {
  private final List<String> answers = Events.answers();
  private final List<String> explained = new CopyOnWriteArrayList<>();

  /** Says "ask, because no rule: claude asks about COMMAND", noting each command it was asked. */
  private final RequestExplainer echoing =
      request -> {
        String command = request.request().input().path("command").asText();
        explained.add(command);
        return new Explanation(
            Verdict.ASK, Optional.empty(), "no rule: claude asks about " + command, List.of());
      };

  private static Harness harness(RequestExplainer explainer) {
    return new Harness(
        110, 30, TuiConfig.defaults().withDialogInputPause(Duration.ZERO).withExplainer(explainer));
  }

  private PermissionRequest request(String id, String command) {
    return Events.request(id, "Bash", input("command", command), List.of(), answers);
  }

  @Test
  void questionMarkShowsTheVerdictForTheRequestOnScreenAndEscReturnsToItUnanswered() {
    Harness h = harness(echoing);
    PermissionRequest first = request("r1", "git push origin main");
    PermissionRequest second = request("r2", "rm -rf build");
    h.events(
        new SessionEvent.PermissionRequested(first), new SessionEvent.PermissionRequested(second));

    h.type("?").awaitScreen("ask, because");

    assertThat(h.screen())
        .contains("Why this asks")
        .contains("ask, because no rule: claude asks about git push origin main")
        .doesNotContain("rm -rf build");
    assertThat(explained).containsExactly("git push origin main");
    h.key(KeyType.Escape);
    assertThat(h.screen()).doesNotContain("Why this asks").contains("Allow once (y)");
    assertThat(answers).isEmpty();
    assertThat(first.state()).isEqualTo(PermissionRequest.State.OPEN);
    assertThat(second.state()).isEqualTo(PermissionRequest.State.OPEN);

    h.type("y");
    assertThat(answers).hasSize(1);
    assertThat(answers.get(0)).contains("git push origin main");
  }

  @Test
  void whileTheAnswerIsWorkedOutTheWindowSaysSo() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    Harness h =
        harness(
            request -> {
              release.await(20, TimeUnit.SECONDS);
              return echoing.explain(request);
            });
    h.events(new SessionEvent.PermissionRequested(request("r1", "make")));

    h.type("?");
    assertThat(h.screen()).contains("Working out which settings decide this call");
    release.countDown();
    h.awaitScreen("ask, because");
    assertThat(h.screen()).doesNotContain("Working out");
  }

  @Test
  void whatTheExplanationSaysIsShownWithItsControlsMarked() {
    Harness h =
        harness(
            request ->
                new Explanation(
                    Verdict.DENY,
                    Optional.empty(),
                    "Bash(\u001b[2Jrm *) in user settings",
                    List.of("a note\u0007")));
    h.events(new SessionEvent.PermissionRequested(request("r1", "rm x")));

    h.type("?").awaitScreen("deny, because");

    assertThat(h.screen()).contains("deny, because Bash(␛[2Jrm *)").contains("note: a note␇");
    assertThat(h.cells())
        .noneMatch(c -> c.getCharacterString().chars().anyMatch(ch -> ch == 0x1b || ch == 7));
  }

  @Test
  void aFailedExplanationSaysWhyAndLeavesTheRequestWaiting() {
    Harness h = harness(RequestExplainer.NONE);
    PermissionRequest r = request("r1", "make");
    h.events(new SessionEvent.PermissionRequested(r));

    h.type("?").awaitScreen("No explanation");

    assertThat(h.screen()).contains("No explanation: this session has no claude settings");
    h.key(KeyType.Escape);
    assertThat(r.state()).isEqualTo(PermissionRequest.State.OPEN);
    assertThat(h.screen()).contains("Allow once (y)");
  }

  @Test
  void aWithdrawnRequestTakesItsExplanationWithIt() {
    Harness h = harness(echoing);
    PermissionRequest first = request("r1", "git push");
    PermissionRequest second = request("r2", "make test");
    h.events(
        new SessionEvent.PermissionRequested(first), new SessionEvent.PermissionRequested(second));
    h.type("?").awaitScreen("ask, because");

    h.events(new SessionEvent.PermissionWithdrawn(first, "cancelled"));

    assertThat(h.screen()).doesNotContain("Why this asks").contains("$ make test");
  }

  @Test
  void theHelpNamesTheWhyKey() {
    assertThat(new KeyMap().help()).containsPattern("Permission dialog:.*\\? why");
  }
}

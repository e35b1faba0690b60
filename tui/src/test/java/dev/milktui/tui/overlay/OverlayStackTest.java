package dev.milktui.tui.overlay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.MultiWindowTextGUI;
import com.googlecode.lanterna.gui2.SameTextGUIThread;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.StreamClosedRecord;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.protocol.ControlRequest;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.task.BackgroundTask;
import dev.milktui.tui.app.Effect;
import dev.milktui.tui.app.UiEvent;
import dev.milktui.tui.dialog.DialogHost;
import dev.milktui.tui.dialog.SuggestedRuleOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The one owner of which dialog is up: what each dialog answers (effects only), the order queued
 * requests are shown in, and that closing a permission dialog denies.
 */
class OverlayStackTest {
  private static final Path CWD = Path.of("/work/project");

  private final DefaultVirtualTerminal vt = new DefaultVirtualTerminal(new TerminalSize(100, 40));
  private final MultiWindowTextGUI gui;
  private final List<Effect> answered = new ArrayList<>();
  private final List<String> waits = new ArrayList<>();
  private final OverlayStack stack;

  OverlayStackTest() throws IOException {
    TerminalScreen screen = new TerminalScreen(vt);
    screen.startScreen();
    gui = new MultiWindowTextGUI(new SameTextGUIThread.Factory(), screen);
    // No input pause: the keys below come after it.
    DialogHost host =
        new DialogHost(gui, new WindowListenerAdapter() {}, Clock.systemUTC(), Duration.ZERO);
    stack =
        new OverlayStack(
            host,
            "~/.claude/settings.json",
            new SuggestedRuleOptions(CWD),
            answered::add,
            () -> waits.add(String.valueOf(stackWaitingOn())));
  }

  private String stackWaitingOn() {
    return stack == null ? null : stack.waitingOn();
  }

  private void press(KeyStroke key) throws IOException {
    vt.addInput(key);
    gui.getGUIThread().processEventsAndUpdate();
    // The stack hears of a closed dialog later on the GUI thread.
    gui.getGUIThread().processEventsAndUpdate();
  }

  private void press(char c) throws IOException {
    press(new KeyStroke(c, false, false));
  }

  private static TurnSummary failed(String toolUseId, String command) {
    return new TurnSummary(
        1,
        "s",
        "",
        List.of(),
        List.of(new StreamClosedRecord(toolUseId, "Bash", command(command))),
        List.of(),
        0,
        null,
        0,
        0,
        false,
        "success",
        null,
        "",
        List.of(),
        null,
        0,
        false);
  }

  private static ObjectNode command(String command) {
    ObjectNode input = Json.object();
    input.put("command", command);
    return input;
  }

  private static PermissionRequest request(String id, List<String> lines) {
    return request("Bash", id, command("make " + id), lines);
  }

  private static PermissionRequest request(
      String tool, String id, ObjectNode input, List<String> lines) {
    return new PermissionRequest(
        id,
        new ControlRequest.CanUseTool(
            tool,
            tool,
            input,
            null,
            null,
            List.of(),
            null,
            null,
            null,
            "toolu_" + id,
            Json.object()),
        (request, line) -> lines.add(line));
  }

  private List<String> notes() {
    return answered.stream()
        .filter(Effect.Report.class::isInstance)
        .map(e -> ((Effect.Report) e).event())
        .filter(UiEvent.Note.class::isInstance)
        .map(e -> ((UiEvent.Note) e).text())
        .toList();
  }

  @Test
  void grantOffersAreShownOneAtATimeInTheOrderTheyCameAndTheStackSaysWhatWaits()
      throws IOException {
    stack.offerGrants(failed("t1", "make first"), CWD);
    stack.offerGrants(failed("t2", "make second"), CWD);
    gui.getGUIThread().processEventsAndUpdate();
    assertThat(stack.waitingOn()).isEqualTo("grants");
    assertThat(stack.anyOpen()).isTrue();
    assertThat(screenText()).contains("make first").doesNotContain("make second");

    press(new KeyStroke(KeyType.Escape));
    assertThat(screenText()).contains("make second").doesNotContain("make first");
    assertThat(stack.waitingOn()).isEqualTo("grants");

    press(new KeyStroke(KeyType.Escape));
    assertThat(stack.waitingOn()).isNull();
    assertThat(stack.anyOpen()).isFalse();
    assertThat(notes())
        .containsExactly(
            "Skipped: the failed tool calls were not retried.",
            "Skipped: the failed tool calls were not retried.");
    assertThat(answered).allMatch(Effect.Report.class::isInstance);
  }

  @Test
  void aClosedPermissionDialogDeniesAndTheNextRequestIsShownInItsTurn() throws IOException {
    List<String> first = new ArrayList<>();
    List<String> second = new ArrayList<>();
    stack.ask(request("r1", first));
    stack.ask(request("r2", second));
    gui.getGUIThread().processEventsAndUpdate();
    assertThat(stack.waitingOn()).isEqualTo("permission");
    assertThat(screenText()).contains("make r1");

    press(new KeyStroke(KeyType.Escape));
    assertThat(first).singleElement().asString().contains("\"behavior\":\"deny\"");
    assertThat(second).isEmpty();
    assertThat(stack.waitingOn()).isEqualTo("permission");
    assertThat(screenText()).contains("make r2");

    press(new KeyStroke(KeyType.Escape));
    assertThat(second).singleElement().asString().contains("\"behavior\":\"deny\"");
    assertThat(stack.waitingOn()).isNull();
  }

  @Test
  void aPermissionRequestArrivingWhileAGrantOfferIsUpWaitsItsTurn() throws IOException {
    List<String> lines = new ArrayList<>();
    stack.offerGrants(failed("t1", "make first"), CWD);
    stack.ask(request("r1", lines));
    gui.getGUIThread().processEventsAndUpdate();
    assertThat(stack.waitingOn()).isEqualTo("grants");
    assertThat(screenText()).contains("make first").doesNotContain("make r1");

    press(new KeyStroke(KeyType.Escape));
    assertThat(lines).isEmpty();
    assertThat(stack.waitingOn()).isEqualTo("permission");
    assertThat(screenText()).contains("Permission 1 of 1: Bash").contains("make r1");

    press('y');
    assertThat(lines).singleElement().asString().contains("\"behavior\":\"allow\"");
    assertThat(stack.waitingOn()).isNull();
    assertThat(stack.anyOpen()).isFalse();
  }

  @Test
  void requestsAndOffersAreShownInArrivalOrderAndDenyAllLeavesTheOfferItsTurn() throws IOException {
    List<String> first = new ArrayList<>();
    List<String> second = new ArrayList<>();
    stack.ask(request("r1", first));
    stack.offerGrants(failed("t1", "make first"), CWD);
    stack.ask(request("r2", second));
    gui.getGUIThread().processEventsAndUpdate();
    assertThat(screenText())
        .contains("Permission 1 of 2: Bash")
        .contains("Shift+D denies this and the 1 waiting")
        .doesNotContain("make first");

    press(new KeyStroke('D', false, false, true));
    assertThat(first).singleElement().asString().contains("\"behavior\":\"deny\"");
    assertThat(second).singleElement().asString().contains("\"behavior\":\"deny\"");
    assertThat(notes()).containsExactly("Denied 2 permission request(s) at once.");
    assertThat(stack.waitingOn()).isEqualTo("grants");
    assertThat(screenText()).contains("make first").doesNotContain("make r2");

    press(new KeyStroke(KeyType.Escape));
    assertThat(stack.waitingOn()).isNull();
    assertThat(stack.anyOpen()).isFalse();
  }

  @Test
  void closingThePlanOrQuestionDialogDenies() throws IOException {
    List<String> plan = new ArrayList<>();
    List<String> question = new ArrayList<>();
    ObjectNode planInput = Json.object();
    planInput.put("plan", "Step one.");
    ObjectNode questionInput = Json.object();
    ObjectNode asked = questionInput.putArray("questions").addObject();
    asked.put("question", "Which one?");
    asked.put("header", "Pick");
    asked.put("multiSelect", false);
    asked.putArray("options").addObject().put("label", "This").put("description", "this one");
    stack.ask(request("ExitPlanMode", "p1", planInput, plan));
    stack.ask(request("AskUserQuestion", "q1", questionInput, question));
    gui.getGUIThread().processEventsAndUpdate();
    assertThat(screenText()).contains("Claude's plan: approve it?").doesNotContain("Which one?");

    press(new KeyStroke(KeyType.Escape));
    assertThat(plan).singleElement().asString().contains("\"behavior\":\"deny\"");
    assertThat(stack.waitingOn()).isEqualTo("permission");
    assertThat(screenText()).contains("Which one?");

    press(new KeyStroke(KeyType.Escape));
    assertThat(question).singleElement().asString().contains("\"behavior\":\"deny\"");
    assertThat(stack.waitingOn()).isNull();
  }

  @Test
  void whenTheProcessIsGoneNoWaitingRequestIsShownAndNothingIsSent() throws IOException {
    List<String> lines = new ArrayList<>();
    PermissionRequest shown = request("r1", lines);
    PermissionRequest waiting = request("r2", lines);
    stack.ask(shown);
    stack.ask(waiting);
    gui.getGUIThread().processEventsAndUpdate();
    // The process went away: core abandons every open request (Claude takes none as allowed).
    shown.abandon();
    waiting.abandon();

    press('y');
    assertThat(lines).isEmpty();
    assertThat(notes())
        .containsExactly("The request to use Bash was no longer open; nothing was sent.");
    assertThat(stack.waitingOn()).isNull();
    assertThat(stack.anyOpen()).isFalse();
  }

  @Test
  void theTrustOfferAnswersTheTrustEffectOnlyWithShiftAndEscOnlySaysSo() throws IOException {
    stack.offerTrust(CWD);
    press('t');
    assertThat(answered).as("t without Shift widens nothing").isEmpty();
    press('T');
    assertThat(answered).containsExactly(new Effect.Trust(CWD));
    assertThat(stack.anyOpen()).isFalse();

    answered.clear();
    stack.offerTrust(CWD);
    press(new KeyStroke(KeyType.Escape));
    assertThat(notes()).containsExactly("Workspace left untrusted.");
    assertThat(answered).hasSize(1);
  }

  @Test
  void theModeMenuAnswersTheChoiceToTheReducerAndCallsNothingElse() throws IOException {
    stack.modeMenu("default");
    press('p');
    assertThat(answered).containsExactly(new Effect.Report(new UiEvent.ModeChosen("plan")));
    assertThat(stack.anyOpen()).isFalse();
  }

  @Test
  void aStopKeyInTheTasksDialogAnswersTheStopAndItsLineInThatOrder() throws IOException {
    stack.showTasks(
        List.of(
            new BackgroundTask(
                "task-1", "toolu_1", "Explore the code", "local_agent", null, true)));
    press('1');
    assertThat(answered).first().isEqualTo(new Effect.StopTask("task-1"));
    assertThat(notes()).singleElement().asString().startsWith("Stopping ");
  }

  @Test
  void theRestartOfferAnswersWithTheSessionToOpenOrQuit() throws IOException {
    stack.offerRestart(1, "s-1");
    press('r');
    assertThat(answered).containsExactly(new Effect.OpenSession(Optional.of("s-1")));
    stack.offerRestart(1, "s-1");
    press('q');
    assertThat(answered).last().isEqualTo(new Effect.Quit());
  }

  private String screenText() throws IOException {
    gui.updateScreen();
    StringBuilder out = new StringBuilder();
    TerminalSize size = vt.getTerminalSize();
    for (int row = 0; row < size.getRows(); row++) {
      for (int col = 0; col < size.getColumns(); col++) {
        out.append(vt.getCharacter(col, row).getCharacterString());
      }
      out.append('\n');
    }
    return out.toString();
  }
}

package dev.milktui.tui.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.conversation.NoticeCell;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.protocol.Json;
import dev.milktui.tui.app.UiEvent.MessageBox;
import dev.milktui.tui.keys.KeyMap;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What each of Claude Code's keys means in each state of the message box (empty, a draft, covered
 * by a dialog) and of the turn (running or not), in the reducer alone.
 */
class ClaudeCodeKeysTest {
  private Instant now = Instant.parse("2026-01-01T00:00:00Z");
  private boolean running;
  private final Ui ui =
      new Ui(
          new Clock() {
            @Override
            public ZoneId getZone() {
              return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
              return this;
            }

            @Override
            public Instant instant() {
              return now;
            }
          },
          Duration.ofMinutes(2),
          () -> running,
          new KeyMap()::keyName);

  ClaudeCodeKeysTest() {
    ui.on(new UiEvent.SessionOpened(1, Optional.empty()));
  }

  private List<Effect> press(Action action, MessageBox box) {
    return ui.on(new UiEvent.Key(action, box));
  }

  private void later(Duration d) {
    now = now.plus(d);
  }

  private List<String> notices() {
    return ui.conversation().cells().stream()
        .filter(NoticeCell.class::isInstance)
        .map(c -> ((NoticeCell) c).text())
        .toList();
  }

  // ---- Ctrl+C

  @Test
  void aSecondCtrlCWithinTheWindowQuits() {
    assertThat(press(Action.CANCEL, MessageBox.EMPTY)).isEmpty();
    assertThat(ui.state().quitOfferSince()).isNotNull();
    assertThat(press(Action.CANCEL, MessageBox.EMPTY)).containsExactly(new Effect.Quit());
  }

  @Test
  void ctrlCOnADraftClearsItAndNeitherStopsTheTurnNorOffersToQuit() {
    running = true;
    assertThat(press(Action.CANCEL, MessageBox.DRAFT)).containsExactly(new Effect.ClearMessage());
    assertThat(ui.state().quitOfferSince()).isNull();
    assertThat(notices()).noneMatch(n -> n.contains("quit"));
  }

  @Test
  void ctrlCOnAnEmptyBoxStopsARunningTurnAndOffersToQuit() {
    running = true;
    assertThat(press(Action.CANCEL, MessageBox.EMPTY)).containsExactly(new Effect.Interrupt());
    assertThat(notices()).contains("Press Ctrl+C again within 2 seconds to quit.");
  }

  @Test
  void ctrlCOnADraftThenTwiceOnTheEmptyBoxQuits() {
    assertThat(press(Action.CANCEL, MessageBox.DRAFT)).containsExactly(new Effect.ClearMessage());
    assertThat(press(Action.CANCEL, MessageBox.EMPTY)).isEmpty();
    assertThat(press(Action.CANCEL, MessageBox.EMPTY)).containsExactly(new Effect.Quit());
  }

  @Test
  void ctrlCUnderADialogKeepsTheDraftAndStopsTheTurnAsOnAnEmptyBox() {
    running = true;
    assertThat(press(Action.CANCEL, MessageBox.COVERED)).containsExactly(new Effect.Interrupt());
    later(Duration.ofSeconds(1));
    assertThat(press(Action.CANCEL, MessageBox.COVERED)).containsExactly(new Effect.Quit());
  }

  // ---- Ctrl+D

  @Test
  void ctrlDOnAnEmptyBoxOffersToQuitAndASecondWithinTheWindowQuits() {
    assertThat(press(Action.EXIT, MessageBox.EMPTY)).isEmpty();
    assertThat(notices()).contains("Press Ctrl+D again within 2 seconds to quit.");
    later(Duration.ofSeconds(1));
    assertThat(press(Action.EXIT, MessageBox.EMPTY)).containsExactly(new Effect.Quit());
  }

  @Test
  void ctrlDNeverStopsARunningTurn() {
    running = true;
    assertThat(press(Action.EXIT, MessageBox.EMPTY)).doesNotContain(new Effect.Interrupt());
  }

  @Test
  void ctrlDOnADraftDoesNothing() {
    assertThat(press(Action.EXIT, MessageBox.DRAFT)).isEmpty();
    assertThat(press(Action.EXIT, MessageBox.DRAFT)).isEmpty();
    assertThat(ui.state().quitOfferSince()).isNull();
  }

  @Test
  void aSecondCtrlDAfterTheWindowOffersAgainInsteadOfQuitting() {
    press(Action.EXIT, MessageBox.EMPTY);
    later(Ui.QUIT_WINDOW.plusMillis(1));
    assertThat(press(Action.EXIT, MessageBox.EMPTY)).isEmpty();
  }

  // ---- Esc and Esc Esc

  @Test
  void oneEscStopsARunningTurnAndLeavesTheDraft() {
    running = true;
    assertThat(press(Action.INTERRUPT, MessageBox.DRAFT)).containsExactly(new Effect.Interrupt());
  }

  @Test
  void escEscWithinTheWindowClearsTheDraft() {
    assertThat(press(Action.INTERRUPT, MessageBox.DRAFT)).isEmpty();
    later(Ui.DOUBLE_ESC_WINDOW);
    assertThat(press(Action.INTERRUPT, MessageBox.DRAFT))
        .containsExactly(new Effect.ClearMessage());
  }

  @Test
  void escEscWhileATurnRunsStopsItThenClearsTheDraft() {
    running = true;
    assertThat(press(Action.INTERRUPT, MessageBox.DRAFT)).containsExactly(new Effect.Interrupt());
    assertThat(press(Action.INTERRUPT, MessageBox.DRAFT))
        .containsExactly(new Effect.ClearMessage());
  }

  @Test
  void twoEscsFurtherApartThanTheWindowAreTwoSingleEscs() {
    running = true;
    press(Action.INTERRUPT, MessageBox.DRAFT);
    later(Ui.DOUBLE_ESC_WINDOW.plusMillis(1));
    assertThat(press(Action.INTERRUPT, MessageBox.DRAFT)).containsExactly(new Effect.Interrupt());
  }

  @Test
  void escEscOnAnEmptyBoxClearsNothing() {
    press(Action.INTERRUPT, MessageBox.EMPTY);
    assertThat(press(Action.INTERRUPT, MessageBox.EMPTY)).isEmpty();
  }

  @Test
  void anotherKeyBetweenTwoEscsMakesTheSecondASingleEsc() {
    press(Action.INTERRUPT, MessageBox.DRAFT);
    press(Action.CYCLE_MODE, MessageBox.DRAFT);
    assertThat(press(Action.INTERRUPT, MessageBox.DRAFT)).isEmpty();
  }

  @Test
  void aThirdEscStartsANewPair() {
    press(Action.INTERRUPT, MessageBox.DRAFT);
    press(Action.INTERRUPT, MessageBox.DRAFT);
    assertThat(press(Action.INTERRUPT, MessageBox.DRAFT)).isEmpty();
  }

  // ---- Ctrl+O, Ctrl+T, resend

  @Test
  void ctrlOShowsTheOneConversation() {
    ui.on(new UiEvent.FromSession(1, new SessionEvent.UserPrompt("hello", false)));
    List<Effect> effects = press(Action.DETAIL_VIEW, MessageBox.EMPTY);
    assertThat(effects).containsExactly(new Effect.ShowDetail(ui.conversation()));
  }

  @Test
  void ctrlTListsTheLatestTodoListClaudeWrote() {
    todoWrite("t1", "old", "pending");
    todoWrite("t2", "write the tests", "completed");
    assertThat(press(Action.TODOS, MessageBox.EMPTY))
        .containsExactly(new Effect.ShowTodos(List.of("☑ write the tests", "☐ ship")));
  }

  @Test
  void ctrlTWithoutATodoListSaysSo() {
    assertThat(press(Action.TODOS, MessageBox.EMPTY)).isEmpty();
    assertThat(notices()).contains("Claude has written no todo list yet.");
  }

  @Test
  void slashRetrySendsTheFailedMessageAgainAndSaysSoWhenThereIsNone() {
    assertThat(ui.on(new UiEvent.Submitted("/retry"))).isEmpty();
    assertThat(notices()).contains("No failed turn to send again.");
  }

  private void todoWrite(String id, String first, String status) {
    ObjectNode input = Json.object();
    var todos = input.putArray("todos");
    todos.addObject().put("content", first).put("status", status);
    todos.addObject().put("content", "ship").put("status", "pending");
    ui.on(
        new UiEvent.FromSession(
            1,
            new SessionEvent.ToolStarted(
                new ToolCall(id, "TodoWrite", input, null, ToolOutcome.RUNNING, "", now, null))));
  }
}

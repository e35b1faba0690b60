package dev.milktui.tui.exit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.turn.TurnAccumulator;
import dev.milktui.tui.app.Ui;
import dev.milktui.tui.app.UiEvent;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What stays on the normal screen after the full screen closes. */
class ExitSummaryTest {
  private final Ui ui = new Ui(Clock.systemUTC(), Duration.ofMinutes(2), () -> false);

  private void play(String recording) {
    ui.on(new UiEvent.SessionOpened(1, Optional.empty()));
    TurnAccumulator accumulator = new TurnAccumulator(e -> ui.on(new UiEvent.FromSession(1, e)));
    Recordings.messages(recording).forEach(accumulator::accept);
  }

  private void reply(String messageId, String text) {
    ui.on(
        new UiEvent.FromSession(
            ui.state().generation(), new SessionEvent.TextDelta(messageId, 0, text)));
  }

  @Test
  void theLastReplyASummaryAndTheResumeCommandAreLeft() {
    play("c-allowed-bash");

    String text = ExitSummary.render(ui.conversation().cells(), ui.state(), 80);

    assertThat(text)
        .isEqualTo(
            "The command printed hi. Done.\n"
                + "\n"
                + "milk-tui: 1 turn · 1 tool call · $0.04\n"
                + "Resume with: milk-tui --resume a5114ad0-c734-4f8c-acce-3cbefb8de0a2\n");
  }

  @Test
  void theReplyIsWrappedToTheWidthAsPlainText() {
    ui.on(new UiEvent.SessionOpened(1, Optional.empty()));
    reply("m1", "An **old** answer.");
    reply("m2", "# Title\n\nSome *words* that go on " + "and on ".repeat(10) + "until the end.");

    String text = ExitSummary.render(ui.conversation().cells(), ui.state(), 30);

    assertThat(text).doesNotContain("old", "**", "#");
    assertThat(text.lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(30));
    assertThat(text).startsWith("Title\n\nSome words that go on and on\n");
    assertThat(text).endsWith("until the end.\n");
  }

  @Test
  void noControlOfClaudesTextReachesTheTerminal() {
    ui.on(new UiEvent.SessionOpened(1, Optional.empty()));
    reply("m1", "red \u001b[31mtext\u001b]0;title\u0007 and \u009b2J bidi \u202e end");

    String text = ExitSummary.render(ui.conversation().cells(), ui.state(), 80);

    assertThat(text.chars().filter(c -> c != '\n' && (c < 0x20 || (c >= 0x7f && c <= 0x9f))))
        .isEmpty();
    assertThat(text).doesNotContain("\u202e").contains("red text and");
  }

  @Test
  void withoutASessionIdNoResumeCommandIsOffered() {
    ui.on(new UiEvent.SessionOpened(1, Optional.empty()));
    reply("m1", "hello");

    assertThat(ExitSummary.render(ui.conversation().cells(), ui.state(), 80)).isEqualTo("hello\n");
  }

  @Test
  void anEmptyConversationLeavesNothing() {
    assertThat(ExitSummary.render(ui.conversation().cells(), ui.state(), 80)).isEmpty();
  }
}

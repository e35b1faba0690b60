package dev.milktui.tui.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The bytes of the bell, the notifications and the title. */
class TerminalSignalsTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  private TerminalSignals signals(boolean tmux) {
    return new TerminalSignals(out::writeBytes, tmux, StandardCharsets.UTF_8);
  }

  private String written() {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aDesktopNotificationIsTheBellThenOsc9ThenOsc777() {
    signals(false).notify("Claude finished", "The turn took 42 s; your turn.", true);

    assertThat(written())
        .isEqualTo(
            "\u0007"
                + "\u001b]9;Claude finished: The turn took 42 s; your turn.\u001b\\"
                + "\u001b]777;notify;Claude finished;The turn took 42 s; your turn.\u001b\\");
  }

  @Test
  void theBellAloneWithoutDesktop() {
    signals(false).notify("Claude is waiting for you", "Claude asks to use Bash.", false);

    assertThat(written()).isEqualTo("\u0007");
  }

  @Test
  void insideTmuxNotificationsGoThroughItsPassthrough() {
    signals(true).notify("T", "B", true);

    assertThat(written())
        .isEqualTo(
            "\u0007"
                + "\u001bPtmux;\u001b\u001b]9;T: B\u001b\u001b\\\u001b\\"
                + "\u001bPtmux;\u001b\u001b]777;notify;T;B\u001b\u001b\\\u001b\\");
  }

  @Test
  void noControlFromTheTextReachesTheTerminal() {
    signals(false)
        .notify(
            "a;b\u001b]2;owned\u0007",
            "x\u0007y\u009cz\u001b[31m\u202e\nw\u0000\u009d8;;http://evil\u009c",
            true);

    String body = written().substring(1);
    assertThat(body.chars().filter(c -> c == 0x1b).count()).isEqualTo(4);
    assertThat(body).doesNotContain("\u0007", "\u009c", "\u009d", "\u202e", "\u0000", "\n");
    assertThat(body).contains("777;notify;a,b");
  }

  @Test
  void theFirstTitleSavesTheUsersAndLeavingTakesItBack() {
    TerminalSignals signals = signals(false);
    signals.title("milk-tui — waiting for you");
    signals.title("milk-tui");
    signals.leave();

    assertThat(written())
        .isEqualTo(
            "\u001b[22;0t\u001b]2;milk-tui — waiting for you\u001b\\"
                + "\u001b]2;milk-tui\u001b\\"
                + "\u001b]2;\u001b\\\u001b[23;0t");
  }

  @Test
  void leavingWithoutATitleChangeWritesNothing() {
    signals(false).leave();

    assertThat(written()).isEmpty();
  }

  @Test
  void longTextsAreCut() {
    assertThat(TerminalSignals.text("x".repeat(500), 80)).hasSize(80);
  }
}

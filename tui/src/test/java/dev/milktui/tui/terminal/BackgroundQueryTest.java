package dev.milktui.tui.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyStroke;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The background colour's answer read, and the wait for it. */
class BackgroundQueryTest {
  @Test
  void whiteAndLightGreyAreLightBlackAndDarkBlueDark() {
    assertThat(BackgroundQuery.light("rgb:ffff/ffff/ffff")).contains(true);
    assertThat(BackgroundQuery.light("rgb:dcdc/dcdc/dcdc")).contains(true);
    assertThat(BackgroundQuery.light("rgb:0000/0000/0000")).contains(false);
    assertThat(BackgroundQuery.light("rgb:1e1e/1e1e/2e2e")).contains(false);
  }

  @Test
  void everyChannelWidthAndFormIsRead() {
    assertThat(BackgroundQuery.light("rgb:f/f/f")).contains(true);
    assertThat(BackgroundQuery.light("rgb:ff/ff/ff")).contains(true);
    assertThat(BackgroundQuery.light("rgb:fff/fff/fff")).contains(true);
    assertThat(BackgroundQuery.light("rgba:0000/0000/0000/ffff")).contains(false);
    assertThat(BackgroundQuery.light("#fdf6e3")).contains(true);
    assertThat(BackgroundQuery.light("#002b36")).contains(false);
  }

  @Test
  void anythingElseIsUnknown() {
    assertThat(BackgroundQuery.light("")).isEmpty();
    assertThat(BackgroundQuery.light("rgb:ffff/ffff")).isEmpty();
    assertThat(BackgroundQuery.light("rgb:gggg/0/0")).isEmpty();
    assertThat(BackgroundQuery.light("rgb:fffff/0/0")).isEmpty();
    assertThat(BackgroundQuery.light("white")).isEmpty();
  }

  private static BackgroundQuery.Input input(KeyStroke... keys) {
    Deque<KeyStroke> queue = new ArrayDeque<>(List.of(keys));
    return queue::poll;
  }

  @Test
  void theAnswerEndsTheWaitAndKeysTypedBeforeItAreKept() throws Exception {
    KeyStroke a = new KeyStroke('a', false, false);
    BackgroundQuery.Answer answer =
        BackgroundQuery.await(
            input(a, new TerminalReplies.Background("rgb:ffff/ffff/ffff")),
            Duration.ofMillis(150),
            () -> 0,
            () -> {
              throw new AssertionError("no pause: the answer was there");
            });

    assertThat(answer.light()).contains(true);
    assertThat(answer.typed()).containsExactly(a);
  }

  @Test
  void deviceAttributesFirstMeanTheTerminalDoesNotSay() throws Exception {
    BackgroundQuery.Answer answer =
        BackgroundQuery.await(
            input(new TerminalReplies.DeviceAttributes()),
            Duration.ofMillis(150),
            () -> 0,
            () -> {
              throw new AssertionError("no pause");
            });

    assertThat(answer.light()).isEmpty();
  }

  @Test
  void silenceEndsAtTheTimeout() throws Exception {
    AtomicLong now = new AtomicLong();
    BackgroundQuery.Answer answer =
        BackgroundQuery.await(
            input(),
            Duration.ofMillis(150),
            now::get,
            () -> now.addAndGet(Duration.ofMillis(2).toNanos()));

    assertThat(answer).isEqualTo(new BackgroundQuery.Answer(Optional.empty(), List.of()));
    assertThat(now.get()).isEqualTo(Duration.ofMillis(150).toNanos());
  }
}

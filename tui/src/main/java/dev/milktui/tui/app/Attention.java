package dev.milktui.tui.app;

import dev.milktui.tui.text.Sanitizer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * When milk-tui calls the user back: a dialog waits for an answer, or a turn longer than {@link
 * Settings#longTurn} ended. A call is a bell (and, in {@link Mode#AUTO}, a desktop notification)
 * and a terminal title that says milk-tui waits; the title turns plain again once the user answers,
 * sends, or comes back to the terminal. Where the terminal reports focus, nobody is called while it
 * has it; where it never said, every time. Part of {@link Ui}: it only answers with effects.
 */
public final class Attention {
  /** How milk-tui calls: bell and desktop notification, the bell alone, or not at all. */
  public enum Mode {
    AUTO,
    BELL,
    OFF;

    public static final String VARIABLE = "MILK_TUI_NOTIFY";

    public static Mode parse(String value) {
      return switch (value.strip().toLowerCase(Locale.ROOT)) {
        case "auto" -> AUTO;
        case "bell" -> BELL;
        case "off" -> OFF;
        default ->
            throw new IllegalArgumentException("expected auto, bell or off, not '" + value + "'");
      };
    }
  }

  /** What the app decided: how to call, and how long a turn must run to call when it ends. */
  public record Settings(Mode mode, Duration longTurn) {
    public static final Duration LONG_TURN = Duration.ofSeconds(30);
    public static final Settings DEFAULT = new Settings(Mode.AUTO, LONG_TURN);
  }

  static final String TITLE = "milk-tui";
  static final String CALLING_TITLE = "milk-tui — waiting for you";

  private enum Focus {
    UNKNOWN,
    FOCUSED,
    AWAY
  }

  private final Settings settings;
  private Focus focus = Focus.UNKNOWN;
  private boolean calling;
  private Instant turnSince;

  Attention(Settings settings) {
    this.settings = settings;
  }

  /** The terminal said it gained or lost the focus. */
  List<Effect> focus(boolean focused) {
    focus = focused ? Focus.FOCUSED : Focus.AWAY;
    return focused ? answered() : List.of();
  }

  /** A dialog now waits for the user ({@code what}: in words), or none does. */
  List<Effect> waiting(String on, String what) {
    return on != null ? call("Claude is waiting for you", what) : answered();
  }

  /** A message went out or a turn started: the turn's time counts from the first. */
  void turnStarted(Instant now) {
    if (turnSince == null) {
      turnSince = now;
    }
  }

  /** A turn ended; a long one calls the user back. */
  List<Effect> turnFinished(Instant now, boolean failed) {
    Instant since = turnSince;
    turnSince = null;
    if (since == null) {
      return List.of();
    }
    Duration took = Duration.between(since, now);
    if (took.compareTo(settings.longTurn()) < 0) {
      return List.of();
    }
    return call(
        failed ? "Claude's turn failed" : "Claude finished",
        "The turn took " + words(took) + "; your turn.");
  }

  /** The user did something here (sent a message): whatever called them is answered. */
  List<Effect> answered() {
    if (!calling) {
      return List.of();
    }
    calling = false;
    return List.of(new Effect.Title(TITLE));
  }

  private List<Effect> call(String title, String body) {
    if (settings.mode() == Mode.OFF || focus == Focus.FOCUSED) {
      return List.of();
    }
    calling = true;
    return List.of(
        new Effect.Notify(
            Sanitizer.oneLine(title), Sanitizer.oneLine(body), settings.mode() == Mode.AUTO),
        new Effect.Title(CALLING_TITLE));
  }

  private static String words(Duration d) {
    long s = d.toSeconds();
    return s < 120 ? s + " s" : s / 60 + " min " + s % 60 + " s";
  }
}

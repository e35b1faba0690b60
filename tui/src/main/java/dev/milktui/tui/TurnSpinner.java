package dev.milktui.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AbstractComponent;
import com.googlecode.lanterna.gui2.ComponentRenderer;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import dev.milktui.tui.text.LinePainter;
import dev.milktui.tui.text.Palette;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * The running turn's line above the message box, as Claude Code shows it: a turning mark, what
 * Claude is doing, the time since the turn began, about how many tokens it has streamed so far
 * (four characters a token; the exact count arrives with the turn's end), and how to interrupt.
 * Hidden between turns.
 */
final class TurnSpinner extends AbstractComponent<TurnSpinner> {
  private static final String FRAMES = "·✢✳✶✻✽";
  private static final int CHARS_PER_TOKEN = 4;

  private final Palette palette;
  private final Clock clock;
  private Instant started;
  private long streamedChars;
  private String doing = "";

  TurnSpinner(Palette palette, Clock clock) {
    this.palette = palette;
    this.clock = clock;
    setVisible(false);
  }

  /** A turn runs: shows the line (from the first call of a turn) and what Claude does now. */
  void running(String what) {
    if (started == null) {
      started = clock.instant();
      setVisible(true);
    }
    doing = what;
    invalidate();
  }

  void streamed(String text) {
    streamedChars += text.length();
  }

  /** The turn ended (or claude did): the line goes. */
  void stopped() {
    // Counted from here: a turn's first deltas can come in the batch of events that starts it,
    // before the line is shown.
    streamedChars = 0;
    if (started != null) {
      started = null;
      setVisible(false);
      invalidate();
    }
  }

  boolean active() {
    return started != null;
  }

  String text() {
    if (started == null) {
      return "";
    }
    long seconds = Math.max(0, Duration.between(started, clock.instant()).toSeconds());
    char frame = FRAMES.charAt((int) (seconds % FRAMES.length()));
    long tokens = streamedChars / CHARS_PER_TOKEN;
    return " "
        + frame
        + " "
        + doing
        + "… ("
        + elapsed(seconds)
        + (tokens > 0 ? " · ↓ ~" + count(tokens) + " tokens" : "")
        + " · Esc to interrupt)";
  }

  private static String elapsed(long seconds) {
    return seconds < 60 ? seconds + "s" : (seconds / 60) + "m " + (seconds % 60) + "s";
  }

  private static String count(long n) {
    return n >= 1_000 ? String.format(Locale.ROOT, "%.1fk", n / 1_000.0) : Long.toString(n);
  }

  @Override
  protected ComponentRenderer<TurnSpinner> createDefaultRenderer() {
    return new ComponentRenderer<>() {
      @Override
      public TerminalSize getPreferredSize(TurnSpinner component) {
        return new TerminalSize(20, 1);
      }

      @Override
      public void drawComponent(TextGUIGraphics g, TurnSpinner component) {
        int width = g.getSize().getColumns();
        if (width < 1 || g.getSize().getRows() < 1) {
          return;
        }
        palette.apply(g, Palette.Role.RUNNING);
        LinePainter.putText(g, 0, 0, width, text());
      }
    };
  }
}

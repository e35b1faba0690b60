package dev.milktui.tui.dialog;

import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.WindowListener;
import com.googlecode.lanterna.input.KeyStroke;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A dialog window that ignores keys for a short pause after it opens, so that keys typed for the
 * message box just before it appeared (the {@code y} of "why…") never answer it. Each key that
 * arrives during the pause extends it; only the global keys (Ctrl+C, Ctrl+L) pass. While paused,
 * the title says so.
 */
final class GuardedWindow extends BasicWindow {
  static final String PAUSED = " · keys paused…";

  private Clock clock;
  private Duration pause = Duration.ZERO;
  private WindowListener globalKeys;
  private Instant pausedUntil = Instant.MIN;
  private boolean showedPaused;

  GuardedWindow(String title) {
    super(title);
  }

  /** Starts the pause; called by the host as it opens the window. */
  void arm(Clock clock, Duration pause, WindowListener globalKeys) {
    this.clock = clock;
    this.pause = pause;
    this.globalKeys = globalKeys;
    this.pausedUntil = clock.instant().plus(pause);
  }

  boolean paused() {
    return clock != null && clock.instant().isBefore(pausedUntil);
  }

  /** Redraws once the pause has ended, so its notice goes away without a key. */
  void refreshPause() {
    if (showedPaused && !paused()) {
      invalidate();
    }
  }

  @Override
  public String getTitle() {
    showedPaused = paused();
    return showedPaused ? super.getTitle() + PAUSED : super.getTitle();
  }

  @Override
  public boolean handleInput(KeyStroke key) {
    if (!paused()) {
      return super.handleInput(key);
    }
    AtomicBoolean deliver = new AtomicBoolean(true);
    globalKeys.onInput(this, key, deliver);
    if (deliver.get()) {
      // Still typing: the pause lasts until the keys stop.
      pausedUntil = clock.instant().plus(pause);
      invalidate();
    }
    return true;
  }
}

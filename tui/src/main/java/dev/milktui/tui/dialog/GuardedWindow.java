package dev.milktui.tui.dialog;

import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.TextBox;
import com.googlecode.lanterna.gui2.TextGUI;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowListener;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.tui.layout.MinimumSize;
import dev.milktui.tui.terminal.BracketedPaste;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A dialog window that ignores keys for a short pause after it opens, so that keys typed for the
 * message box just before it appeared (the {@code y} of "why…") never answer it. Each key that
 * arrives during the pause extends it; only the global keys (Ctrl+C, Ctrl+L) pass. While paused,
 * the title says so. On a screen below the minimum size the window is hidden (the too-small notice
 * shows) and takes no keys but the global ones, since it could not be read whole; when it shows
 * again, the pause starts over.
 */
final class GuardedWindow extends BasicWindow {
  static final String PAUSED = " · keys paused…";

  private Clock clock;
  private Duration pause = Duration.ZERO;
  private WindowListener globalKeys;
  private Instant pausedUntil = Instant.MIN;
  private boolean showedPaused;
  private boolean hiddenForSize;

  GuardedWindow(String title) {
    super(title);
    addWindowListener(
        new WindowListenerAdapter() {
          @Override
          public void onInput(Window window, KeyStroke key, AtomicBoolean deliver) {
            // Lanterna's text field types a Ctrl or Alt letter as the bare letter: Ctrl+S in
            // the directory field added an "s" to the path granted. Such a key is never text.
            if (key.getKeyType() == KeyType.Character
                && (key.isCtrlDown() || key.isAltDown())
                && getFocusedInteractable() instanceof TextBox) {
              deliver.set(false);
            }
          }
        });
  }

  /** Starts the pause; called by the host as it opens the window. */
  void arm(Clock clock, Duration pause, WindowListener globalKeys) {
    this.clock = clock;
    this.pause = pause;
    this.globalKeys = globalKeys;
    this.pausedUntil = clock.instant().plus(pause);
  }

  /** Goes on with {@code other}'s pause, which this window replaces on screen. */
  void armLike(GuardedWindow other) {
    arm(other.clock, other.pause, other.globalKeys);
    pausedUntil = other.pausedUntil;
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

  private boolean screenTooSmall() {
    TextGUI gui = getTextGUI();
    return gui != null && MinimumSize.tooSmall(gui.getScreen().getTerminalSize());
  }

  /** Hidden while the screen is too small; when it shows again, the input pause starts over. */
  @Override
  public boolean isVisible() {
    boolean tooSmall = screenTooSmall();
    if (hiddenForSize && !tooSmall && clock != null) {
      pausedUntil = clock.instant().plus(pause);
    }
    hiddenForSize = tooSmall;
    return super.isVisible() && !tooSmall;
  }

  @Override
  public String getTitle() {
    showedPaused = paused();
    return showedPaused ? super.getTitle() + PAUSED : super.getTitle();
  }

  /**
   * A paste into a field is typed into it, character by character, so the field's listeners see it
   * as the user's edit (the form then holds exactly what the field shows). Line breaks arrive as
   * spaces: a one-line field has no Enter to give, and an Enter would press a button.
   */
  private static void typeInto(TextBox box, String text) {
    text.codePoints()
        .filter(c -> !Character.isISOControl(c))
        .forEach(
            c -> {
              for (char unit : Character.toChars(c)) {
                box.handleKeyStroke(new KeyStroke(unit, false, false));
              }
            });
  }

  @Override
  public boolean handleInput(KeyStroke key) {
    if (screenTooSmall()) {
      globalKeys.onInput(this, key, new AtomicBoolean(true));
      return true;
    }
    if (!paused()) {
      if (key instanceof BracketedPaste.Paste paste
          && getFocusedInteractable() instanceof TextBox box) {
        typeInto(box, paste.asOneLine());
        return true;
      }
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

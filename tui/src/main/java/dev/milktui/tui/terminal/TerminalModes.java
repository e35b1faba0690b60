package dev.milktui.tui.terminal;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.TextGUIThread;
import com.googlecode.lanterna.screen.Screen;
import com.googlecode.lanterna.screen.TerminalScreen;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.tinylog.Logger;

/**
 * The terminal's modes over a run: the settings the user had ({@code stty -g}, taken before
 * Lanterna makes the terminal raw) come back exactly on exit and on Ctrl+Z; the session's own
 * settings (raw, no CR-to-LF, no flow control so Ctrl+S is a key), bracketed paste and focus
 * reports come back on {@code fg}. Every method runs on the GUI thread, the terminal's only writer.
 */
public final class TerminalModes {
  private final boolean active;
  private final boolean mouse;
  private final String modesOn;
  private final String modesOff;
  private BooleanSupplier mouseCaptured = () -> false;
  private final Optional<String> userSettings;
  private final PrintStream out;
  private final Thread exitHook = new Thread(this::giveBack, "milk-tui-terminal-modes");
  private TerminalScreen screen;

  private TerminalModes(
      boolean active, boolean mouse, Optional<String> userSettings, PrintStream out) {
    this.active = active;
    this.mouse = mouse;
    this.modesOn =
        BracketedPaste.ENABLE + TerminalReplies.FOCUS_ON + (mouse ? SgrMouse.ENABLE : "");
    // Mouse reports off whatever the start chose: F8 or /mouse may have turned them on since.
    this.modesOff = BracketedPaste.DISABLE + TerminalReplies.FOCUS_OFF + SgrMouse.DISABLE;
    this.userSettings = userSettings;
    this.out = out;
  }

  /**
   * The session's stty settings besides raw mode: CR stays CR (so Ctrl+J differs from Enter) and
   * XON/XOFF is off (so Ctrl+S and Ctrl+Q are keys).
   */
  public static final String[] KEYS_AS_KEYS = {"-icrnl", "-ixon", "-ixoff"};

  /**
   * For the real terminal, whose output is {@code out}; {@code userSettings} are the settings taken
   * before the terminal was made raw. With {@code mouse}, the terminal reports the wheel (and
   * clicks), so selecting text then needs the terminal's modifier (often Shift).
   */
  public static TerminalModes forUserSettings(
      PrintStream out, boolean mouse, Optional<String> userSettings) {
    return new TerminalModes(true, mouse, userSettings, out);
  }

  /** Whether the run starts with the mouse reported to milk-tui (else the terminal has it). */
  public boolean mouseAtStart() {
    return mouse || !active;
  }

  /** For a terminal that has no modes to set (a virtual one). */
  public static TerminalModes none() {
    return new TerminalModes(false, false, Optional.empty(), System.out);
  }

  /**
   * Bracketed paste and wheel reports on, Ctrl+Z caught (handled on {@code thread}). Should the JVM
   * end without {@link #leave} (SIGTERM, SIGHUP, SIGINT), a shutdown hook turns them off and gives
   * the user's settings back, or the shell would get wheel reports and paste markers as text. After
   * {@code fg}, mouse reports come back only if {@code mouseCaptured} says milk-tui has the mouse
   * then (read on {@code thread}): F8 or {@code /mouse} may have given it to the terminal, or taken
   * it after a start without it.
   */
  public void enter(TerminalScreen started, TextGUIThread thread, BooleanSupplier mouseCaptured) {
    this.screen = started;
    this.mouseCaptured = mouseCaptured;
    if (active) {
      Runtime.getRuntime().addShutdownHook(exitHook);
      write(modesOn);
      SuspendSignal.install(stop -> thread.invokeLater(() -> suspend(stop)));
    }
  }

  /** Ctrl+Z: the main screen, a visible cursor and the user's settings, then {@code stop}. */
  public void suspend(Runnable stop) {
    try {
      write(modesOff);
      screen.getTerminal().exitPrivateMode();
      screen.getTerminal().setCursorVisible(true);
      screen.getTerminal().flush();
    } catch (IOException | IllegalStateException e) {
      Logger.warn(e, "could not leave the full screen for Ctrl+Z");
    }
    Optional<String> sessionSettings = Stty.save();
    userSettings.ifPresent(Stty::set);
    stop.run();
    sessionSettings.ifPresent(Stty::set);
    try {
      screen.getTerminal().enterPrivateMode();
      write(BracketedPaste.ENABLE + TerminalReplies.FOCUS_ON);
      if (mouseCaptured.getAsBoolean()) {
        write(SgrMouse.ENABLE);
      }
      // A resize while stopped went to the shell (the foreground job then), not to milk-tui.
      TerminalSize now = screen.getTerminal().getTerminalSize();
      if (now.equals(screen.getTerminalSize())) {
        screen.refresh(Screen.RefreshType.COMPLETE);
      }
    } catch (IOException | IllegalStateException e) {
      Logger.warn(e, "could not return to the full screen after fg");
    }
  }

  /**
   * The end of the run: paste and mouse modes off; after the terminal is closed, {@link #restore}.
   */
  public void leave() {
    write(modesOff);
    if (active) {
      try {
        Runtime.getRuntime().removeShutdownHook(exitHook);
      } catch (IllegalStateException e) {
        // The JVM is already ending; the hook does the same once more.
      }
    }
  }

  private void giveBack() {
    write(modesOff);
    restore();
  }

  /** Gives the user's settings back exactly, whatever Lanterna restored. */
  public void restore() {
    userSettings.ifPresent(Stty::set);
  }

  private void write(String sequence) {
    if (!active) {
      return;
    }
    out.print(sequence);
    out.flush();
  }
}

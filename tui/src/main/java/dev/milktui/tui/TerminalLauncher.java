package dev.milktui.tui;

import com.googlecode.lanterna.gui2.DefaultWindowManager;
import com.googlecode.lanterna.gui2.MultiWindowTextGUI;
import com.googlecode.lanterna.input.BasicCharacterPattern;
import com.googlecode.lanterna.input.CharacterPattern;
import com.googlecode.lanterna.input.InputDecoder;
import com.googlecode.lanterna.input.KeyDecodingProfile;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.terminal.Terminal;
import com.googlecode.lanterna.terminal.ansi.StreamBasedTerminal;
import com.googlecode.lanterna.terminal.ansi.UnixLikeTerminal;
import dev.milktui.tui.app.UiEvent;
import dev.milktui.tui.terminal.BackgroundQuery;
import dev.milktui.tui.terminal.BracketedPaste;
import dev.milktui.tui.terminal.SgrMouse;
import dev.milktui.tui.terminal.SttyBatchingTerminal;
import dev.milktui.tui.terminal.SynchronizedUpdates;
import dev.milktui.tui.terminal.TerminalInputScreen;
import dev.milktui.tui.terminal.TerminalModes;
import dev.milktui.tui.terminal.TerminalReplies;
import dev.milktui.tui.text.Palette;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.tinylog.Logger;

/**
 * Runs the UI on the real terminal: a forced text terminal (never a Swing window), Ctrl+C trapped,
 * the GUI on its own thread, and the terminal restored however the run ends.
 */
public final class TerminalLauncher {

  /** There is no terminal to draw on. */
  public static final class NoTerminalException extends Exception {
    private static final long serialVersionUID = 1L;

    public NoTerminalException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** The UI ended on a fatal error (say, out of memory); the terminal is already restored. */
  public static final class UiFailedException extends Exception {
    private static final long serialVersionUID = 1L;

    UiFailedException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * Set (to anything) to leave the mouse to the terminal, for selecting text without Shift; the
   * app's {@code --no-mouse} does the same.
   */
  public static final String NO_MOUSE = "MILK_TUI_NO_MOUSE";

  private TerminalLauncher() {}

  /**
   * Blocks until the user quits. With {@code mouse}, the terminal reports the wheel to milk-tui;
   * without, the mouse is left to the terminal. {@code beforeStart} gets the controller before the
   * first session opens (to call {@link TuiController#showTrustOffer} and the like).
   */
  public static void run(
      TuiConfig config,
      SessionFactory sessions,
      Optional<String> resumeSessionId,
      boolean mouse,
      Consumer<TuiController> beforeStart)
      throws NoTerminalException, UiFailedException, IOException, InterruptedException {
    if (System.console() == null) {
      throw new NoTerminalException(
          "milk-tui needs an interactive terminal: stdin and stdout must be a TTY.", null);
    }
    Optional<String> unusable = unusableTerminalType(System.getenv("TERM"));
    if (unusable.isPresent()) {
      throw new NoTerminalException(unusable.get(), null);
    }
    SttyBatchingTerminal terminal;
    try {
      terminal = new SttyBatchingTerminal(UnixLikeTerminal.CtrlCBehaviour.TRAP);
    } catch (IOException | RuntimeException e) {
      throw new NoTerminalException("Cannot open the terminal: " + e.getMessage(), e);
    }
    TerminalModes modes = TerminalModes.forUserSettings(System.out, mouse, terminal.userSettings());
    // Before the first frame: keys typed once the screen shows must meet the session's terminal
    // settings. The driver turns Enter into Ctrl+J as keys arrive, so an Enter typed before stty
    // ran was later read as a newline (the tmux tests type as soon as the first frame is up).
    addKeyPatterns(terminal, terminal.applyDeferred(TerminalModes.KEYS_AS_KEYS));
    List<KeyStroke> typed = List.of();
    TuiConfig chosen = config;
    if (config.askBackground() && config.color().color()) {
      BackgroundQuery.Answer answer = askBackground(terminal);
      typed = answer.typed();
      chosen =
          answer
              .light()
              .map(
                  light ->
                      config.withColor(Palette.Scheme.of(true, light, config.color().indexed())))
              .orElse(config);
    }
    Optional<String> summary;
    try {
      summary = runOn(terminal, modes, chosen, sessions, resumeSessionId, beforeStart, typed);
    } finally {
      modes.restore();
    }
    // On the normal screen, with the user's settings back: what stays of the conversation.
    summary.ifPresent(
        text -> {
          System.out.print(text);
          System.out.flush();
        });
  }

  /**
   * Asks the terminal's background colour before the screen reads any key, so the answer is never
   * taken for typing; keys typed meanwhile are handed on.
   */
  private static BackgroundQuery.Answer askBackground(SttyBatchingTerminal terminal) {
    try {
      terminal.writeRaw(BackgroundQuery.QUESTION.getBytes(StandardCharsets.US_ASCII));
      terminal.flush();
      return BackgroundQuery.await(
          terminal::pollInput,
          BackgroundQuery.TIMEOUT,
          System::nanoTime,
          () -> LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2)));
    } catch (IOException e) {
      Logger.warn(e, "could not ask the terminal's background colour");
      return new BackgroundQuery.Answer(Optional.empty(), List.of());
    }
  }

  /**
   * Why a terminal of type {@code term} cannot show the full screen, if it cannot: a dumb terminal
   * (an editor's shell buffer, say) or one that names no type would print the escape sequences as
   * text.
   */
  static Optional<String> unusableTerminalType(String term) {
    if (term == null || term.isBlank()) {
      return Optional.of(
          "TERM is not set, so the terminal's type is unknown; set it (e.g. TERM=xterm-256color)"
              + " if this terminal has a full screen.");
    }
    if (term.equals("dumb")) {
      return Optional.of(
          "TERM=dumb: this terminal cannot place the cursor, which the full-screen UI needs.");
    }
    return Optional.empty();
  }

  /**
   * The UI on an open terminal, which is closed at the end; see {@link #run}. {@code typed}: keys
   * read before. Returns what to print once the terminal is given back when the user quit ({@link
   * TuiController#exitSummary}); nothing when the terminal went away.
   */
  static Optional<String> runOn(
      Terminal terminal,
      TerminalModes modes,
      TuiConfig config,
      SessionFactory sessions,
      Optional<String> resumeSessionId,
      Consumer<TuiController> beforeStart,
      List<KeyStroke> typed)
      throws UiFailedException, IOException, InterruptedException {
    TerminalInputScreen screen =
        new TerminalInputScreen(
            terminal, SynchronizedUpdates.wanted(System.getenv()), config.hyperlinks());
    screen.typedAhead(typed);
    FatalErrors errors = FatalErrors.install();
    GuiThread thread;
    Optional<String> summary = Optional.empty();
    try (errors;
        PacedFrames frames = new PacedFrames();
        Ticker ticker = new Ticker()) {
      screen.startScreen();
      MultiWindowTextGUI gui =
          new MultiWindowTextGUI(
              GuiThread.factory(), screen, new DefaultWindowManager(), null, new CoveredBackdrop());
      TuiController controller = new TuiController(gui, config.withPacer(frames), sessions);
      screen.onFocus(focused -> controller.post(new UiEvent.Focus(focused)));
      thread = (GuiThread) gui.getGUIThread();
      errors.watch(thread);
      thread.start();
      ticker.start(Duration.ofSeconds(1), controller::tick, controller::clockFailed);
      thread.invokeLater(
          () -> {
            beforeStart.accept(controller);
            if (!modes.mouseAtStart()) {
              controller.mouseLeftToTerminal();
            }
            modes.enter(screen, thread, controller::mouseCaptured);
            controller.show();
            drawNow(gui);
            controller.start(resumeSessionId);
          });
      try {
        // The GUI thread's end is awaited too: whatever ends it, the terminal is given back.
        CompletableFuture.anyOf(
                controller.quitRequested(), errors.fatal(), screen.inputEnded(), thread.ended())
            .get();
      } catch (ExecutionException e) {
        Logger.error(e, "UI ended with an error");
      } finally {
        thread.stop();
        try {
          thread.waitForStop(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        controller.quit();
        if (controller.quitRequested().isDone()
            && !screen.inputEnded().isDone()
            && errors.error().isEmpty()) {
          summary = exitSummary(controller, screen.getTerminalSize().getColumns());
        }
      }
    } finally {
      try {
        modes.leave();
        screen.stopScreen();
      } finally {
        terminal.close();
      }
    }
    Optional<Throwable> fatal = errors.error().or(() -> failure(thread.ended()));
    if (fatal.isPresent()) {
      throw new UiFailedException(FatalErrors.describe(fatal.get()), fatal.get());
    }
    return summary;
  }

  /** What stays on the normal screen; a failure to make it costs only the summary. */
  private static Optional<String> exitSummary(TuiController controller, int width) {
    try {
      return Optional.of(controller.exitSummary(width));
    } catch (RuntimeException e) {
      Logger.error(e, "could not make the exit summary");
      return Optional.empty();
    }
  }

  private static Optional<Throwable> failure(CompletableFuture<Void> ended) {
    try {
      ended.getNow(null);
      return Optional.empty();
    } catch (CompletionException e) {
      return Optional.of(e.getCause());
    } catch (CancellationException e) {
      return Optional.empty();
    }
  }

  /** Shows the empty screen before the session opens, so start-up work happens behind a frame. */
  private static void drawNow(MultiWindowTextGUI gui) {
    try {
      gui.updateScreen();
    } catch (IOException e) {
      Logger.warn(e, "the first frame could not be drawn early");
    }
  }

  /**
   * Teaches the decoder the paste markers and mouse reports, and lets Ctrl+J (LF) differ from Enter
   * (CR) when {@code keysAsKeys}: the terminal stopped turning CR into LF, so the decoder reads LF
   * as Ctrl+J. Alt+Enter (ESC CR) is decoded as Enter with Alt. Where stty could not be changed,
   * Ctrl+J stays Enter and Alt+Enter still inserts a newline. Runs before any key is read.
   */
  private static void addKeyPatterns(StreamBasedTerminal terminal, boolean keysAsKeys) {
    InputDecoder decoder = terminal.getInputDecoder();
    decoder.addProfile(
        profile(
            new BasicCharacterPattern(new KeyStroke(KeyType.Enter, false, true), '\u001b', '\r'),
            new BasicCharacterPattern(new KeyStroke(KeyType.Enter), '\r')));
    decoder.addProfile(BracketedPaste.MARKERS);
    decoder.addProfile(SgrMouse.PROFILE);
    decoder.addProfile(TerminalReplies.PROFILE);
    if (keysAsKeys) {
      decoder.addProfile(profile(new BasicCharacterPattern(new KeyStroke('j', true, false), '\n')));
    }
  }

  private static KeyDecodingProfile profile(CharacterPattern... patterns) {
    List<CharacterPattern> list = List.of(patterns);
    return () -> list;
  }
}

package dev.milktui.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.TextGUIThread;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowBasedTextGUI;
import com.googlecode.lanterna.gui2.WindowListener;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.export.MarkdownExport;
import dev.milktui.tui.app.Action;
import dev.milktui.tui.app.Effect;
import dev.milktui.tui.app.SlashCommands;
import dev.milktui.tui.app.Ui;
import dev.milktui.tui.app.UiEvent;
import dev.milktui.tui.completion.Completions;
import dev.milktui.tui.completion.FileIndex;
import dev.milktui.tui.copy.Clipboard;
import dev.milktui.tui.copy.ScreenOutput;
import dev.milktui.tui.dialog.DialogHost;
import dev.milktui.tui.exit.ExitSummary;
import dev.milktui.tui.keys.KeyMap;
import dev.milktui.tui.overlay.OverlayStack;
import dev.milktui.tui.terminal.TerminalSignals;
import dev.milktui.tui.text.Palette;
import dev.milktui.tui.tools.ToolPane;
import dev.milktui.tui.tools.ToolRow;
import dev.milktui.tui.transcript.CellFeed;
import dev.milktui.tui.transcript.Transcript;
import dev.milktui.tui.transcript.TranscriptView;
import dev.milktui.tui.work.Workers;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.tinylog.Logger;

/**
 * The shell: builds the panes on a given GUI, gives keys to the overlay stack (Lanterna's active
 * dialog) or the key map, events to the {@link Ui} reducer, and the effects it answers with to the
 * {@link EffectRunner}; then draws the state. Works on any Lanterna screen, so tests drive it on a
 * virtual terminal. Session events and the app's own reach the GUI thread through one pump.
 */
public final class TuiController {

  private final WindowBasedTextGUI gui;
  private final TuiConfig config;
  private final Palette palette;
  private final BasicWindow window;
  private final Transcript transcript = new Transcript();
  private final Ui ui;
  private final KeyMap keys;
  private final TranscriptView transcriptView;
  private final ToolPane toolPane;
  private final InputBox input;
  private final StatusBar status;
  private final TurnSpinner spinner;
  private final DialogHost dialogs;
  private final OverlayStack overlays;
  private final EffectRunner runner;
  private final Workers workers;
  private final EventPump<UiEvent> pump;
  private final CompletableFuture<Void> quit = new CompletableFuture<>();
  private final CompletionPopup popup;
  private final ScreenKeys screenKeys;
  private final PaneFeed panes;
  private final StateView stateView;
  private FileIndex fileIndex;

  public TuiController(WindowBasedTextGUI gui, TuiConfig config, SessionFactory sessions) {
    this.gui = gui;
    this.config = config;
    this.keys = config.keys();
    this.palette = new Palette(config.color());
    gui.setTheme(DialogTheme.of(palette));
    WindowListener globalKeys =
        new WindowListenerAdapter() {
          @Override
          public void onInput(Window w, KeyStroke key, AtomicBoolean deliver) {
            if (screenKeys.global(key)) {
              deliver.set(false);
            }
          }
        };
    TextGUIThread thread = gui.getGUIThread();
    this.pump = new EventPump<>(thread, config.pacer(), this::applyAll);
    this.workers = new Workers(config.workers(), thread::invokeLater);
    this.runner =
        new EffectRunner(
            sessions,
            pump::post,
            workers,
            config.exporter(),
            config.clock().getZone(),
            new GrantSaves(config.grantSaver(), workers, config.clock(), this::notice),
            new Clipboard(workers, ScreenOutput.of(gui.getScreen()), System.getenv()));
    this.ui =
        new Ui(
            config.clock(), config.stallNotice(), runner::busy, keys::keyName, config.attention());
    this.dialogs = new DialogHost(gui, globalKeys, config.clock(), config.dialogInputPause());
    ui.conversation().listen(new CellFeed(transcript));
    transcript.thinkingKey(keys.keyName(Action.TOGGLE_THINKING));
    this.transcriptView = new TranscriptView(transcript, palette);
    transcriptView.copyCallWith(call -> feed(new UiEvent.CopyCall(call)));
    this.toolPane = new ToolPane(palette, config.clock(), row -> toolDetails(row));
    this.input =
        new InputBox(new InputHistory(config.historyFile(), workers), keys, this::submitted);
    sessions.readOnly().ifPresent(input::readOnly);
    this.popup = new CompletionPopup(palette, input);
    input.completeWith(
        new Completions(ui.commands()::names, () -> Optional.ofNullable(fileIndex)),
        popup::invalidate);
    this.status = new StatusBar(palette, keys);
    transcriptView.whenEmpty(new FirstScreen(ui, status, keys::keyName));
    this.spinner = new TurnSpinner(palette, config.clock());
    this.stateView = new StateView(status, spinner);
    this.overlays =
        new OverlayStack(
            dialogs,
            config.grantSaver().destination(),
            config.ruleOptions(),
            effect -> perform(List.of(effect)),
            this::overlaysChanged);
    overlays.explainWith(workers, config.explainer());
    runner.attach(overlays, new Shell(), TerminalSignals.of(gui.getScreen()));
    TitleRow inputTitle =
        new TitleRow(
            palette,
            new InputTitle(ui::state, dialogs::anyOpen, input::getText, runner::busy),
            input::isFocused);
    window =
        MainWindow.of(
            transcriptView,
            toolPane,
            inputTitle,
            input,
            status,
            new TooSmallView(palette),
            spinner,
            popup);
    this.screenKeys =
        new ScreenKeys(
            gui,
            keys,
            window,
            input,
            transcriptView,
            transcript,
            toolPane,
            new MouseWheel(gui, dialogs, transcriptView, toolPane),
            action -> {
              feed(
                  new UiEvent.Key(
                      action,
                      dialogs.anyOpen()
                          ? UiEvent.MessageBox.COVERED
                          : input.hasDraft()
                              ? UiEvent.MessageBox.DRAFT
                              : UiEvent.MessageBox.EMPTY));
              transcriptView.contentChanged();
            });
    window.addWindowListener(screenKeys.mainListener());
    window.setFocusedInteractable(input);
    this.panes = new PaneFeed(toolPane, spinner, window, runner);
    thread.setExceptionHandler(new GuiErrors(() -> quit.complete(null), this::safeNotice));
  }

  /**
   * Shows the screen and opens the first session (resuming {@code resumeSessionId} when given). The
   * window is added only now: Lanterna's GUI thread draws once before it runs any task, and a
   * screen shown before the launcher has set the terminal up invites keys it would misread (an
   * Enter typed at once became a newline in the tmux tests).
   */
  public void start(Optional<String> resumeSessionId) {
    show();
    runner.open(resumeSessionId);
  }

  /**
   * Puts the main window on the screen; the launcher calls it once the terminal is set up, so the
   * first frame shows the UI before the session opens. Not in the constructor: Lanterna's GUI
   * thread draws once before it runs any task.
   */
  public void show() {
    if (!gui.getWindows().contains(window)) {
      gui.addWindow(window);
    }
  }

  /** Whether milk-tui has the mouse now (F8 and /mouse move it); GUI thread. */
  public boolean mouseCaptured() {
    return !ui.state().mouseSelect();
  }

  /** The run started with the mouse left to the terminal (--no-mouse); GUI thread, before show. */
  public void mouseLeftToTerminal() {
    ui.mouseAtStart(false);
    showState();
  }

  /** Completes when the user quits (or the terminal fails); the launcher then restores it. */
  public CompletableFuture<Void> quitRequested() {
    return quit;
  }

  /**
   * The one door onto the GUI thread for the app: a line for the transcript, the version, the
   * resume picker… arrive in order with the session's events. Any thread.
   */
  public void post(UiEvent event) {
    pump.post(event);
  }

  /** A line in the transcript from the app. Any thread. */
  public void post(SessionEvent.Level level, String text) {
    post(new UiEvent.Note(level, text));
  }

  /** milk-tui's own version, for the header line each session starts with. Any thread. */
  public void showVersion(String version) {
    post(new UiEvent.Version(version));
  }

  /**
   * Shows what every session pre-approves (the baseline) in the status bar; empty: it is off. Any
   * thread.
   */
  public void showBaseline(String summary) {
    post(new UiEvent.Baseline(summary));
  }

  /** The folder claude works in, whose files {@code @} offers. Any thread. */
  public void workingDirectory(Path directory) {
    post(new UiEvent.WorkingDirectory(directory));
  }

  /** The file list for {@code @} comes from the workers, never this thread. */
  private void indexFiles(Path directory) {
    runner.workingDirectory(directory);
    fileIndex =
        new FileIndex(
            directory, workers, () -> gui.getGUIThread().invokeLater(input::refreshCompletion));
  }

  /** Lists this directory's sessions (off the GUI thread), then opens the picker. Any thread. */
  public void openResumePicker() {
    post(new UiEvent.Submitted("/resume"));
  }

  /** The clock's second; the ticker's thread calls it. Any thread. */
  public void tick() {
    pump.post(new UiEvent.Clock());
  }

  /** The clock stopped: the user is told, as for any thread's failure. Any thread. */
  void clockFailed(Throwable e) {
    post(SessionEvent.Level.ERROR, "The UI's clock stopped: " + e + " (details in the log)");
  }

  /**
   * The conversation as Markdown, the same cells the screen shows. On the GUI thread, or once it
   * stopped (the app writes --export at exit).
   */
  public String exportMarkdown() {
    return MarkdownExport.render(ui.conversation().cells());
  }

  /**
   * What the terminal keeps once the screen closed ({@link ExitSummary}); after the GUI stopped.
   */
  public String exitSummary(int width) {
    return ExitSummary.render(ui.conversation().cells(), ui.state(), width);
  }

  // Visible for tests: the panes and state the screen shows.
  Conversation conversation() {
    return ui.conversation();
  }

  Transcript transcript() {
    return transcript;
  }

  TranscriptView transcriptView() {
    return transcriptView;
  }

  ToolPane toolPane() {
    return toolPane;
  }

  StatusBar statusBar() {
    return status;
  }

  InputBox input() {
    return input;
  }

  /** The slash commands claude and milk-tui offer now (for completion in the message box). */
  public SlashCommands slashCommands() {
    return ui.commands();
  }

  /**
   * Applies a batch of events, then shows the model's state once: each streamed delta makes a new
   * state, and showing one cleans and measures its texts.
   */
  private void applyAll(List<UiEvent> batch) {
    for (UiEvent event : batch) {
      try {
        if (event instanceof UiEvent.Clock) {
          event = new UiEvent.Tick(panes.tick());
          dialogs.tick();
          runner.tick();
        } else if (event instanceof UiEvent.Baseline b) {
          status.baseline(b.summary());
        } else if (event instanceof UiEvent.FromSession s
            && s.generation() == runner.generation()) {
          panes.apply(s.event());
          if (s.event() instanceof SessionEvent.ToolFinished) {
            settle(ui.on(new UiEvent.ToolFinished(toolPane.anyRunning())));
          }
        }
        settle(ui.on(event));
      } catch (RuntimeException e) {
        Logger.error(e, "could not show {}", event);
        safeNotice("Could not show an event: " + e + " (details in the log)");
      }
    }
    showState();
    transcriptView.contentChanged();
  }

  /** Shows the model's state on the status bar and spinner. */
  private void showState() {
    stateView.show(ui.state());
  }

  /** Gives {@code event} to the reducer, performs what it answers, draws what changed. */
  private void feed(UiEvent event) {
    perform(ui.on(event));
  }

  private void perform(List<Effect> effects) {
    settle(effects);
    showState();
  }

  /** Performs what the reducer answered; the state is not shown yet. */
  private void settle(List<Effect> effects) {
    runner.run(effects);
    learnWhoWaits();
  }

  /** The overlay stack changed: the reducer learns which request waits for the user. */
  private void overlaysChanged() {
    learnWhoWaits();
    showState();
  }

  private void learnWhoWaits() {
    String on = overlays.waitingOn();
    if (!Objects.equals(on, ui.state().waitingOn())) {
      runner.run(ui.on(new UiEvent.Waiting(on)));
    }
  }

  private void toolDetails(ToolRow row) {
    overlays.toolDetails(row, config.clock().instant());
  }

  private void submitted(String text) {
    feed(new UiEvent.Submitted(text));
  }

  /**
   * Ends the session and asks the launcher to restore the terminal. A rule still waiting to be
   * saved is not saved: nothing is written to Claude's settings once the user has quit.
   */
  public void quit() {
    runner.quit();
  }

  private void notice(SessionEvent.Level level, String text) {
    feed(new UiEvent.Note(level, text));
    transcriptView.contentChanged();
  }

  private void safeNotice(String text) {
    try {
      notice(SessionEvent.Level.ERROR, text);
    } catch (RuntimeException ignored) {
      // Reporting must never throw from the exception handler itself.
    }
  }

  /** The size the panes have now (for tests and the launcher's too-small check). */
  TerminalSize size() {
    return gui.getScreen().getTerminalSize();
  }

  /** What only the screen can do, for the effect runner. */
  private final class Shell implements EffectRunner.Shell {
    @Override
    public void feed(UiEvent event) {
      TuiController.this.feed(event);
      transcriptView.contentChanged();
    }

    @Override
    public void quitNow() {
      quit.complete(null);
    }

    @Override
    public String markdown() {
      return exportMarkdown();
    }

    @Override
    public void indexFiles(Path directory) {
      TuiController.this.indexFiles(directory);
    }

    @Override
    public void help() {
      overlays.help(keys.help());
    }

    @Override
    public void clearMessage() {
      input.clearMessage();
    }

    @Override
    public void detail(Conversation conversation) {
      overlays.detail(conversation, keys.keysOf(Action.DETAIL_VIEW));
    }
  }
}

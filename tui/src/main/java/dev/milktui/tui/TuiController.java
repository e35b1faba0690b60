package dev.milktui.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Interactable;
import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.TextGUIThread;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowBasedTextGUI;
import com.googlecode.lanterna.gui2.WindowListener;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.input.MouseAction;
import com.googlecode.lanterna.screen.Screen;
import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.export.MarkdownExport;
import dev.milktui.tui.app.Action;
import dev.milktui.tui.app.Effect;
import dev.milktui.tui.app.SlashCommands;
import dev.milktui.tui.app.TaskSummary;
import dev.milktui.tui.app.Ui;
import dev.milktui.tui.app.UiEvent;
import dev.milktui.tui.completion.Completions;
import dev.milktui.tui.completion.FileIndex;
import dev.milktui.tui.copy.Clipboard;
import dev.milktui.tui.copy.ScreenOutput;
import dev.milktui.tui.dialog.DialogHost;
import dev.milktui.tui.dialog.PermissionPrompter;
import dev.milktui.tui.keys.KeyMap;
import dev.milktui.tui.overlay.OverlayStack;
import dev.milktui.tui.text.Palette;
import dev.milktui.tui.tools.ToolPane;
import dev.milktui.tui.tools.ToolRow;
import dev.milktui.tui.transcript.CellFeed;
import dev.milktui.tui.transcript.Transcript;
import dev.milktui.tui.transcript.TranscriptView;
import dev.milktui.tui.work.Workers;
import java.io.IOException;
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
  private final KeyMap keys = new KeyMap();
  private final TranscriptView transcriptView;
  private final ToolPane toolPane;
  private final InputBox input;
  private final StatusBar status;
  private final TurnSpinner spinner;
  private final DialogHost dialogs;
  private final PermissionPrompter prompter;
  private final OverlayStack overlays;
  private final EffectRunner runner;
  private final Workers workers;
  private final EventPump<UiEvent> pump;
  private final CompletableFuture<Void> quit = new CompletableFuture<>();
  private final CompletionPopup popup;
  private final MouseWheel wheel;
  private final PaneFeed panes;
  private final StateView stateView;
  private FileIndex fileIndex;

  public TuiController(WindowBasedTextGUI gui, TuiConfig config, SessionFactory sessions) {
    this.gui = gui;
    this.config = config;
    this.palette = new Palette(config.color());
    gui.setTheme(DialogTheme.of(palette));
    WindowListener globalKeys =
        new WindowListenerAdapter() {
          @Override
          public void onInput(Window w, KeyStroke key, AtomicBoolean deliver) {
            if (globalKey(key)) {
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
            new Clipboard(workers, ScreenOutput.of(gui.getScreen()), System.getenv()));
    this.ui = new Ui(config.clock(), config.stallNotice(), runner::busy);
    this.dialogs = new DialogHost(gui, globalKeys, config.clock(), config.dialogInputPause());
    ui.conversation().listen(new CellFeed(transcript));
    this.transcriptView = new TranscriptView(transcript, palette);
    transcriptView.copyCallWith(call -> feed(new UiEvent.CopyCall(call)));
    this.toolPane = new ToolPane(palette, config.clock(), row -> toolDetails(row));
    this.input = new InputBox(new InputHistory(config.historyFile(), workers), this::submitted);
    this.popup = new CompletionPopup(palette, input);
    input.completeWith(
        new Completions(ui.commands()::names, () -> Optional.ofNullable(fileIndex)),
        popup::invalidate);
    this.status = new StatusBar(palette);
    transcriptView.whenEmpty(new FirstScreen(ui, status));
    this.spinner = new TurnSpinner(palette, config.clock());
    this.stateView = new StateView(status, spinner);
    this.prompter =
        new PermissionPrompter(
            dialogs, config.grantSaver(), config.ruleOptions(), this::notice, workers);
    this.overlays =
        new OverlayStack(
            dialogs,
            prompter,
            config.ruleOptions(),
            runner::resumeWithGrants,
            this::notice,
            effect -> perform(List.of(effect)),
            this::overlaysChanged);
    runner.attach(overlays, new Shell());
    TitleRow inputTitle =
        new TitleRow(
            palette,
            () ->
                dialogs.anyOpen() && !input.getText().isEmpty()
                    ? " Message · draft kept: a dialog has the keys, your text waits here"
                    : !ui.state().tasks().isEmpty()
                        ? " " + TaskSummary.line(ui.state().tasks()) + " · F6 list, stop"
                        : " Message · Enter send · Ctrl+J / Alt+Enter newline · ↑↓ history"
                            + (runner.busy() ? " · a turn is running: sends queue" : ""),
            input::isFocused);
    Panel root = new Panel(new MainLayout());
    // The window blanks its whole area before each frame; the panel's own fill did it again.
    Panel.DefaultPanelRenderer panelRenderer = root.new DefaultPanelRenderer();
    panelRenderer.setFillAreaBeforeDrawingComponents(false);
    root.setRenderer(panelRenderer);
    root.addComponent(transcriptView);
    root.addComponent(toolPane);
    root.addComponent(inputTitle);
    root.addComponent(input);
    root.addComponent(status);
    root.addComponent(new TooSmallView(palette));
    root.addComponent(spinner);
    root.addComponent(popup);
    window = new BasicWindow("milk-tui");
    window.setHints(
        List.of(
            Window.Hint.FULL_SCREEN, Window.Hint.NO_DECORATIONS, Window.Hint.NO_POST_RENDERING));
    window.setComponent(root);
    window.addWindowListener(
        new WindowListenerAdapter() {
          @Override
          public void onInput(Window w, KeyStroke key, AtomicBoolean deliver) {
            if (globalKey(key) || mainKey(key)) {
              deliver.set(false);
            }
          }
        });
    window.setFocusedInteractable(input);
    this.wheel = new MouseWheel(gui, dialogs, transcriptView, toolPane);
    this.panes = new PaneFeed(toolPane, spinner, window, runner);
    thread.setExceptionHandler(
        new TextGUIThread.ExceptionHandler() {
          @Override
          public boolean onIOException(IOException e) {
            Logger.error(e, "terminal I/O failed; stopping the UI");
            quit.complete(null);
            return true;
          }

          @Override
          public boolean onRuntimeException(RuntimeException e) {
            Logger.error(e, "error on the GUI thread");
            safeNotice("Internal error: " + e + " (details in the log)");
            return false;
          }
        });
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

  /** Redraws what changes with time (running tools' elapsed time). Any thread. */
  public void tick() {
    gui.getGUIThread()
        .invokeLater(
            () -> {
              if (toolPane.anyRunning()) {
                toolPane.invalidate();
              }
              if (spinner.active()) {
                spinner.invalidate();
              }
              dialogs.tick();
              feed(new UiEvent.Tick(toolPane.anyRunning()));
            });
  }

  /**
   * The conversation as Markdown, the same cells the screen shows. On the GUI thread, or once it
   * stopped (the app writes --export at exit).
   */
  public String exportMarkdown() {
    return MarkdownExport.render(ui.conversation().cells());
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

  PermissionPrompter prompter() {
    return prompter;
  }

  /** The slash commands claude and milk-tui offer now (for completion in the message box). */
  public SlashCommands slashCommands() {
    return ui.commands();
  }

  private void applyAll(List<UiEvent> batch) {
    for (UiEvent event : batch) {
      try {
        if (event instanceof UiEvent.Baseline b) {
          status.baseline(b.summary());
        } else if (event instanceof UiEvent.FromSession s
            && s.generation() == runner.generation()) {
          panes.apply(s.event());
          if (s.event() instanceof SessionEvent.ToolFinished) {
            feed(new UiEvent.ToolFinished(toolPane.anyRunning()));
          }
        }
        feed(event);
      } catch (RuntimeException e) {
        Logger.error(e, "could not show {}", event);
        safeNotice("Could not show an event: " + e + " (details in the log)");
      }
    }
    transcriptView.contentChanged();
  }

  /** Gives {@code event} to the reducer, performs what it answers, draws what changed. */
  private void feed(UiEvent event) {
    perform(ui.on(event));
  }

  private void perform(List<Effect> effects) {
    runner.run(effects);
    overlaysChanged();
    stateView.show(ui.state());
  }

  /** The overlay stack changed: the reducer learns which request waits for the user. */
  private void overlaysChanged() {
    String on = overlays.waitingOn();
    if (!Objects.equals(on, ui.state().waitingOn())) {
      runner.run(ui.on(new UiEvent.Waiting(on)));
    }
    stateView.show(ui.state());
  }

  private void toolDetails(ToolRow row) {
    overlays.toolDetails(row, config.clock().instant());
  }

  private void submitted(String text) {
    feed(new UiEvent.Submitted(text));
  }

  /** Keys that work whatever window is active. */
  private boolean globalKey(KeyStroke key) {
    if (key instanceof MouseAction mouse) {
      wheel.scroll(mouse);
      return true;
    }
    Optional<Action> action = keys.action(key, KeyMap.Context.GLOBAL, false);
    action.ifPresent(this::act);
    return action.isPresent();
  }

  private boolean mainKey(KeyStroke key) {
    if (MainLayout.tooSmall(gui.getScreen().getTerminalSize())) {
      return true;
    }
    Interactable focused = window.getFocusedInteractable();
    KeyType type = key.getKeyType();
    if (focused == input && input.completing() && (type == KeyType.Escape || type == KeyType.Tab)) {
      return false;
    }
    if (focused == transcriptView && transcriptView.searching()) {
      return false;
    }
    Optional<Action> action = keys.action(key, KeyMap.Context.MAIN, focused == input);
    if (action.isEmpty()
        || ((action.get() == Action.PAGE_UP || action.get() == Action.PAGE_DOWN)
            && focused == toolPane)) {
      return false;
    }
    act(action.get());
    return true;
  }

  /** The view's own keys here; the rest to the reducer. */
  private void act(Action action) {
    switch (action) {
      case REDRAW -> redraw();
      case TOGGLE_THINKING -> {
        transcript.setThinkingCollapsed(!transcript.thinkingCollapsed());
        transcriptView.contentChanged();
      }
      case NEXT_PANE -> {
        Interactable focused = window.getFocusedInteractable();
        window.setFocusedInteractable(
            focused == input ? transcriptView : focused == transcriptView ? toolPane : input);
      }
      case PAGE_UP -> transcriptView.pageUp();
      case PAGE_DOWN -> transcriptView.pageDown();
      case SEARCH -> {
        Interactable before = window.getFocusedInteractable();
        window.setFocusedInteractable(transcriptView);
        transcriptView.openSearch(() -> window.setFocusedInteractable(before));
      }
      default -> {
        feed(new UiEvent.Key(action));
        transcriptView.contentChanged();
      }
    }
  }

  private void redraw() {
    window.invalidate();
    try {
      gui.getScreen().refresh(Screen.RefreshType.COMPLETE);
    } catch (IOException e) {
      Logger.warn(e, "redraw failed");
    }
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
    public void modeChosen(String mode) {
      feed(new UiEvent.ModeChosen(mode));
      transcriptView.contentChanged();
    }

    @Override
    public void help() {
      overlays.help(keys.help());
    }
  }
}

package dev.milktui.tui;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Component;
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
import com.googlecode.lanterna.input.MouseActionType;
import com.googlecode.lanterna.screen.Screen;
import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.export.MarkdownExport;
import dev.milktui.core.history.PastSession;
import dev.milktui.core.session.Session;
import dev.milktui.core.task.BackgroundTask;
import dev.milktui.core.text.LogText;
import dev.milktui.core.turn.TurnSummary;
import dev.milktui.tui.completion.Completions;
import dev.milktui.tui.completion.FileIndex;
import dev.milktui.tui.dialog.DialogHost;
import dev.milktui.tui.dialog.ElicitationDialog;
import dev.milktui.tui.dialog.GrantDialog;
import dev.milktui.tui.dialog.GrantForm;
import dev.milktui.tui.dialog.Keys;
import dev.milktui.tui.dialog.ModeMenu;
import dev.milktui.tui.dialog.PermissionDetails;
import dev.milktui.tui.dialog.PermissionPrompter;
import dev.milktui.tui.dialog.ReadOnlyText;
import dev.milktui.tui.dialog.ResumePicker;
import dev.milktui.tui.dialog.SimpleDialog;
import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.tools.ToolPane;
import dev.milktui.tui.tools.ToolRow;
import dev.milktui.tui.transcript.CellFeed;
import dev.milktui.tui.transcript.Transcript;
import dev.milktui.tui.transcript.TranscriptView;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.tinylog.Logger;

/**
 * The main screen and its behaviour: builds the panes on a given GUI, applies session events on the
 * GUI thread (they arrive from background threads through a coalescing pump), maps keys, opens
 * dialogs without blocking. Works on any Lanterna screen, so tests drive it on a virtual terminal.
 * All methods but the listener and {@link #showTrustOffer} run on the GUI thread.
 */
public final class TuiController {
  static final Duration QUIT_WINDOW = Duration.ofSeconds(2);
  private static final String QUIT_OFFER = "quit";
  private static final String RETRY_OFFER = "retry";
  private static final List<String> MODES = List.of("default", "acceptEdits", "plan");

  /** A session event tagged with the session it came from, so a replaced session is ignored. */
  private record Tagged(int generation, SessionEvent event) {}

  private final WindowBasedTextGUI gui;
  private final TuiConfig config;
  private final SessionFactory sessions;
  private final Palette palette;
  private final BasicWindow window;
  private final Transcript transcript = new Transcript();
  private final Conversation conversation = new Conversation();
  private final TranscriptView transcriptView;
  private final ToolPane toolPane;
  private final InputBox input;
  private final StatusBar status;
  private final TurnSpinner spinner;
  private final DialogHost dialogs;
  private final PermissionPrompter prompter;
  private final Deque<TurnSummary> grantQueue = new ArrayDeque<>();
  private final EventPump<Tagged> pump;
  private final CompletableFuture<Void> quit = new CompletableFuture<>();
  private final StallWatch stall;
  private final SlashCommands commands = new SlashCommands();
  private final CompletionPopup popup;
  private FileIndex fileIndex;
  private boolean grantDialogOpen;
  private String shownDetail = "";
  // A mode asked of claude that it has not reported yet; the next cycle goes on from it.
  private String modeAsked;
  private List<BackgroundTask> tasks = List.of();
  // The open dialogs that list running tasks (F6, a restart waiting for them), or null: they are
  // closed (F6's shown again) when the tasks change, so no key acts on a task that has ended.
  private SimpleDialog tasksDialog;
  private List<String> tasksDialogIds = List.of();
  private SimpleDialog restartWaitsDialog;
  // MCP forms opened for the running claude: they close unanswered if it exits.
  private final List<ElicitationDialog> forms = new ArrayList<>();
  // Sessions that report their totals (a live claude) are shown by them; a replay by its turns.
  private boolean totalsReported;
  private long replayTokens;
  private Session session;
  private int generation;
  private String sessionId;
  private Path cwd;
  private Instant lastCtrlC;
  private int lastExitCode;

  /** The last message sent to claude, and the one a failed turn left for Ctrl+R to send again. */
  private String lastSent;

  private String retryable;
  private String milkTuiVersion;
  private int headerShownFor;

  public TuiController(WindowBasedTextGUI gui, TuiConfig config, SessionFactory sessions) {
    this.gui = gui;
    this.config = config;
    this.sessions = sessions;
    this.palette = new Palette(config.color());
    gui.setTheme(palette.theme());
    WindowListener globalKeys =
        new WindowListenerAdapter() {
          @Override
          public void onInput(Window w, KeyStroke key, AtomicBoolean deliver) {
            if (globalKey(key)) {
              deliver.set(false);
            }
          }
        };
    this.dialogs = new DialogHost(gui, globalKeys, config.clock(), config.dialogInputPause());
    this.stall = new StallWatch(config.stallNotice(), config.clock().instant());
    conversation.listen(new CellFeed(transcript));
    this.transcriptView = new TranscriptView(transcript, palette);
    this.toolPane = new ToolPane(palette, config.clock(), this::showToolDetails);
    this.input = new InputBox(new InputHistory(config.historyFile()), this::send);
    this.popup = new CompletionPopup(palette, input);
    input.completeWith(
        new Completions(commands::names, () -> Optional.ofNullable(fileIndex)), popup::invalidate);
    this.status = new StatusBar(palette);
    transcriptView.whenEmpty(new FirstScreen(status));
    this.spinner = new TurnSpinner(palette, config.clock());
    this.prompter =
        new PermissionPrompter(
            dialogs, config.grantSaver(), config.ruleOptions(), this::notice, config.settingsIo());
    TitleRow inputTitle =
        new TitleRow(
            palette,
            () ->
                dialogs.anyOpen() && !input.getText().isEmpty()
                    ? " Message · draft kept: a dialog has the keys, your text waits here"
                    : !tasks.isEmpty()
                        ? " " + TaskSummary.line(tasks) + " · F6 list, stop"
                        : " Message · Enter send · Ctrl+J / Alt+Enter newline · ↑↓ history"
                            + (session != null && session.busy()
                                ? " · a turn is running: sends queue"
                                : ""),
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
    TextGUIThread thread = gui.getGUIThread();
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
    this.pump = new EventPump<>(thread, config.pacer(), this::applyAll);
  }

  /**
   * Shows the screen and opens the first session (resuming {@code resumeSessionId} when given). The
   * window is added only now: Lanterna's GUI thread draws once before it runs any task, and a
   * screen shown before the launcher has set the terminal up invites keys it would misread (an
   * Enter typed at once became a newline in the tmux tests).
   */
  public void start(Optional<String> resumeSessionId) {
    show();
    openSession(resumeSessionId);
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
   * Offers to trust {@code workspace}, whose project rules are being ignored; {@code onTrust} runs
   * on the GUI thread if the user accepts. Any thread.
   */
  public void showTrustOffer(Path workspace, Runnable onTrust) {
    gui.getGUIThread()
        .invokeLater(
            () ->
                new SimpleDialog(dialogs, "Untrusted workspace")
                    .text(
                        "Claude ignores the permission rules in this project's .claude/settings.json"
                            + " because the workspace is not trusted:\n"
                            + Sanitizer.oneLine(String.valueOf(workspace))
                            + "\n\nTrust it only if you trust the project's files.")
                    .deliberateAction(
                        "Trust this workspace", 't', () -> runSafely(onTrust, "trusting"))
                    .onEscape(() -> notice(SessionEvent.Level.INFO, "Workspace left untrusted."))
                    .open());
  }

  /**
   * Shows what every session pre-approves (the baseline) in the status bar; empty: it is off. Any
   * thread.
   */
  public void showBaseline(String summary) {
    gui.getGUIThread().invokeLater(() -> status.baseline(summary));
  }

  /** The folder claude works in, whose files {@code @} offers. Any thread. */
  public void workingDirectory(Path directory) {
    gui.getGUIThread().invokeLater(() -> useWorkingDirectory(directory));
  }

  /** The file list for {@code @} comes from a thread of its own, never this one. */
  private void useWorkingDirectory(Path directory) {
    status.workingDirectory(directory);
    fileIndex =
        new FileIndex(
            directory,
            task -> {
              Thread lister = new Thread(task, "milk-file-index");
              lister.setDaemon(true);
              lister.start();
            },
            () -> gui.getGUIThread().invokeLater(input::refreshCompletion));
  }

  /** milk-tui's own version, for the header line each session starts with. Any thread. */
  public void showVersion(String version) {
    gui.getGUIThread()
        .invokeLater(
            () -> {
              milkTuiVersion = version;
              status.version(version);
            });
  }

  /** A line in the transcript from the app. Any thread. */
  public void post(SessionEvent.Level level, String text) {
    gui.getGUIThread().invokeLater(() -> notice(level, text));
  }

  /** Redraws what changes with time (running tools' elapsed time). Any thread. */
  public void tick() {
    gui.getGUIThread()
        .invokeLater(
            () -> {
              if (toolPane.anyRunning()) {
                toolPane.invalidate();
              }
              quitOfferExpired();
              if (spinner.active()) {
                spinner.invalidate();
              }
              dialogs.tick();
              checkStall();
            });
  }

  /**
   * The conversation as Markdown, the same cells the screen shows. On the GUI thread, or once it
   * stopped (the app writes --export at exit).
   */
  public String exportMarkdown() {
    return MarkdownExport.render(conversation.cells());
  }

  // Visible for tests: the panes and state the screen shows.
  Conversation conversation() {
    return conversation;
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
    return commands;
  }

  private void openSession(Optional<String> resumeSessionId) {
    int gen = ++generation;
    try {
      session = sessions.open(event -> pump.post(new Tagged(gen, event)), resumeSessionId);
      showActivity(Activity.IDLE, "");
      totalsReported = false;
      replayTokens = 0;
      resumeSessionId.ifPresent(
          id -> {
            sessionId = id;
            status.session(id, null);
            notice(SessionEvent.Level.INFO, "Resuming session " + id);
          });
    } catch (RuntimeException e) {
      Logger.error(e, "could not open a session");
      session = null;
      showActivity(Activity.STOPPED, "");
      notice(SessionEvent.Level.ERROR, "Could not start claude: " + e.getMessage());
    }
  }

  private void applyAll(List<Tagged> batch) {
    Instant now = config.clock().instant();
    for (Tagged tagged : batch) {
      if (tagged.generation() != generation) {
        continue;
      }
      try {
        apply(tagged.event(), now);
      } catch (RuntimeException e) {
        Logger.error(e, "could not show {}", tagged.event().getClass().getSimpleName());
        safeNotice("Could not show an event: " + e + " (details in the log)");
      }
    }
    transcriptView.contentChanged();
  }

  private void apply(SessionEvent event, Instant now) {
    stall.output(now, event);
    conversation.apply(event);
    if (event instanceof SessionEvent.TextDelta d) {
      spinner.streamed(d.text());
      activity(Activity.STREAMING, "");
    } else if (event instanceof SessionEvent.ThinkingDelta d) {
      spinner.streamed(d.text());
      activity(Activity.THINKING, "");
    } else if (event instanceof SessionEvent.ToolStarted t) {
      toolPane.show(t.call());
      activity(Activity.RUNNING_TOOL, t.call().name());
    } else if (event instanceof SessionEvent.ToolInputReady t) {
      toolPane.show(t.call());
    } else if (event instanceof SessionEvent.ToolFinished t) {
      toolPane.show(t.call());
      activity(toolPane.anyRunning() ? Activity.RUNNING_TOOL : Activity.THINKING, "");
    } else if (event instanceof SessionEvent.ToolProgressed p) {
      toolPane.progress(p.toolUseId(), p.elapsedSeconds(), p.note());
    } else if (event instanceof SessionEvent.TurnStarted t) {
      turnStarted(t);
    } else if (event instanceof SessionEvent.UserPrompt) {
      activity(Activity.THINKING, "");
    } else if (event instanceof SessionEvent.PermissionRequested r) {
      prompter.enqueue(r.request());
      activity(Activity.WAITING_FOR_YOU, "permission");
    } else if (event instanceof SessionEvent.PermissionWithdrawn w) {
      prompter.withdrawn(w.request(), w.reason());
    } else if (event instanceof SessionEvent.ApiRetrying r) {
      activity(Activity.RETRYING_API, r.attempt() + "/" + r.maxRetries());
    } else if (event instanceof SessionEvent.StatusChanged s) {
      modeReported(s.permissionMode());
      if ("requesting".equals(s.status())) {
        activity(Activity.THINKING, "");
      } else if ("compacting".equals(s.status())) {
        activity(Activity.COMPACTING, "");
      } else if (s.status() == null && status.activity() == Activity.COMPACTING) {
        // Compaction is over; the turn goes on.
        activity(Activity.THINKING, "");
      }
    } else if (event instanceof SessionEvent.TurnFinished f) {
      turnFinished(f.summary());
    } else if (event instanceof SessionEvent.GrantsNeeded g) {
      grantQueue.addLast(g.summary());
      showNextGrantDialog();
    } else if (event instanceof SessionEvent.ProcessExited x) {
      processExited(x);
    } else if (event instanceof SessionEvent.Malformed m) {
      // The parser's reason can quote the line, so only where it was and how long it is.
      Logger.warn(
          "malformed line {} from claude: {}",
          m.line().lineNumber(),
          LogText.elided(m.line().excerpt()));
    } else if (event instanceof SessionEvent.ElicitationRequested e) {
      ElicitationDialog.openOrDecline(dialogs, e.request(), this::notice).ifPresent(forms::add);
    } else if (event instanceof SessionEvent.RateLimited r) {
      // claude repeats the event with each reply: one line per limit, updated in place.
      conversation.status(
          "usage-limit:" + r.limitType(),
          RateLimitNotice.level(r),
          RateLimitNotice.text(r, config.clock().instant(), ZoneId.systemDefault()));
      transcriptView.contentChanged();
    } else {
      applyClaudeWork(event);
    }
  }

  /** What claude does beside the reply: tasks, compaction, /clear, context and totals. */
  private void applyClaudeWork(SessionEvent event) {
    if (event instanceof SessionEvent.TasksChanged t) {
      tasks = t.running();
      window.invalidate();
      tasksListed();
    } else if (event instanceof SessionEvent.RestartWaitsForTasks w) {
      showRestartWaits(w);
    } else if (event instanceof SessionEvent.TurnStartedByClaude) {
      notice(
          SessionEvent.Level.INFO,
          "Claude started a turn by itself (a background task finished); Esc stops it.");
    } else if (event instanceof SessionEvent.ConversationCleared) {
      toolPane.clear();
      status.usage(0, 0);
      status.context(-1);
    } else if (event instanceof SessionEvent.ContextUsage c) {
      status.context(c.percent());
    } else if (event instanceof SessionEvent.TotalsChanged t) {
      totalsReported = true;
      status.usage(t.tokens(), t.costUsd());
    } else if (event instanceof SessionEvent.CommandsAvailable c) {
      commands.update(c.slashCommands(), c.skills());
    }
  }

  private void activity(Activity activity, String detail) {
    if (prompter.showing() || grantDialogOpen) {
      showActivity(Activity.WAITING_FOR_YOU, prompter.showing() ? "permission" : "grants");
    } else {
      showActivity(activity, detail);
    }
  }

  /**
   * The status bar's activity, and the running turn's line while Claude works. Called for every
   * streamed delta, so an unchanged activity costs nothing.
   */
  private void showActivity(Activity activity, String detail) {
    boolean quiet =
        activity == Activity.IDLE
            || activity == Activity.STOPPED
            || activity == Activity.NOT_STARTED;
    if (activity == status.activity() && detail.equals(shownDetail) && quiet != spinner.active()) {
      return;
    }
    shownDetail = detail;
    status.activity(activity, detail);
    switch (activity) {
      case IDLE, STOPPED, NOT_STARTED -> spinner.stopped();
      default -> {
        String what = activity.label() + (detail.isEmpty() ? "" : " (" + detail + ")");
        spinner.running(Character.toUpperCase(what.charAt(0)) + what.substring(1));
      }
    }
  }

  private void turnStarted(SessionEvent.TurnStarted t) {
    sessionId = t.sessionId();
    status.session(t.sessionId(), t.model());
    modeReported(t.permissionMode());
    try {
      cwd = t.cwd() == null ? null : Path.of(t.cwd());
      if (cwd != null && fileIndex == null) {
        useWorkingDirectory(cwd);
      }
    } catch (InvalidPathException e) {
      cwd = null;
    }
    if (headerShownFor != generation) {
      headerShownFor = generation;
      notice(SessionEvent.Level.INFO, header(t));
    }
    activity(Activity.THINKING, "");
  }

  /** What this session runs with, once as it starts, as Claude Code's own header says it. */
  private String header(SessionEvent.TurnStarted t) {
    return "milk-tui"
        + (milkTuiVersion == null ? "" : " " + milkTuiVersion)
        + " · claude "
        + (t.claudeVersion() == null ? "?" : t.claudeVersion())
        + " · "
        + (t.cwd() == null ? "?" : t.cwd())
        + " · model "
        + (t.model() == null ? "?" : t.model())
        + " · "
        + (t.permissionMode() == null ? "default" : t.permissionMode())
        + " mode";
  }

  /** The status bar shows the mode claude reports, never only the one asked for. */
  private void modeReported(String mode) {
    if (mode != null) {
      modeAsked = null;
      status.mode(mode);
    }
  }

  /** A turn silent for the configured time gets one notice with what is known and the ways on. */
  private void checkStall() {
    Instant now = config.clock().instant();
    boolean running = session != null && session.busy();
    if (!stall.due(now, running, toolPane.anyRunning(), prompter.showing() || dialogs.anyOpen())) {
      return;
    }
    long minutes = Math.max(1, stall.after().toMinutes());
    String last =
        DateTimeFormatter.ofPattern("HH:mm:ss")
            .format(stall.lastOutput().atZone(ZoneId.systemDefault()));
    notice(
        SessionEvent.Level.WARNING,
        "Nothing from claude for "
            + (stall.after().toSeconds() < 120
                ? stall.after().toSeconds() + " s"
                : minutes + " min")
            + " (last sign of life at "
            + last
            + ", while "
            + status.activity().label()
            + "; no tool is running). The API may be slow or retrying quietly. Keep waiting,"
            + " press Esc to interrupt the turn, or F5 to restart claude and resume the session.");
  }

  private void turnFinished(TurnSummary s) {
    offerRetry(s);
    if (!totalsReported) {
      replayTokens += s.usage() == null ? 0 : s.usage().totalTokens();
      status.usage(replayTokens, s.totalCostUsd());
    }
    if (s.sessionId() != null) {
      sessionId = s.sessionId();
      status.session(s.sessionId(), null);
    }
    activity(Activity.IDLE, "");
  }

  /** A turn that failed (not one the user interrupted) can be sent again with one key. */
  private void offerRetry(TurnSummary s) {
    retryable = s.isError() && !s.interrupted() ? lastSent : null;
    if (retryable == null) {
      conversation.dismiss(RETRY_OFFER);
      return;
    }
    conversation.status(
        RETRY_OFFER,
        SessionEvent.Level.INFO,
        "Ctrl+R sends your message again: " + Sanitizer.oneLine(retryable));
  }

  private void retry() {
    String again = retryable;
    if (again == null) {
      return;
    }
    retryable = null;
    conversation.dismiss(RETRY_OFFER);
    send(again);
  }

  private void processExited(SessionEvent.ProcessExited x) {
    forms.forEach(ElicitationDialog::abandon);
    forms.clear();
    if (x.expected()) {
      return;
    }
    lastExitCode = x.exitCode();
    showActivity(Activity.STOPPED, "exit " + x.exitCode());
    showRestartOffer();
  }

  private void showRestartOffer() {
    SimpleDialog dialog =
        new SimpleDialog(dialogs, "Claude stopped")
            .text(
                "claude exited unexpectedly (code "
                    + lastExitCode
                    + "). Resume the same conversation in a new process, or start a new one.");
    if (sessionId != null) {
      dialog.action("Resume session", 'r', () -> restart(Optional.of(sessionId)));
    }
    dialog
        .action("New session", 'n', () -> restart(Optional.empty()))
        .action("Quit", 'q', this::quit)
        .onEscape(
            () -> notice(SessionEvent.Level.INFO, "Press F5 to resume or start a new session."))
        .open();
  }

  private void restart(Optional<String> resume) {
    closeSession();
    openSession(resume);
  }

  private void showNextGrantDialog() {
    if (grantDialogOpen || grantQueue.isEmpty()) {
      return;
    }
    TurnSummary summary = grantQueue.removeFirst();
    GrantForm form = GrantForm.of(summary, config.ruleOptions(), cwd);
    if (form.items().isEmpty()) {
      showNextGrantDialog();
      return;
    }
    grantDialogOpen = true;
    showActivity(Activity.WAITING_FOR_YOU, "grants");
    new GrantDialog(
            dialogs,
            form,
            (decision, lockHeld) -> {
              if (session == null) {
                throw new IllegalStateException("no session is running");
              }
              // Saving runs off this thread; the dialog shows its progress and any failure.
              return session.resumeWithGrantsAsync(decision, lockHeld);
            },
            this::notice,
            () -> {
              grantDialogOpen = false;
              showActivity(Activity.IDLE, "");
              showNextGrantDialog();
            })
        .open();
  }

  private void showToolDetails(ToolRow row) {
    String text =
        "Tool: "
            + row.rawName()
            + "\nStatus: "
            + row.outcome().wireName()
            + "\nElapsed: "
            + row.elapsed(config.clock().instant()).toMillis()
            + " ms\n\nInput:\n"
            + PermissionDetails.describe(row.rawName(), row.input())
            + "\n\nResult:\n"
            + (row.result().isEmpty() ? "(none yet)" : row.result());
    SimpleDialog dialog =
        new SimpleDialog(dialogs, "Tool call " + Sanitizer.revealInline(row.id()));
    if (Sanitizer.hasControls(text)) {
      dialog.text(PermissionPrompter.HAS_CONTROLS);
    }
    dialog.component(ReadOnlyText.of(text)).open();
  }

  private void showHelp() {
    new SimpleDialog(dialogs, "Keys")
        .scrollingText(
            String.join(
                "\n",
                "Enter            send the message (queued while a turn runs)",
                "Ctrl+J, Alt+Enter  new line in the message",
                "Up / Down        message history (on the first / last line)",
                "Ctrl+A / Ctrl+E  start / end of the line; Alt+B / Alt+F, Ctrl+←/→ by word",
                "Ctrl+K / Ctrl+U  delete to the end / start of the line",
                "Ctrl+W, Alt+Bksp delete the word before the caret",
                "Paste            one edit, never a send; a long one shows as [Pasted text]",
                "Tab              move between message, transcript and tools",
                "PgUp / PgDn      scroll the transcript; Home / End in the transcript",
                "Enter on a tool  show its full input and result",
                "n / p, Enter     in the transcript: next / previous tool call, expand it",
                "Ctrl+T           show or hide thinking",
                "Ctrl+S           save the transcript as Markdown",
                "Shift+Tab, F2    next permission mode (default, acceptEdits, plan)",
                "F3               choose the permission mode",
                "Esc              stop the running turn",
                "Ctrl+C           stop the turn; twice within 2 s quits",
                "Ctrl+L           redraw the screen",
                "Ctrl+R           send your message again after a failed turn",
                "F5               resume or restart after claude stopped",
                "F6               running agents and tasks; stop one",
                "/help /resume /login  answered by milk-tui (claude rejects them here)",
                "Ctrl+Z           suspend to the shell; fg comes back",
                "Mouse wheel      scroll the pane under the pointer",
                "/ or @           claude's commands (/ at the start) or a file; Tab completes",
                "F1 or ?          this help",
                "",
                "Permission dialog: y allow once, Shift+A allow always, n deny, Esc deny and stop.",
                "Grant dialog: Space tick, a tick all, ←/→ rule, Tab next, Enter grant, Esc"
                    + " skip.",
                "A new dialog ignores keys briefly (keys paused); a message draft is kept.",
                "Long dialog text scrolls: Tab to it, then ↑/↓ or PgUp/PgDn.",
                "Trust offer: Shift+T trusts the workspace."))
        .open();
  }

  /** Keys that work whatever window is active. */
  private boolean globalKey(KeyStroke key) {
    if (key instanceof MouseAction mouse) {
      wheel(mouse);
      return true;
    }
    if (Keys.ctrl(key, 'c')) {
      ctrlC();
      return true;
    }
    if (Keys.ctrl(key, 'l')) {
      redraw();
      return true;
    }
    return false;
  }

  /**
   * The wheel scrolls the pane under the pointer, three lines a notch, while no dialog is open;
   * other mouse reports do nothing (a click never answers a dialog).
   */
  private void wheel(MouseAction mouse) {
    boolean up = mouse.getActionType() == MouseActionType.SCROLL_UP;
    if ((!up && mouse.getActionType() != MouseActionType.SCROLL_DOWN)
        || dialogs.anyOpen()
        || MainLayout.tooSmall(gui.getScreen().getTerminalSize())) {
      return;
    }
    for (int i = 0; i < 3; i++) {
      if (under(transcriptView, mouse)) {
        if (up) {
          transcriptView.lineUp();
        } else {
          transcriptView.lineDown();
        }
      } else if (under(toolPane, mouse)) {
        toolPane.handleInput(new KeyStroke(up ? KeyType.ArrowUp : KeyType.ArrowDown));
      }
    }
  }

  private static boolean under(Component component, MouseAction mouse) {
    TerminalPosition at = mouse.getPosition();
    TerminalPosition origin = component.toGlobal(TerminalPosition.TOP_LEFT_CORNER);
    TerminalSize size = component.getSize();
    return origin != null
        && at.getColumn() >= origin.getColumn()
        && at.getColumn() < origin.getColumn() + size.getColumns()
        && at.getRow() >= origin.getRow()
        && at.getRow() < origin.getRow() + size.getRows();
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
    if (type == KeyType.F1 || (Keys.is(key, '?') && focused != input)) {
      showHelp();
    } else if (Keys.ctrl(key, 's')) {
      exportTranscript();
    } else if (Keys.ctrl(key, 'r')) {
      retry();
    } else if (Keys.ctrl(key, 't')) {
      transcript.setThinkingCollapsed(!transcript.thinkingCollapsed());
      transcriptView.contentChanged();
    } else if (type == KeyType.F2 || type == KeyType.ReverseTab) {
      cycleMode();
    } else if (type == KeyType.F3) {
      ModeMenu.open(dialogs, status.mode(), this::setMode);
    } else if (type == KeyType.F5) {
      showRestartOffer();
    } else if (type == KeyType.F6) {
      showTasks();
    } else if (type == KeyType.Escape) {
      interrupt();
    } else if (type == KeyType.Tab) {
      focus(focused == input ? transcriptView : focused == transcriptView ? toolPane : input);
    } else if (type == KeyType.PageUp && focused != toolPane) {
      transcriptView.pageUp();
    } else if (type == KeyType.PageDown && focused != toolPane) {
      transcriptView.pageDown();
    } else {
      return false;
    }
    return true;
  }

  /** Renders the cells here and writes them off this thread; the outcome comes back as a notice. */
  private void exportTranscript() {
    String markdown = exportMarkdown();
    TranscriptExporter exporter = config.exporter();
    CompletableFuture.supplyAsync(
            () -> {
              try {
                return exporter.export(markdown);
              } catch (IOException e) {
                throw new CompletionException(e);
              }
            })
        .whenComplete(
            (file, failure) ->
                gui.getGUIThread()
                    .invokeLater(
                        () -> {
                          if (failure == null) {
                            notice(SessionEvent.Level.INFO, "Transcript saved to " + file);
                          } else {
                            Throwable cause =
                                failure instanceof CompletionException && failure.getCause() != null
                                    ? failure.getCause()
                                    : failure;
                            notice(
                                SessionEvent.Level.ERROR,
                                "The transcript could not be saved: " + cause.getMessage());
                          }
                        }));
  }

  private void focus(Interactable target) {
    window.setFocusedInteractable(target);
  }

  private void ctrlC() {
    Instant now = config.clock().instant();
    if (lastCtrlC != null && Duration.between(lastCtrlC, now).compareTo(QUIT_WINDOW) <= 0) {
      quit();
      return;
    }
    lastCtrlC = now;
    if (session != null && session.busy()) {
      interrupt();
    }
    conversation.status(
        QUIT_OFFER, SessionEvent.Level.INFO, "Press Ctrl+C again within 2 seconds to quit.");
    transcriptView.contentChanged();
  }

  /** The quit offer leaves the transcript once a second Ctrl+C would no longer quit. */
  private void quitOfferExpired() {
    if (lastCtrlC != null
        && Duration.between(lastCtrlC, config.clock().instant()).compareTo(QUIT_WINDOW) > 0) {
      lastCtrlC = null;
      conversation.dismiss(QUIT_OFFER);
      transcriptView.contentChanged();
    }
  }

  private void interrupt() {
    if (session != null && !session.busy() && !tasks.isEmpty()) {
      notice(
          SessionEvent.Level.INFO,
          TaskSummary.count(tasks) + " run in the background; F6 lists them and stops one.");
    }
    if (session != null && session.busy()) {
      try {
        session.interrupt();
        notice(SessionEvent.Level.WARNING, "Interrupting the turn…");
      } catch (RuntimeException e) {
        Logger.error(e, "interrupt failed");
        notice(SessionEvent.Level.ERROR, "Could not interrupt: " + e.getMessage());
      }
    }
  }

  /** Shift+Tab (and F2): default → acceptEdits → plan → default; bypassPermissions never. */
  private void cycleMode() {
    String from = modeAsked != null ? modeAsked : status.mode();
    setMode(MODES.get((MODES.indexOf(from) + 1) % MODES.size()));
  }

  private void setMode(String next) {
    if (session == null) {
      return;
    }
    try {
      session.setPermissionMode(next);
      modeAsked = next;
      conversation.status("mode", SessionEvent.Level.INFO, "Permission mode: " + next);
      transcriptView.contentChanged();
    } catch (RuntimeException e) {
      notice(SessionEvent.Level.ERROR, "Could not change the permission mode: " + e.getMessage());
    }
  }

  private void send(String text) {
    Optional<String> local = SlashCommands.local(text);
    if (local.isPresent()) {
      runLocalCommand(local.get(), SlashCommands.arguments(text));
      return;
    }
    if (session == null || status.activity() == Activity.STOPPED) {
      notice(
          SessionEvent.Level.WARNING,
          "Claude is not running; press F5 to resume or start a new session. Your message is in"
              + " the history (Up).");
      return;
    }
    try {
      boolean queued = session.busy();
      session.send(text);
      lastSent = text;
      if (queued) {
        notice(SessionEvent.Level.INFO, "Queued; it is sent when the current turn ends.");
      }
    } catch (RuntimeException e) {
      Logger.error(e, "send failed");
      notice(SessionEvent.Level.ERROR, "Could not send: " + e.getMessage());
    }
  }

  /** Commands claude rejects in this mode; milk-tui answers them and sends nothing. */
  private void runLocalCommand(String name, String arguments) {
    switch (name) {
      case "help" -> showHelp();
      case "resume" -> listSessionsForPicker(arguments);
      case "exit", "quit" -> quit();
      case "export" -> exportTranscript();
      case "plan" -> setMode("plan");
      case "login", "logout" ->
          notice(
              SessionEvent.Level.INFO,
              "milk-tui uses claude's own log-in. To log in or switch accounts, quit (Ctrl+C"
                  + " twice), run claude in a terminal and type /login there, then start"
                  + " milk-tui again; or set ANTHROPIC_API_KEY. milk-tui doctor checks the"
                  + " log-in.");
      default ->
          notice(
              SessionEvent.Level.INFO,
              "/"
                  + name
                  + " belongs to Claude Code's own screen: claude answers it \"isn't available"
                  + " in this environment\" here, so milk-tui did not send it."
                  + SlashCommands.instead(name).map(hint -> " " + hint).orElse(""));
    }
  }

  /**
   * Lists this directory's sessions (read off the GUI thread), then opens the picker. Any thread.
   */
  public void openResumePicker() {
    gui.getGUIThread().invokeLater(() -> listSessionsForPicker(""));
  }

  /** {@code filter}: what {@code /resume ID-or-words} was given, the picker's first filter. */
  private void listSessionsForPicker(String filter) {
    int gen = generation;
    CompletableFuture.supplyAsync(sessions::pastSessions)
        .whenComplete(
            (list, failure) ->
                gui.getGUIThread()
                    .invokeLater(
                        () -> {
                          if (failure != null) {
                            notice(
                                SessionEvent.Level.ERROR,
                                "Could not list the earlier sessions: " + failure.getMessage());
                          } else if (gen == generation) {
                            showResumePicker(list, filter);
                          }
                        }));
  }

  private void showResumePicker(List<PastSession> list, String filter) {
    new ResumePicker(dialogs, list, config.clock().getZone(), id -> restart(Optional.of(id)))
        .open(filter);
  }

  /**
   * The running tasks changed: a dialog listing tasks that have ended closes (F6's is shown anew
   * with the tasks running now); a new step of the same tasks leaves it alone.
   */
  private void tasksListed() {
    if (tasksDialog != null
        && tasksDialog.window().getTextGUI() != null
        && !tasksDialogIds.equals(tasks.stream().map(BackgroundTask::taskId).toList())) {
      dialogs.close(tasksDialog.window());
      tasksDialog = null;
      if (!tasks.isEmpty()) {
        showTasks();
      }
    }
    if (tasks.isEmpty()
        && restartWaitsDialog != null
        && restartWaitsDialog.window().getTextGUI() != null) {
      dialogs.close(restartWaitsDialog.window());
      restartWaitsDialog = null;
      notice(
          SessionEvent.Level.INFO,
          "The tasks claude ran have ended, so the restart no longer waits for them.");
    }
  }

  private void showTasks() {
    if (tasks.isEmpty()) {
      notice(SessionEvent.Level.INFO, "No task runs in claude.");
      return;
    }
    SimpleDialog dialog =
        new SimpleDialog(dialogs, "Running in claude").text(TaskSummary.list(tasks));
    tasksDialog = dialog;
    tasksDialogIds = tasks.stream().map(BackgroundTask::taskId).toList();
    for (int i = 0; i < tasks.size() && i < 9; i++) {
      BackgroundTask task = tasks.get(i);
      dialog.action(
          "Stop " + (i + 1),
          (char) ('1' + i),
          () -> {
            if (session != null) {
              session.stopTask(task.taskId());
              notice(
                  SessionEvent.Level.INFO,
                  "Stopping " + Sanitizer.oneLine(TaskSummary.name(task)) + "…");
            }
          });
    }
    dialog.open();
  }

  private void showRestartWaits(SessionEvent.RestartWaitsForTasks w) {
    String agents = TaskSummary.count(w.running());
    if (restartWaitsDialog != null) {
      dialogs.close(restartWaitsDialog.window());
    }
    restartWaitsDialog = new SimpleDialog(dialogs, "claude must restart");
    restartWaitsDialog
        .text(
            "claude has to be restarted ("
                + Sanitizer.oneLine(w.reason())
                + "), which would stop "
                + agents
                + " running in it:\n"
                + TaskSummary.list(w.running())
                + "\nWait for them (your messages wait too), or stop them and go on now.")
        .action(
            "Wait for " + agents,
            'w',
            () -> notice(SessionEvent.Level.INFO, "Waiting for " + agents + " to finish."))
        .action(
            "Stop them and go on",
            's',
            () -> {
              if (session != null) {
                session.stopTasksAndGoOn();
              }
            })
        .onEscape(() -> notice(SessionEvent.Level.INFO, "Waiting for " + agents + " to finish."))
        .open();
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
    prompter.stopSaving();
    closeSession();
    quit.complete(null);
  }

  private void closeSession() {
    generation++;
    if (session != null) {
      try {
        session.close();
      } catch (RuntimeException e) {
        Logger.warn(e, "closing the session failed");
      }
      session = null;
    }
  }

  private void notice(SessionEvent.Level level, String text) {
    conversation.notice(level, text);
    transcriptView.contentChanged();
  }

  private void safeNotice(String text) {
    try {
      notice(SessionEvent.Level.ERROR, text);
    } catch (RuntimeException ignored) {
      // Reporting must never throw from the exception handler itself.
    }
  }

  private void runSafely(Runnable action, String what) {
    try {
      action.run();
    } catch (RuntimeException e) {
      Logger.error(e, "{} failed", what);
      notice(SessionEvent.Level.ERROR, "Failed while " + what + ": " + e.getMessage());
    }
  }

  /** The size the panes have now (for tests and the launcher's too-small check). */
  TerminalSize size() {
    return gui.getScreen().getTerminalSize();
  }
}

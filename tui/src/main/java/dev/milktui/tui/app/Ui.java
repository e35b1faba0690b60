package dev.milktui.tui.app;

import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.conversation.ToolNames;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.tui.copy.CopySource;
import dev.milktui.tui.text.Sanitizer;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The UI's model: takes every {@link UiEvent}, keeps {@link UiState}, applies session events to the
 * {@link Conversation} the transcript shows, and answers with the {@link Effect}s to perform. It
 * never calls the session, opens a window or touches a file: it is tested without a terminal.
 */
public final class Ui {
  public static final Duration QUIT_WINDOW = Duration.ofSeconds(2);

  /** Two presses of the interrupt key (Esc) within this clear the message box. */
  public static final Duration DOUBLE_ESC_WINDOW = Duration.ofMillis(800);

  static final String QUIT_OFFER = "quit";
  static final String RETRY_OFFER = "retry";
  static final List<String> MODES = List.of("default", "acceptEdits", "plan");

  private final Clock clock;
  private final BooleanSupplier busy;
  private final Conversation conversation = new Conversation();
  private final SlashCommands commands = new SlashCommands();
  private final StallWatch stall;
  private final Attention attention;
  // What the newest permission request asks, in words, for the call that says a dialog waits.
  private String asked = "Claude asks for your permission.";
  private final Function<Action, String> keyName;
  private final DoublePress escapes = new DoublePress(DOUBLE_ESC_WINDOW);
  private UiState state = UiState.initial();
  private List<Effect> effects = new ArrayList<>();
  // Messages sent in this session and not yet answered, oldest first: a failed turn answered the
  // oldest, unless claude said which message it took.
  private final Deque<String> unanswered = new ArrayDeque<>();
  private boolean turnByClaude;
  private boolean totalsReported;
  private long replayTokens;
  private int headerShownFor;
  private String version;
  private String probedClaudeVersion;
  private boolean indexing;
  private Path workingDirectory;
  private boolean open;
  private int lastExitCode;
  // What claude is doing, shown again once no request waits for the user.
  private Activity doing = Activity.IDLE;
  private String doingDetail = "";

  /**
   * @param busy whether the session runs a turn or has a message unanswered (a value the session
   *     publishes; reading it never waits)
   * @param keyName the key bound to an action now, for the texts that name one
   */
  public Ui(Clock clock, Duration stallAfter, BooleanSupplier busy) {
    this(clock, stallAfter, busy, Action::name, Attention.Settings.DEFAULT);
  }

  public Ui(
      Clock clock, Duration stallAfter, BooleanSupplier busy, Function<Action, String> keyName) {
    this(clock, stallAfter, busy, keyName, Attention.Settings.DEFAULT);
  }

  public Ui(Clock clock, Duration stallAfter, BooleanSupplier busy, Attention.Settings attention) {
    this(clock, stallAfter, busy, Action::name, attention);
  }

  /**
   * @param attention when and how the user is called back (a dialog waits, a long turn ended)
   */
  public Ui(
      Clock clock,
      Duration stallAfter,
      BooleanSupplier busy,
      Function<Action, String> keyName,
      Attention.Settings attention) {
    this.clock = clock;
    this.busy = busy;
    this.keyName = keyName;
    this.stall = new StallWatch(stallAfter, clock.instant());
    this.attention = new Attention(attention);
  }

  public UiState state() {
    return state;
  }

  public Conversation conversation() {
    return conversation;
  }

  public SlashCommands commands() {
    return commands;
  }

  /** milk-tui's version, once the app said it (for the first screen). */
  public Optional<String> version() {
    return Optional.ofNullable(version).map(Sanitizer::oneLine).filter(v -> !v.isEmpty());
  }

  /** The folder claude works in, once known (for the first screen). */
  public Optional<Path> workingDirectory() {
    return Optional.ofNullable(workingDirectory);
  }

  /** The one entry: every event, in order; returns what to do about it. */
  public List<Effect> on(UiEvent event) {
    effects = new ArrayList<>();
    if (event instanceof UiEvent.FromSession s) {
      if (s.generation() == state.generation()) {
        session(s.event());
      }
    } else if (event instanceof UiEvent.Key k) {
      key(k.action(), k.box());
    } else if (event instanceof UiEvent.Submitted s) {
      submit(s.text());
    } else if (event instanceof UiEvent.SessionOpened o) {
      opened(o);
    } else if (event instanceof UiEvent.SessionFailed f) {
      open = false;
      stopped("");
      notice(SessionEvent.Level.ERROR, "Could not start claude: " + f.reason());
    } else if (event instanceof UiEvent.Waiting w) {
      waiting(w.on());
    } else if (event instanceof UiEvent.Note n) {
      notice(n.level(), n.text());
    } else if (event instanceof UiEvent.Version v) {
      version = v.version();
    } else if (event instanceof UiEvent.Tick t) {
      tick(t.toolRunning());
    } else if (event instanceof UiEvent.ToolFinished t) {
      // After a tool, Claude runs another or thinks; the tool pane knows which.
      activity(t.othersRunning() ? Activity.RUNNING_TOOL : Activity.THINKING, "");
    } else if (event instanceof UiEvent.ModeChosen m) {
      setMode(m.mode());
    } else if (event instanceof UiEvent.ClaudeVersion v) {
      probedClaudeVersion = v.version();
    } else if (event instanceof UiEvent.WorkingDirectory w) {
      indexFiles(w.directory());
    } else if (event instanceof UiEvent.Trusted t) {
      trusted(t);
    } else if (event instanceof UiEvent.Focus f) {
      effects.addAll(attention.focus(f.focused()));
    } else if (event instanceof UiEvent.CopyCall c) {
      copy(CopySource.output(c.call()));
    }
    return effects;
  }

  private void opened(UiEvent.SessionOpened o) {
    open = true;
    unanswered.clear();
    turnByClaude = false;
    totalsReported = false;
    replayTokens = 0;
    conversation.dismiss(RETRY_OFFER);
    state = state.opened(o.generation(), o.resumed().orElse(state.sessionId()));
    doing = state.activity();
    doingDetail = state.detail();
    o.resumed().ifPresent(id -> notice(SessionEvent.Level.INFO, "Resuming session " + id));
  }

  // ---- session events

  private void session(SessionEvent event) {
    Instant now = clock.instant();
    stall.output(now, event);
    conversation.apply(event);
    if (event instanceof SessionEvent.TextDelta) {
      activity(Activity.STREAMING, "");
    } else if (event instanceof SessionEvent.ThinkingDelta) {
      activity(Activity.THINKING, "");
    } else if (event instanceof SessionEvent.ToolStarted t) {
      activity(Activity.RUNNING_TOOL, t.call().name());
    } else if (event instanceof SessionEvent.TurnStarted t) {
      turnStarted(t);
    } else if (event instanceof SessionEvent.UserPrompt p) {
      if (p.automatic()) {
        // A grant retry goes before anything waiting.
        unanswered.addFirst(p.text());
      }
      activity(Activity.THINKING, "");
    } else if (event instanceof SessionEvent.PermissionRequested r) {
      // The overlay stack says when its dialog waits for the user, and when it no longer does.
      asked = asks(r.request().toolName());
      effects.add(new Effect.AskPermission(r.request()));
    } else if (event instanceof SessionEvent.PermissionWithdrawn w) {
      effects.add(new Effect.PermissionWithdrawn(w.request(), w.reason()));
    } else if (event instanceof SessionEvent.ApiRetrying r) {
      activity(Activity.RETRYING_API, r.attempt() + "/" + r.maxRetries());
    } else if (event instanceof SessionEvent.StatusChanged s) {
      statusChanged(s);
    } else if (event instanceof SessionEvent.TurnFinished f) {
      turnFinished(f.summary());
    } else if (event instanceof SessionEvent.GrantsNeeded g) {
      effects.add(new Effect.OfferGrants(g.summary()));
    } else if (event instanceof SessionEvent.ProcessExited x) {
      exited(x);
    } else if (event instanceof SessionEvent.WorkspaceUntrusted u) {
      try {
        effects.add(new Effect.OfferTrust(Path.of(u.workingDirectory())));
      } catch (InvalidPathException e) {
        // A folder this system cannot name cannot be trusted from here either.
      }
    } else if (event instanceof SessionEvent.ElicitationRequested e) {
      effects.add(new Effect.OpenForm(e.request()));
    } else if (event instanceof SessionEvent.RateLimited r) {
      // claude repeats the event with each reply: one line per limit, updated in place.
      conversation.status(
          "usage-limit:" + r.limitType(),
          RateLimitNotice.level(r),
          RateLimitNotice.text(r, now, clock.getZone()));
    } else {
      claudeWork(event);
    }
  }

  /** What claude does beside the reply: tasks, /clear, context and totals. */
  private void claudeWork(SessionEvent event) {
    if (event instanceof SessionEvent.TasksChanged t) {
      state = state.withTasks(t.running());
      effects.add(new Effect.TasksChanged(t.running()));
    } else if (event instanceof SessionEvent.RestartWaitsForTasks w) {
      effects.add(new Effect.ShowRestartWaits(w));
    } else if (event instanceof SessionEvent.TurnStartedByClaude) {
      turnByClaude = true;
      notice(
          SessionEvent.Level.INFO,
          "Claude started a turn by itself (a background task finished); Esc stops it.");
    } else if (event instanceof SessionEvent.ConversationCleared) {
      state = state.withUsage(0, 0, -1);
    } else if (event instanceof SessionEvent.ContextUsage c) {
      state = state.withUsage(state.tokens(), state.costUsd(), c.percent());
    } else if (event instanceof SessionEvent.TotalsChanged t) {
      totalsReported = true;
      state = state.withUsage(t.tokens(), t.costUsd(), state.contextPercent());
    } else if (event instanceof SessionEvent.CommandsAvailable c) {
      commands.update(c.slashCommands(), c.skills());
    } else if (event instanceof SessionEvent.PermissionModeUnrequested m) {
      // In words until claude reports the mode set back (the transcript has the notice).
      state = state.withUnrequestedMode(m.mode(), m.meaning());
    }
  }

  private void statusChanged(SessionEvent.StatusChanged s) {
    modeReported(s.permissionMode());
    if ("requesting".equals(s.status())) {
      activity(Activity.THINKING, "");
    } else if ("compacting".equals(s.status())) {
      activity(Activity.COMPACTING, "");
    } else if (s.status() == null && doing == Activity.COMPACTING) {
      // Compaction is over; the turn goes on.
      activity(Activity.THINKING, "");
    }
  }

  private void indexFiles(Path directory) {
    indexing = true;
    workingDirectory = directory;
    effects.add(new Effect.IndexFiles(directory));
  }

  private void turnStarted(SessionEvent.TurnStarted t) {
    modeReported(t.permissionMode());
    state = state.withSession(t.sessionId(), t.model());
    if (t.cwd() != null && !indexing) {
      try {
        indexFiles(Path.of(t.cwd()));
      } catch (InvalidPathException e) {
        // No @ completion for a folder this system cannot name.
      }
    }
    attention.turnStarted(clock.instant());
    if (headerShownFor != state.generation()) {
      headerShownFor = state.generation();
      notice(SessionEvent.Level.INFO, header(t));
    }
    activity(Activity.THINKING, "");
  }

  /** What this session runs with, once as it starts, as Claude Code's own header says it. */
  private String header(SessionEvent.TurnStarted t) {
    return "milk-tui"
        + (version == null ? "" : " " + version)
        + " · claude "
        + (t.claudeVersion() != null
            ? t.claudeVersion()
            : probedClaudeVersion == null ? "?" : probedClaudeVersion)
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
      state = state.withModes(mode, null);
    }
  }

  private void turnFinished(TurnSummary s) {
    String message = turnByClaude ? null : unanswered.pollFirst();
    turnByClaude = false;
    offerRetry(s, message);
    long tokens = state.tokens();
    double cost = state.costUsd();
    if (!totalsReported) {
      replayTokens += s.usage() == null ? 0 : s.usage().totalTokens();
      tokens = replayTokens;
      cost = s.totalCostUsd();
    }
    state = state.withUsage(tokens, cost, state.contextPercent());
    if (s.sessionId() != null) {
      state = state.withSessionId(s.sessionId());
    }
    activity(Activity.IDLE, "");
    if (s.interrupted()) {
      attention.turnFinished(clock.instant(), false);
    } else {
      effects.addAll(attention.turnFinished(clock.instant(), s.isError()));
    }
  }

  /** What a permission request asks, in words, for a desktop notification. */
  private static String asks(String tool) {
    return switch (tool == null ? "" : tool) {
      case "AskUserQuestion" -> "Claude asks you a question.";
      case "ExitPlanMode" -> "Claude's plan waits for your approval.";
      default -> "Claude asks to use " + ToolNames.shown(tool) + ".";
    };
  }

  /**
   * A turn that failed (not one the user interrupted) can be sent again with one key: exactly the
   * message that turn answered, in this session only.
   */
  private void offerRetry(TurnSummary s, String message) {
    String retry = s.isError() && !s.interrupted() ? message : null;
    state = state.withRetry(retry);
    if (retry == null) {
      conversation.dismiss(RETRY_OFFER);
      return;
    }
    conversation.status(
        RETRY_OFFER,
        SessionEvent.Level.INFO,
        keyName.apply(Action.RETRY)
            + " or /retry sends your message again: "
            + Sanitizer.oneLine(retry));
  }

  private void exited(SessionEvent.ProcessExited x) {
    effects.add(new Effect.AbandonForms());
    unanswered.clear();
    turnByClaude = false;
    if (x.expected()) {
      return;
    }
    lastExitCode = x.exitCode();
    stopped("exit " + x.exitCode());
    effects.add(new Effect.OfferRestart(x.exitCode(), state.sessionId()));
  }

  private void trusted(UiEvent.Trusted t) {
    notice(
        SessionEvent.Level.INFO,
        "Trusted "
            + t.workspace()
            + " in "
            + t.file()
            + "; project rules apply from the next claude process.");
    effects.add(new Effect.OfferRelaunch(state.sessionId()));
  }

  // ---- keys and the message box

  private void key(Action action, UiEvent.MessageBox box) {
    if (action != Action.INTERRUPT) {
      escapes.reset();
    }
    if (action == Action.HELP) {
      effects.add(new Effect.ShowHelp());
    } else if (action == Action.EXPORT) {
      effects.add(new Effect.Export());
    } else if (action == Action.RETRY) {
      retry();
    } else if (action == Action.CYCLE_MODE) {
      setMode(MODES.get((MODES.indexOf(state.modeToCycleFrom()) + 1) % MODES.size()));
    } else if (action == Action.MODE_MENU) {
      effects.add(new Effect.ShowModeMenu(state.reportedMode()));
    } else if (action == Action.RESTART_OFFER) {
      effects.add(new Effect.OfferRestart(lastExitCode, state.sessionId()));
    } else if (action == Action.TASKS) {
      showTasks();
    } else if (action == Action.DECISIONS) {
      effects.add(new Effect.ShowDecisions(state.sessionId()));
    } else if (action == Action.TOGGLE_MOUSE) {
      mouse(!state.mouseSelect());
    } else {
      claudeCodeKey(action, box);
    }
    // The other keys (focus, scrolling, thinking, redraw) are the shell's.
  }

  /**
   * The keys a Claude Code user's hands know: Esc stops a turn and Esc Esc clears a draft; Ctrl+C
   * clears a draft, else stops the turn and offers to quit; Ctrl+D on an empty box offers to quit;
   * Ctrl+O shows every call in full; Ctrl+T the todo list.
   */
  private void claudeCodeKey(Action action, UiEvent.MessageBox box) {
    boolean draft = box == UiEvent.MessageBox.DRAFT;
    switch (action) {
      case INTERRUPT -> {
        if (!escapes.press(clock.instant())) {
          interrupt();
        } else if (draft) {
          effects.add(new Effect.ClearMessage());
        }
      }
      case CANCEL -> {
        if (draft) {
          effects.add(new Effect.ClearMessage());
        } else {
          quitKey(Action.CANCEL, true);
        }
      }
      case EXIT -> {
        // On a draft, Ctrl+D is an editing key and quits nothing.
        if (box == UiEvent.MessageBox.EMPTY) {
          quitKey(Action.EXIT, false);
        }
      }
      case DETAIL_VIEW -> effects.add(new Effect.ShowDetail(List.copyOf(conversation.cells())));
      case TODOS ->
          Todos.latest(conversation.cells())
              .ifPresentOrElse(
                  lines -> effects.add(new Effect.ShowTodos(lines)),
                  () -> notice(SessionEvent.Level.INFO, "Claude has written no todo list yet."));
      default -> {
        // The view's own keys.
      }
    }
  }

  private void retry() {
    String again = state.retry();
    if (again == null) {
      return;
    }
    state = state.withRetry(null);
    conversation.dismiss(RETRY_OFFER);
    submit(again);
  }

  private void retryCommand() {
    if (state.retry() == null) {
      notice(SessionEvent.Level.INFO, "No failed turn to send again.");
    } else {
      retry();
    }
  }

  private void setMode(String next) {
    if (!open) {
      return;
    }
    effects.add(new Effect.SetMode(next));
    state = state.withModes(state.reportedMode(), next);
    conversation.status("mode", SessionEvent.Level.INFO, "Permission mode: " + next);
  }

  private void showTasks() {
    if (state.tasks().isEmpty()) {
      notice(SessionEvent.Level.INFO, "No task runs in claude.");
    } else {
      effects.add(new Effect.ShowTasks(state.tasks()));
    }
  }

  private void interrupt() {
    boolean running = busy.getAsBoolean();
    if (!running && !state.tasks().isEmpty()) {
      notice(
          SessionEvent.Level.INFO,
          TaskSummary.count(state.tasks())
              + " run in the background; F6 lists them and stops one.");
    }
    if (running) {
      effects.add(new Effect.Interrupt());
      notice(SessionEvent.Level.WARNING, "Interrupting the turn…");
    }
  }

  /**
   * A quit key: a second press of either within the window quits; a first one offers it (and, for
   * Ctrl+C, stops a running turn).
   */
  private void quitKey(Action key, boolean interrupts) {
    Instant now = clock.instant();
    Instant since = state.quitOfferSince();
    if (since != null && Duration.between(since, now).compareTo(QUIT_WINDOW) <= 0) {
      effects.add(new Effect.Quit());
      return;
    }
    state = state.withQuitOffer(now);
    if (interrupts && busy.getAsBoolean()) {
      effects.add(new Effect.Interrupt());
      notice(SessionEvent.Level.WARNING, "Interrupting the turn…");
    }
    conversation.status(
        QUIT_OFFER,
        SessionEvent.Level.INFO,
        "Press " + keyName.apply(key) + " again within 2 seconds to quit.");
  }

  private void submit(String text) {
    Optional<String> local = SlashCommands.local(text);
    if (local.isPresent()) {
      localCommand(local.get(), SlashCommands.arguments(text));
      return;
    }
    if (!open || state.stopped()) {
      notice(
          SessionEvent.Level.WARNING,
          "Claude is not running; press F5 to resume or start a new session. Your message is in"
              + " the history (Up).");
      return;
    }
    boolean queued = busy.getAsBoolean();
    effects.add(new Effect.Send(text));
    effects.addAll(attention.answered());
    attention.turnStarted(clock.instant());
    unanswered.addLast(text);
    if (queued) {
      notice(SessionEvent.Level.INFO, "Queued; it is sent when the current turn ends.");
    }
  }

  /** Commands claude rejects in this mode; milk-tui answers them and sends nothing. */
  private void localCommand(String name, String arguments) {
    switch (name) {
      case "help" -> effects.add(new Effect.ShowHelp());
      case "resume" -> effects.add(new Effect.ListSessions(arguments));
      case "exit", "quit" -> effects.add(new Effect.Quit());
      case "retry" -> retryCommand();
      case "export" -> effects.add(new Effect.Export());
      case "plan" -> setMode("plan");
      case "copy" -> copy(CopySource.resolve(conversation.cells(), arguments));
      case "mouse" -> mouse(!state.mouseSelect());
      case "login", "logout" ->
          notice(
              SessionEvent.Level.INFO,
              "milk-tui uses claude's own log-in. To log in or switch accounts, quit ("
                  + keyName.apply(Action.CANCEL)
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

  // ---- copy and the mouse

  private void copy(CopySource.Found found) {
    if (found instanceof CopySource.Clip clip) {
      effects.add(new Effect.Copy(clip.text(), clip.what()));
    } else if (found instanceof CopySource.Nothing nothing) {
      notice(SessionEvent.Level.INFO, nothing.reason());
    }
  }

  /** Gives the mouse to the terminal for selecting text ({@code select}), or takes it back. */
  /** Who has the mouse when the screen opens: nothing to write, nothing to say. */
  public void mouseAtStart(boolean captured) {
    state = state.withMouseSelect(!captured);
  }

  private void mouse(boolean select) {
    state = state.withMouseSelect(select);
    effects.add(new Effect.CaptureMouse(!select));
    conversation.status(
        "mouse",
        SessionEvent.Level.INFO,
        select
            ? "Mouse: select. The terminal has the mouse: drag to select text (the wheel no longer"
                + " scrolls the panes); F8 or /mouse takes it back."
            : "Mouse: milk-tui has it again (the wheel scrolls the panes; Shift+drag selects in"
                + " most terminals).");
  }

  // ---- the clock

  private void tick(boolean toolRunning) {
    quitOfferExpired();
    checkStall(toolRunning);
  }

  private void quitOfferExpired() {
    Instant since = state.quitOfferSince();
    if (since != null && Duration.between(since, clock.instant()).compareTo(QUIT_WINDOW) > 0) {
      state = state.withQuitOffer(null);
      conversation.dismiss(QUIT_OFFER);
    }
  }

  /** A turn silent for the configured time gets one notice with what is known and the ways on. */
  private void checkStall(boolean toolRunning) {
    Instant now = clock.instant();
    if (!stall.due(now, busy.getAsBoolean(), toolRunning, state.waitingOn() != null)) {
      return;
    }
    long minutes = Math.max(1, stall.after().toMinutes());
    String last =
        DateTimeFormatter.ofPattern("HH:mm:ss").format(stall.lastOutput().atZone(clock.getZone()));
    notice(
        SessionEvent.Level.WARNING,
        "Nothing from claude for "
            + (stall.after().toSeconds() < 120
                ? stall.after().toSeconds() + " s"
                : minutes + " min")
            + " (last sign of life at "
            + last
            + ", while "
            + state.activity().label()
            + "; no tool is running). The API may be slow or retrying quietly. Keep waiting,"
            + " press Esc to interrupt the turn, or F5 to restart claude and resume the session.");
  }

  // ---- activity

  private void waiting(String on) {
    state = state.withWaitingOn(on);
    effects.addAll(
        attention.waiting(
            on,
            "grants".equals(on) ? "Claude's tools were refused: choose what to allow." : asked));
    if (on != null) {
      showActivity(Activity.WAITING_FOR_YOU, on);
    } else {
      showActivity(doing, doingDetail);
    }
  }

  /**
   * What claude does now. While a request waits for the user, that is what the screen says,
   * whatever else happens; what claude does is shown again when the request is answered.
   */
  private void activity(Activity activity, String detail) {
    doing = activity;
    doingDetail = detail;
    if (state.waitingOn() != null) {
      showActivity(Activity.WAITING_FOR_YOU, state.waitingOn());
    } else {
      showActivity(activity, detail);
    }
  }

  /** No claude runs: said whatever waits, since what waited went with it. */
  private void stopped(String detail) {
    doing = Activity.STOPPED;
    doingDetail = detail;
    showActivity(doing, doingDetail);
  }

  private void showActivity(Activity activity, String detail) {
    if (activity != state.activity() || !detail.equals(state.detail())) {
      state = state.withActivity(activity, detail);
    }
  }

  private void notice(SessionEvent.Level level, String text) {
    conversation.notice(level, text);
  }
}

package dev.milktui.tui.app;

import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.conversation.ToolNames;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.tui.copy.CopySource;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The UI's model: takes every {@link UiEvent}, keeps {@link UiState}, applies session events to the
 * {@link Conversation} the transcript shows, and answers with the {@link Effect}s to perform. It
 * never calls the session, opens a window or touches a file: it is tested without a terminal. Its
 * parts each own one job: {@link ClaudeCodeKeys} (Esc, Ctrl+C, Ctrl+D and the quit window), {@link
 * ActivityLine} (what the status bar says claude does), {@link RetryOffer} (the failed turn's
 * message), {@link CopyAndMouse}, {@link Attention} (calling the user back), {@link StallWatch},
 * and {@link SessionHeader}; they share the event's {@link Model}.
 */
public final class Ui {
  public static final Duration QUIT_WINDOW = Duration.ofSeconds(2);

  /** Two presses of the interrupt key (Esc) within this clear the message box. */
  public static final Duration DOUBLE_ESC_WINDOW = Duration.ofMillis(800);

  static final List<String> MODES = List.of("default", "acceptEdits", "plan");

  private final Clock clock;
  private final BooleanSupplier busy;
  private final Model model = new Model();
  private final Conversation conversation = model.conversation();
  private final SlashCommands commands = new SlashCommands();
  private final StallWatch stall;
  private final Attention attention;
  private final ClaudeCodeKeys claudeCodeKeys;
  private final ActivityLine activity = new ActivityLine(model);
  private final RetryOffer retries;
  private final CopyAndMouse copyAndMouse = new CopyAndMouse(model);
  private final SessionHeader header = new SessionHeader();
  // What the newest permission request asks, in words, for the call that says a dialog waits.
  private String asked = "Claude asks for your permission.";
  private final Function<Action, String> keyName;
  private boolean totalsReported;
  private long replayTokens;
  private boolean indexing;
  private Path workingDirectory;
  private boolean open;
  private int lastExitCode;

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
    this.claudeCodeKeys = new ClaudeCodeKeys(model, clock, busy, keyName);
    this.retries = new RetryOffer(model, keyName);
  }

  public UiState state() {
    return model.state();
  }

  public Conversation conversation() {
    return conversation;
  }

  public SlashCommands commands() {
    return commands;
  }

  /** milk-tui's version, once the app said it (for the first screen). */
  public Optional<String> version() {
    return header.version();
  }

  /** The folder claude works in, once known (for the first screen). */
  public Optional<Path> workingDirectory() {
    return Optional.ofNullable(workingDirectory);
  }

  /** The one entry: every event, in order; returns what to do about it. */
  public List<Effect> on(UiEvent event) {
    model.take();
    if (event instanceof UiEvent.FromSession s) {
      if (s.generation() == state().generation()) {
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
      activity.stopped("");
      notice(SessionEvent.Level.ERROR, "Could not start claude: " + f.reason());
    } else if (event instanceof UiEvent.Waiting w) {
      waiting(w.on());
    } else if (event instanceof UiEvent.Note n) {
      notice(n.level(), n.text());
    } else if (event instanceof UiEvent.Version v) {
      header.version(v.version());
    } else if (event instanceof UiEvent.Tick t) {
      claudeCodeKeys.tick();
      checkStall(t.toolRunning());
    } else if (event instanceof UiEvent.ToolFinished t) {
      // After a tool, Claude runs another or thinks; the tool pane knows which.
      activity.claude(t.othersRunning() ? Activity.RUNNING_TOOL : Activity.THINKING, "");
    } else if (event instanceof UiEvent.ModeChosen m) {
      setMode(m.mode());
    } else if (event instanceof UiEvent.ClaudeVersion v) {
      header.claudeVersion(v.version());
    } else if (event instanceof UiEvent.WorkingDirectory w) {
      indexFiles(w.directory());
    } else if (event instanceof UiEvent.Trusted t) {
      trusted(t);
    } else if (event instanceof UiEvent.Focus f) {
      model.effects(attention.focus(f.focused()));
    } else if (event instanceof UiEvent.CopyCall c) {
      copyAndMouse.copy(CopySource.output(c.call()));
    }
    return model.take();
  }

  private void opened(UiEvent.SessionOpened o) {
    open = true;
    retries.opened();
    totalsReported = false;
    replayTokens = 0;
    UiState state = state();
    model.state(state.opened(o.generation(), o.resumed().orElse(state.sessionId())));
    activity.opened();
    o.resumed().ifPresent(id -> notice(SessionEvent.Level.INFO, "Resuming session " + id));
  }

  // ---- session events

  private void session(SessionEvent event) {
    Instant now = clock.instant();
    stall.output(now, event);
    conversation.apply(event);
    if (event instanceof SessionEvent.TextDelta) {
      activity.claude(Activity.STREAMING, "");
    } else if (event instanceof SessionEvent.ThinkingDelta) {
      activity.claude(Activity.THINKING, "");
    } else if (event instanceof SessionEvent.ToolStarted t) {
      activity.claude(Activity.RUNNING_TOOL, t.call().name());
    } else if (event instanceof SessionEvent.TurnStarted t) {
      turnStarted(t);
    } else if (event instanceof SessionEvent.UserPrompt p) {
      if (p.automatic()) {
        retries.retrySent(p.text());
      }
      activity.claude(Activity.THINKING, "");
    } else if (event instanceof SessionEvent.PermissionRequested r) {
      // The overlay stack says when its dialog waits for the user, and when it no longer does.
      asked = asks(r.request().toolName());
      model.effect(new Effect.AskPermission(r.request()));
    } else if (event instanceof SessionEvent.PermissionWithdrawn w) {
      model.effect(new Effect.PermissionWithdrawn(w.request(), w.reason()));
    } else if (event instanceof SessionEvent.ApiRetrying r) {
      activity.claude(Activity.RETRYING_API, r.attempt() + "/" + r.maxRetries());
    } else if (event instanceof SessionEvent.StatusChanged s) {
      statusChanged(s);
    } else if (event instanceof SessionEvent.TurnFinished f) {
      turnFinished(f.summary());
    } else if (event instanceof SessionEvent.GrantsNeeded g) {
      model.effect(new Effect.OfferGrants(g.summary()));
    } else if (event instanceof SessionEvent.ProcessExited x) {
      exited(x);
    } else if (event instanceof SessionEvent.WorkspaceUntrusted u) {
      try {
        model.effect(new Effect.OfferTrust(Path.of(u.workingDirectory())));
      } catch (InvalidPathException e) {
        // A folder this system cannot name cannot be trusted from here either.
      }
    } else if (event instanceof SessionEvent.ElicitationRequested e) {
      model.effect(new Effect.OpenForm(e.request()));
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
    UiState state = state();
    if (event instanceof SessionEvent.TasksChanged t) {
      model.state(state.withTasks(t.running()));
      model.effect(new Effect.TasksChanged(t.running()));
    } else if (event instanceof SessionEvent.RestartWaitsForTasks w) {
      model.effect(new Effect.ShowRestartWaits(w));
    } else if (event instanceof SessionEvent.TurnStartedByClaude) {
      retries.turnStartedByClaude();
      notice(
          SessionEvent.Level.INFO,
          "Claude started a turn by itself (a background task finished); Esc stops it.");
    } else if (event instanceof SessionEvent.ConversationCleared) {
      model.state(state.withUsage(0, 0, -1));
    } else if (event instanceof SessionEvent.ContextUsage c) {
      model.state(state.withUsage(state.tokens(), state.costUsd(), c.percent()));
    } else if (event instanceof SessionEvent.TotalsChanged t) {
      totalsReported = true;
      model.state(state.withUsage(t.tokens(), t.costUsd(), state.contextPercent()));
    } else if (event instanceof SessionEvent.CommandsAvailable c) {
      commands.update(c.slashCommands(), c.skills());
    } else if (event instanceof SessionEvent.PermissionModeUnrequested m) {
      // In words until claude reports the mode set back (the transcript has the notice).
      model.state(state.withUnrequestedMode(m.mode(), m.meaning()));
    }
  }

  private void statusChanged(SessionEvent.StatusChanged s) {
    modeReported(s.permissionMode());
    if ("requesting".equals(s.status())) {
      activity.claude(Activity.THINKING, "");
    } else if ("compacting".equals(s.status())) {
      activity.claude(Activity.COMPACTING, "");
    } else if (s.status() == null && activity.doing() == Activity.COMPACTING) {
      // Compaction is over; the turn goes on.
      activity.claude(Activity.THINKING, "");
    }
  }

  private void indexFiles(Path directory) {
    indexing = true;
    workingDirectory = directory;
    model.effect(new Effect.IndexFiles(directory));
  }

  private void turnStarted(SessionEvent.TurnStarted t) {
    modeReported(t.permissionMode());
    model.state(state().withSession(t.sessionId(), t.model()));
    if (t.cwd() != null && !indexing) {
      try {
        indexFiles(Path.of(t.cwd()));
      } catch (InvalidPathException e) {
        // No @ completion for a folder this system cannot name.
      }
    }
    attention.turnStarted(clock.instant());
    header
        .turnStarted(state().generation(), t)
        .ifPresent(line -> notice(SessionEvent.Level.INFO, line));
    activity.claude(Activity.THINKING, "");
  }

  /** The status bar shows the mode claude reports, never only the one asked for. */
  private void modeReported(String mode) {
    if (mode != null) {
      model.state(state().withModes(mode, null));
    }
  }

  private void turnFinished(TurnSummary s) {
    retries.turnFinished(s);
    UiState state = state();
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
    model.state(state);
    activity.claude(Activity.IDLE, "");
    if (s.interrupted()) {
      attention.turnFinished(clock.instant(), false);
    } else {
      model.effects(attention.turnFinished(clock.instant(), s.isError()));
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

  private void exited(SessionEvent.ProcessExited x) {
    model.effect(new Effect.AbandonForms());
    retries.forgetSent();
    if (x.expected()) {
      return;
    }
    lastExitCode = x.exitCode();
    activity.stopped("exit " + x.exitCode());
    model.effect(new Effect.OfferRestart(x.exitCode(), state().sessionId()));
  }

  private void trusted(UiEvent.Trusted t) {
    notice(
        SessionEvent.Level.INFO,
        "Trusted "
            + t.workspace()
            + " in "
            + t.file()
            + "; project rules apply from the next claude process.");
    model.effect(new Effect.OfferRelaunch(state().sessionId()));
  }

  // ---- keys and the message box

  private void key(Action action, UiEvent.MessageBox box) {
    if (claudeCodeKeys.key(action, box)) {
      return;
    }
    UiState state = state();
    switch (action) {
      case HELP -> model.effect(new Effect.ShowHelp());
      case EXPORT -> model.effect(new Effect.Export());
      case RETRY -> retries.retry(this::submit);
      case CYCLE_MODE ->
          setMode(MODES.get((MODES.indexOf(state.modeToCycleFrom()) + 1) % MODES.size()));
      case MODE_MENU -> model.effect(new Effect.ShowModeMenu(state.reportedMode()));
      case RESTART_OFFER -> model.effect(new Effect.OfferRestart(lastExitCode, state.sessionId()));
      case TASKS -> showTasks();
      case DECISIONS -> model.effect(new Effect.ShowDecisions(state.sessionId()));
      case TOGGLE_MOUSE -> copyAndMouse.toggleMouse();
      default -> {
        // The other keys (focus, scrolling, thinking, redraw) are the shell's.
      }
    }
  }

  private void setMode(String next) {
    if (!open) {
      return;
    }
    model.effect(new Effect.SetMode(next));
    model.state(state().withModes(state().reportedMode(), next));
    conversation.status("mode", SessionEvent.Level.INFO, "Permission mode: " + next);
  }

  private void showTasks() {
    if (state().tasks().isEmpty()) {
      notice(SessionEvent.Level.INFO, "No task runs in claude.");
    } else {
      model.effect(new Effect.ShowTasks(state().tasks()));
    }
  }

  private void submit(String text) {
    Optional<String> local = SlashCommands.local(text);
    if (local.isPresent()) {
      localCommand(local.get(), SlashCommands.arguments(text));
      return;
    }
    if (!open || state().stopped()) {
      notice(
          SessionEvent.Level.WARNING,
          "Claude is not running; press F5 to resume or start a new session. Your message is in"
              + " the history (Up).");
      return;
    }
    boolean queued = busy.getAsBoolean();
    model.effect(new Effect.Send(text));
    model.effects(attention.answered());
    attention.turnStarted(clock.instant());
    retries.sent(text);
    if (queued) {
      notice(SessionEvent.Level.INFO, "Queued; it is sent when the current turn ends.");
    }
  }

  /** Commands claude rejects in this mode; milk-tui answers them and sends nothing. */
  private void localCommand(String name, String arguments) {
    switch (name) {
      case "help" -> model.effect(new Effect.ShowHelp());
      case "resume" -> model.effect(new Effect.ListSessions(arguments));
      case "exit", "quit" -> model.effect(new Effect.Quit());
      case "retry" -> retries.command(this::submit);
      case "export" -> model.effect(new Effect.Export());
      case "plan" -> setMode("plan");
      case "copy" -> copyAndMouse.copy(CopySource.resolve(conversation.cells(), arguments));
      case "mouse" -> copyAndMouse.toggleMouse();
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

  /** Who has the mouse when the screen opens: nothing to write, nothing to say. */
  public void mouseAtStart(boolean captured) {
    model.state(state().withMouseSelect(!captured));
  }

  // ---- the clock and what waits

  /** A turn silent for the configured time gets one notice with what is known and the ways on. */
  private void checkStall(boolean toolRunning) {
    UiState state = state();
    if (stall.due(clock.instant(), busy.getAsBoolean(), toolRunning, state.waitingOn() != null)) {
      notice(SessionEvent.Level.WARNING, stall.notice(clock.getZone(), state.activity().label()));
    }
  }

  private void waiting(String on) {
    activity.waiting(on);
    model.effects(
        attention.waiting(
            on,
            "grants".equals(on) ? "Claude's tools were refused: choose what to allow." : asked));
  }

  private void notice(SessionEvent.Level level, String text) {
    conversation.notice(level, text);
  }
}

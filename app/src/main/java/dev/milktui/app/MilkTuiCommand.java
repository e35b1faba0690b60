package dev.milktui.app;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.export.MarkdownExport;
import dev.milktui.core.grants.AlwaysAsk;
import dev.milktui.core.grants.DirectoryPaths;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantException;
import dev.milktui.core.grants.SavedGrants;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.grants.SettingsGrantPersister;
import dev.milktui.core.grants.SettingsLocation;
import dev.milktui.core.grants.SettingsStore;
import dev.milktui.core.grants.WorkspaceTrust;
import dev.milktui.core.history.ClaudeProjects;
import dev.milktui.core.history.PastSession;
import dev.milktui.core.ledger.Decision;
import dev.milktui.core.ledger.DecisionLedger;
import dev.milktui.core.ledger.LedgerFile;
import dev.milktui.core.ledger.LedgerFolder;
import dev.milktui.core.ledger.LedgerReader;
import dev.milktui.core.replay.ReplayFile;
import dev.milktui.core.session.LaunchSpec;
import dev.milktui.core.session.Session;
import dev.milktui.core.session.Transport;
import dev.milktui.core.text.TerminalText;
import dev.milktui.tui.SessionFactory;
import dev.milktui.tui.TerminalLauncher;
import dev.milktui.tui.TuiConfig;
import dev.milktui.tui.TuiController;
import dev.milktui.tui.app.Attention;
import dev.milktui.tui.app.UiEvent;
import dev.milktui.tui.dialog.GrantSaver;
import dev.milktui.tui.dialog.RequestExplainer;
import dev.milktui.tui.dialog.SuggestedRuleOptions;
import dev.milktui.tui.keys.KeyFile;
import dev.milktui.tui.terminal.HyperlinkSupport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code milk-tui [options] [PROMPT]}: opens the full-screen UI on a Claude session. */
@Command(
    name = "milk-tui",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    sortOptions = false,
    description = {
      "A full-screen terminal front end for the Claude Code CLI.",
      "Runs claude in stream-json mode, answers its permission prompts in dialogs, and recovers"
          + " from \"Stream closed\" by granting the failed tools and resuming the session."
    },
    footer = {
      "",
      "Before the screen opens, claude and the settings file are checked: a problem is one line"
          + " on stderr and exit code 1 (2 for a usage error).",
      "Bash, Read and edits in the working directory and /tmp run without asking (the"
          + " baseline), except destructive commands (rm -r, git reset --hard, git clean, force"
          + " pushes, dd, sudo, …), which always ask: 'milk-tui doctor' lists them, and a file"
          + " ~/.config/milk-tui/always-ask (one rule a line) replaces the list.",
      "Try it offline: milk-tui --demo",
      "JVM options for the launcher (e.g. a bigger heap): MILK_TUI_JAVA_OPTS=\"-Xmx2g\""
    })
public final class MilkTuiCommand implements Callable<Integer> {
  /** The subcommands by their annotated names, in the order help lists them. */
  static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

  @Spec CommandSpec spec;

  @Parameters(arity = "0..1", paramLabel = "PROMPT", description = "Sent as the first message.")
  String prompt;

  @Option(names = "--demo", description = "Play a recorded session offline (no claude needed).")
  boolean demo;

  @Option(
      names = "--claude",
      paramLabel = "PATH",
      description = "The claude binary (default: claude on PATH, else the project's install).")
  Path claude;

  @Option(names = "--model", description = "The model claude uses.")
  String model;

  @Option(
      names = "--permission-mode",
      paramLabel = "MODE",
      completionCandidates = PermissionModes.class,
      description = "claude's permission mode: ${COMPLETION-CANDIDATES}.")
  String permissionMode;

  @Option(
      names = "--allowed-tools",
      split = ",",
      paramLabel = "RULE",
      description = "Extra rules to allow, e.g. 'Bash(npm test:*)' (comma-separated).")
  List<String> allowedTools = new ArrayList<>();

  @Option(names = "--add-dir", paramLabel = "DIR", description = "Extra directory (repeatable).")
  List<Path> addDirs = new ArrayList<>();

  @Option(
      names = "--resume",
      paramLabel = "ID",
      arity = "0..1",
      fallbackValue = PICK_SESSION,
      description = "Resume this session; without an ID, pick one of this directory's sessions.")
  String resume;

  @Option(names = "--continue", description = "Resume the last session of this directory.")
  boolean continueLast;

  /** {@code --resume} without an id: the picker opens. */
  static final String PICK_SESSION = "";

  private static final Pattern SESSION_UUID =
      Pattern.compile(
          "\\p{XDigit}{8}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{12}");

  @Option(names = "--cwd", paramLabel = "DIR", description = "claude's working directory.")
  Path cwd;

  @Option(
      names = "--transport",
      paramLabel = "KIND",
      converter = TransportConverter.class,
      completionCandidates = TransportConverter.Names.class,
      description =
          "stream (default: one long-lived process) or one-shot (a process per turn, how older"
              + " tools ran; permissions then fail with \"Stream closed\").")
  Transport transport = Transport.STREAM;

  @Option(
      names = "--settings",
      paramLabel = "FILE",
      description = "Claude user settings file for grants (default: as Claude resolves it).")
  Path settingsFile;

  @Option(
      names = "--no-baseline",
      description =
          "Do not pre-approve Bash, Read and edits in the working directory and /tmp: every tool"
              + " asks. (With the baseline, destructive commands ask all the same.)")
  boolean noBaseline;

  @Option(
      names = "--no-mouse",
      description =
          "Leave the mouse to the terminal (select text without a modifier; no wheel scrolling),"
              + " as MILK_TUI_NO_MOUSE=1 does.")
  boolean noMouse;

  @Option(
      names = "--theme",
      paramLabel = "THEME",
      converter = ThemeChoice.Converter.class,
      completionCandidates = ThemeChoice.Names.class,
      description =
          "Colours for a dark or light terminal: ${COMPLETION-CANDIDATES} (default: MILK_TUI_THEME,"
              + " else auto: the background the terminal states in COLORFGBG or answers to OSC 11,"
              + " else dark).")
  ThemeChoice theme;

  @Option(
      names = "--notify",
      paramLabel = "HOW",
      converter = NotifyChoice.Converter.class,
      completionCandidates = NotifyChoice.Names.class,
      description =
          "When a dialog waits for you or a long turn ends, while the terminal is not focused:"
              + " ${COMPLETION-CANDIDATES} (auto: bell, desktop notification and title; default:"
              + " MILK_TUI_NOTIFY, else auto).")
  Attention.Mode notify;

  @Option(
      names = "--notify-after",
      paramLabel = "SECONDS",
      description =
          "A turn this long calls you when it ends (default: MILK_TUI_NOTIFY_AFTER, else 30).")
  Integer notifyAfter;

  @Option(
      names = "--links",
      paramLabel = "HOW",
      converter = LinksChoice.Converter.class,
      completionCandidates = LinksChoice.Names.class,
      description =
          "Links in replies: ${COMPLETION-CANDIDATES} (osc8: clickable OSC 8 hyperlinks; auto:"
              + " on terminals known to support them, not inside tmux; default: MILK_TUI_LINKS,"
              + " else auto).")
  HyperlinkSupport.Mode links;

  @Option(
      names = "--keys",
      paramLabel = "FILE",
      description = "Key bindings file (default: keys in milk-tui's config folder).")
  Path keysFile;

  @Option(names = "--log-file", paramLabel = "FILE", description = "Where to log.")
  Path logFile;

  @Option(
      names = "--export",
      paramLabel = "FILE",
      description =
          "Save the transcript as Markdown here on exit (and on Ctrl+S); the folder must exist.")
  Path export;

  @Option(names = "--demo-speed", hidden = true, defaultValue = "1")
  double demoSpeed;

  private final Environment environment;

  /** Set by {@code milk-tui replay}: a recording plays, as in the demo, and no claude starts. */
  private boolean replaying;

  /** The always-ask list in force, read once before the screen opens. */
  private AlwaysAsk.Rules askRules;

  public MilkTuiCommand() {
    this(Environment.system());
  }

  MilkTuiCommand(Environment environment) {
    this.environment = environment;
  }

  /**
   * The command line for {@code args}. Only the subcommands an argument names are registered, and
   * all of them when one asks for help: building their models took about a third of the time to the
   * UI's first frame, and a batch command such as {@code scan} pays for them on every run. A
   * subcommand no argument names could not match, so parsing is the same either way.
   */
  static CommandLine commandLine(MilkTuiCommand root, String... args) {
    if (Arrays.stream(args).anyMatch(MilkTuiCommand::isHelp)) {
      return withAllSubcommands(root);
    }
    CommandLine commandLine = new CommandLine(root);
    Arrays.stream(args)
        .distinct()
        .map(SUBCOMMANDS::get)
        .filter(Objects::nonNull)
        .forEach(commandLine::addSubcommand);
    return withUsageErrors(commandLine);
  }

  /** The whole command tree, for help, completion scripts and man pages. */
  static CommandLine withAllSubcommands(MilkTuiCommand root) {
    CommandLine commandLine = new CommandLine(root);
    SUBCOMMANDS.values().forEach(commandLine::addSubcommand);
    return withUsageErrors(commandLine);
  }

  private static CommandLine withUsageErrors(CommandLine commandLine) {
    commandLine.setParameterExceptionHandler(new ShortUsageError());
    return commandLine;
  }

  private static boolean isHelp(String arg) {
    return arg.equals("--help") || arg.matches("-[hV]*h[hV]*");
  }

  private static Map<String, Class<?>> subcommands() {
    // Names written out: reading the annotations would cost reflection on every start.
    Map<String, Class<?>> byName = new LinkedHashMap<>();
    byName.put("scan", ScanCommand.class);
    byName.put("replay", ReplayCommand.class);
    byName.put("grants", GrantsCommand.class);
    byName.put("trust", TrustCommand.class);
    byName.put("why", WhyCommand.class);
    byName.put("doctor", DoctorCommand.class);
    byName.put("completion", CompletionCommand.class);
    byName.put("decisions", DecisionsCommand.class);
    return byName;
  }

  @Override
  public Integer call() throws Exception {
    if (resume != null && continueLast) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--resume and --continue cannot be used together");
    }
    if (notifyAfter != null && notifyAfter < 0) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--notify-after takes a number of seconds, 0 or more");
    }
    Path workingDirectory = workingDirectory();
    requireKnownPermissionMode();
    requireExportFolder();
    requireSettingsFolder();
    try {
      return run(workingDirectory);
    } catch (StartupChecks.Failed e) {
      spec.commandLine().getErr().println("milk-tui: " + TerminalText.oneLine(e.getMessage()));
      spec.commandLine().getErr().flush();
      return 1;
    }
  }

  /**
   * {@code milk-tui replay FILE}: the recording on the screen, played as the demo plays its own.
   */
  int replay(ReplayFile.Loaded loaded, String name, double speed) throws Exception {
    replaying = true;
    Path workingDirectory = workingDirectory();
    AppPaths paths = AppPaths.resolve(environment);
    try (DemoSessionFactory sessions =
        DemoSessionFactory.replay(
            loaded, TerminalText.oneLine(name), environment.home(), workingDirectory, speed)) {
      return runUi(
          paths,
          new LastSessions(paths.lastSessionsFile()),
          Optional.empty(),
          workingDirectory,
          sessions.settings(),
          sessions,
          Optional.empty(),
          DecisionLedger.NONE);
    }
  }

  /** No claude runs: the demo or a replay. */
  private boolean offline() {
    return demo || replaying;
  }

  private int run(Path workingDirectory) throws Exception {
    AppPaths paths = AppPaths.resolve(environment);
    LastSessions lastSessions = new LastSessions(paths.lastSessionsFile());
    Optional<String> resumeId = resumeId(lastSessions, workingDirectory);
    requireKnownSession(workingDirectory);
    if (demo) {
      try (DemoSessionFactory demoSessions =
          DemoSessionFactory.create(environment.home(), workingDirectory, demoSpeed)) {
        return runUi(
            paths,
            lastSessions,
            resumeId,
            workingDirectory,
            demoSessions.settings(),
            demoSessions,
            Optional.empty(),
            DecisionLedger.NONE);
      }
    }
    SettingsStore settings =
        new SettingsStore(
            SettingsLocation.resolve(
                environment.variables(), environment.home(), Optional.ofNullable(settingsFile)),
            environment.home());
    StartupChecks.settings(settings);
    askRules = StartupChecks.alwaysAsk(AlwaysAskFile.of(environment));
    StartupChecks.Claude found =
        StartupChecks.claude(
            ClaudeLocator.of(environment), Optional.ofNullable(claude), ClaudeVersionProbe.TIMEOUT);
    LedgerFile ledger = LedgerFile.inStateFolder(paths.stateDirectory());
    SessionFactory factory =
        new ClaudeSessionFactory(
            launchSpec(workingDirectory, found.binary(), askRules.rules()),
            settings,
            paths,
            Clock.systemUTC(),
            claudeProjects(),
            ledger);
    try {
      return runUi(
          paths,
          lastSessions,
          resumeId,
          workingDirectory,
          settings,
          factory,
          Optional.of(found.version()),
          ledger);
    } finally {
      ledger.close();
    }
  }

  @SuppressWarnings("try") // standard error is silenced for the block, never read
  private int runUi(
      AppPaths paths,
      LastSessions lastSessions,
      Optional<String> resumeId,
      Path workingDirectory,
      SettingsStore settings,
      SessionFactory factory,
      Optional<ClaudeVersion> claudeVersion,
      DecisionLedger ledger)
      throws Exception {
    AtomicReference<TuiController> controller = new AtomicReference<>();
    SessionFactory wired = wire(factory, lastSessions, workingDirectory, ledger);
    Path exportFile =
        export != null
            ? export.toAbsolutePath()
            : paths.exportsDirectory().resolve(paths.timestamp(Instant.now()) + ".md");
    KeyFile.Loaded keys =
        KeyFile.load(
            keysFile != null ? keysFile : KeysFile.of(environment), TuiConfig.defaults().keys());
    TuiConfig config =
        TuiConfig.defaults()
            .withKeys(keys.keys())
            .withColor(Colours.scheme(environment.variables(), theme))
            .withAskBackground(Colours.askBackground(environment.variables(), theme))
            .withAttention(NotifyChoice.settings(environment.variables(), notify, notifyAfter))
            .withHyperlinks(LinksChoice.hyperlinks(environment.variables(), links))
            .withHistoryFile(paths.historyFile())
            .withGrantSaver(
                new GrantSaver() {
                  @Override
                  public SavedGrants save(GrantDecision decision) throws GrantException {
                    return new SettingsGrantPersister(settings, workingDirectory).persist(decision);
                  }

                  @Override
                  public String destination() {
                    return settings.file().toString();
                  }
                })
            .withRuleOptions(new SuggestedRuleOptions(workingDirectory))
            .withExplainer(explainer(factory))
            .withExporter(
                markdown -> {
                  MarkdownExport.write(exportFile, markdown);
                  return exportFile;
                });
    try {
      try (SilencedStandardError quiet = SilencedStandardError.start()) {
        TerminalLauncher.run(
            config,
            wired,
            resumeId,
            !noMouse && !environment.variables().containsKey(TerminalLauncher.NO_MOUSE),
            ui -> {
              controller.set(ui);
              keys.notice().ifPresent(text -> ui.post(SessionEvent.Level.WARNING, text));
              ui.showVersion(BuildInfo.VERSION);
              ui.workingDirectory(workingDirectory);
              if (!offline()) {
                ui.showBaseline(noBaseline ? "" : LaunchSpec.BASELINE_SUMMARY);
              }
              claudeVersion.ifPresent(version -> showClaudeVersion(ui, version));
              if (PICK_SESSION.equals(resume)) {
                ui.openResumePicker();
              }
              if (continueLast && resumeId.isEmpty()) {
                ui.post(
                    SessionEvent.Level.INFO,
                    "No earlier session in " + workingDirectory + "; starting a new one.");
              }
            });
      }
      lastSessions.finishWrites(Duration.ofSeconds(2));
      if (export != null && controller.get() != null) {
        // The screen has stopped, so its conversation is read here, once, from this thread.
        MarkdownExport.write(exportFile, controller.get().exportMarkdown());
      }
      return 0;
    } catch (TerminalLauncher.UiFailedException e) {
      spec.commandLine().getErr().println(e.getMessage());
      spec.commandLine().getErr().println("Details are in the log: " + logFile());
      return 1;
    } catch (TerminalLauncher.NoTerminalException e) {
      spec.commandLine().getErr().println("milk-tui: " + e.getMessage());
      spec.commandLine()
          .getErr()
          .println("Run it in a terminal, or use 'milk-tui scan FILE' on a recorded stream.");
      return 1;
    }
  }

  /**
   * Adds what the app owns to the UI's listener: the first prompt, --continue bookkeeping, and how
   * to log in when claude cannot, which follows the turn it explains through the same listener (one
   * door onto the UI thread). The trust offer is the UI's answer to claude's own WorkspaceUntrusted
   * event; the app only writes the trust, on the UI's worker.
   */
  private SessionFactory wire(
      SessionFactory factory,
      LastSessions lastSessions,
      Path workingDirectory,
      DecisionLedger ledger) {
    AtomicReference<String> firstPrompt = new AtomicReference<>(prompt);
    // Said once, in the first session: the folder is tried before the screen opens.
    Path stateFolder = AppPaths.resolve(environment).stateDirectory();
    AtomicReference<Optional<String>> stateProblem =
        new AtomicReference<>(StateFolder.problem(stateFolder));
    AtomicReference<String> remembered = new AtomicReference<>();
    WorkspaceTrust trust =
        new WorkspaceTrust(
            SettingsLocation.claudeJson(environment.variables(), environment.home()));
    return new SessionFactory() {
      @Override
      public List<PastSession> pastSessions() {
        return factory.pastSessions();
      }

      @Override
      public Optional<String> readOnly() {
        return factory.readOnly();
      }

      @Override
      public Path trust(Path workspace) throws SettingsException {
        trust.trust(workspace);
        ledger.record(
            Decision.workspaceTrusted(
                Instant.now(),
                Optional.ofNullable(remembered.get()).orElse(""),
                workspace,
                trust.file()));
        return trust.file();
      }

      @Override
      public LedgerReader.Reading decisions(String sessionId) throws IOException {
        return LedgerReader.read(
            LedgerFolder.of(stateFolder),
            Optional.empty(),
            decision -> decision.sessionId().equals(sessionId));
      }

      @Override
      public Session open(Consumer<SessionEvent> listener, Optional<String> resumeSessionId) {
        Consumer<SessionEvent> observed =
            event -> {
              if (event instanceof SessionEvent.TurnStarted started
                  && started.sessionId() != null
                  && !offline()
                  && !started.sessionId().equals(remembered.getAndSet(started.sessionId()))) {
                // Every turn starts with init; the file is touched only when the id changes.
                lastSessions.remember(workingDirectory, started.sessionId());
              }
              listener.accept(event);
              if (event instanceof SessionEvent.TurnFinished finished) {
                ClaudeAuthentication.loginHint(finished.summary().resultText())
                    .ifPresent(
                        hint ->
                            listener.accept(
                                new SessionEvent.Notice(SessionEvent.Level.WARNING, hint)));
              }
            };
        stateProblem
            .getAndSet(Optional.empty())
            .ifPresent(
                problem ->
                    listener.accept(
                        new SessionEvent.Notice(
                            SessionEvent.Level.WARNING, StateFolder.notice(stateFolder, problem))));
        if (!offline()) {
          listener.accept(
              new SessionEvent.Notice(
                  SessionEvent.Level.INFO,
                  WithoutAsking.say(noBaseline, workingDirectory, allowedTools, askRules)));
        }
        var session = factory.open(observed, resumeSessionId);
        String text = firstPrompt.getAndSet(null);
        if (text != null && !text.isBlank()) {
          session.send(text);
        }
        return session;
      }
    };
  }

  private ClaudeProjects claudeProjects() {
    return new ClaudeProjects(
        SettingsLocation.configDirectory(environment.variables(), environment.home()));
  }

  /**
   * The version claude answered goes in the header when its init names none (before 2.0), and a
   * version outside the tested range is said at start-up unless the user silenced that.
   */
  private void showClaudeVersion(TuiController ui, ClaudeVersion version) {
    ui.post(new UiEvent.ClaudeVersion(version.number()));
    if (ClaudeSupport.noticeWanted(environment.variables())) {
      SessionEvent.Level level =
          ClaudeSupport.standing(version) == ClaudeSupport.Standing.BELOW_FLOOR
              ? SessionEvent.Level.WARNING
              : SessionEvent.Level.INFO;
      ClaudeSupport.notice(version).ifPresent(text -> ui.post(level, text));
    }
  }

  private Path logFile() {
    return logFile != null ? logFile : AppPaths.resolve(environment).logFile();
  }

  private Path workingDirectory() {
    Path dir = (cwd == null ? Path.of("") : cwd).toAbsolutePath().normalize();
    if (DirectoryPaths.isUnreadableName(dir)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--cwd: " + DirectoryPaths.notADirectory(dir));
    }
    if (!Files.exists(dir)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--cwd " + dir + ": no such directory");
    }
    if (!Files.isDirectory(dir)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--cwd " + dir + ": not a directory");
    }
    if (!Files.isReadable(dir) || !Files.isExecutable(dir)) {
      // claude could not start there, nor list files for @ completion.
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--cwd " + dir + ": permission denied (cannot enter or list it)");
    }
    return dir;
  }

  private Optional<String> resumeId(LastSessions lastSessions, Path workingDirectory) {
    if (PICK_SESSION.equals(resume)) {
      return Optional.empty();
    }
    if (resume != null) {
      try {
        LaunchSpec.requireSafeSessionId(resume);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
      }
      return Optional.of(resume);
    }
    if (!continueLast) {
      return Optional.empty();
    }
    // milk-tui's own note first; else the newest session Claude kept for this directory.
    return lastSessions
        .lastIn(workingDirectory)
        .or(() -> demo ? Optional.empty() : claudeProjects().newest(workingDirectory));
  }

  private void requireKnownPermissionMode() {
    List<String> modes = new ArrayList<>();
    new PermissionModes().forEach(modes::add);
    if (permissionMode != null && !modes.contains(permissionMode)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--permission-mode: expected "
              + String.join(", ", modes)
              + ", not '"
              + permissionMode
              + "'");
    }
  }

  /**
   * A typo must not make folders: the export's folder has to be there already. The export is
   * written at the very end; a target that cannot be written is said now, not after the session.
   */
  private void requireExportFolder() {
    if (export == null) {
      return;
    }
    Path folder = export.toAbsolutePath().getParent();
    String problem =
        folder != null && !Files.isDirectory(folder)
            ? "the folder " + folder + " does not exist"
            : Files.isDirectory(export)
                ? "is a folder; name a file to write"
                : Files.exists(export) && !Files.isRegularFile(export)
                    ? "is not a regular file"
                    : !Files.isWritable(Files.exists(export) ? export : folder)
                        ? "cannot be written here"
                        : null;
    if (problem != null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--export " + export + ": " + problem);
    }
  }

  /**
   * A named settings file may be missing (the first grant makes it), but not its folder: a typo
   * must not make folders, and claude is given the same path.
   */
  private void requireSettingsFolder() {
    if (settingsFile == null) {
      return;
    }
    Path folder = settingsFile.toAbsolutePath().getParent();
    if (folder != null && !Files.isDirectory(folder)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--settings " + settingsFile + ": the folder " + folder + " does not exist");
    }
  }

  /**
   * An explicit session id (a UUID) that Claude keeps no file of for this directory: claude would
   * refuse it, so it is said before the screen opens. Anything else may be a session title, which
   * only claude can look up.
   */
  private void requireKnownSession(Path workingDirectory) throws StartupChecks.Failed {
    if (resume == null
        || PICK_SESSION.equals(resume)
        || demo
        || !SESSION_UUID.matcher(resume).matches()
        || claudeProjects().sessionFile(workingDirectory, resume).isPresent()) {
      return;
    }
    throw new StartupChecks.Failed(
        "--resume "
            + resume
            + ": Claude has no session with this id for "
            + workingDirectory
            + " (milk-tui --resume lists this directory's sessions)");
  }

  /** The permission dialog's "why" for a real claude session; none offline. */
  private RequestExplainer explainer(SessionFactory factory) {
    return factory instanceof ClaudeSessionFactory claudeSessions
        ? new SessionCallExplainer(environment, askRules.file(), claudeSessions::running)
        : RequestExplainer.NONE;
  }

  private LaunchSpec launchSpec(Path workingDirectory, Path claudeBinary, List<String> askRules) {
    try {
      return LaunchSpec.builder(claudeBinary, workingDirectory)
          .transport(transport)
          .model(model)
          .permissionMode(permissionMode)
          .baseline(!noBaseline)
          .allowedTools(allowedTools)
          .extraDirectories(addDirs)
          .settingsFile(settingsFile)
          .askRules(askRules)
          .environment(environment.variables())
          .build();
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  /** claude's permission modes, for help and completion. */
  static final class PermissionModes implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return dev.milktui.core.session.PermissionModes.CHOSEN.iterator();
    }
  }
}

package dev.milktui.core.session;

import dev.milktui.core.grants.AlwaysAsk;
import dev.milktui.core.grants.PathPattern;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Everything needed to start one claude process. Builds the argv (never a shell line) and the
 * child's environment.
 *
 * @param persistedDirectories directories already granted in Claude's user settings
 * @param askRules rules that always ask, even over the baseline ({@link AlwaysAsk}); passed as
 *     session settings, never saved
 * @param environment the caller's environment; variables of an enclosing Claude are dropped
 */
public record LaunchSpec(
    Path claude,
    Path workingDirectory,
    Transport transport,
    Optional<String> model,
    Optional<String> permissionMode,
    Optional<String> resumeSessionId,
    boolean baseline,
    List<String> allowedTools,
    List<Path> persistedDirectories,
    List<Path> extraDirectories,
    Optional<Path> settingsFile,
    List<String> askRules,
    Map<String, String> environment) {

  /**
   * Pre-approved by name on every launch, never written to any settings file (ADR-0035). Bash and
   * Read stay tool-wide: ordinary work runs shell commands and reads sources anywhere, and that is
   * what the ADR pre-approves. File edits are not among them: see {@link #baselineTools()}.
   */
  public static final List<String> BASELINE_TOOLS = List.of("Bash", "Read");

  /** What the baseline allows, in words, for the screen. */
  public static final String BASELINE_SUMMARY =
      "Bash except destructive commands, Read; edits in cwd and /tmp";

  /** Characters Claude's path rules read as a pattern; a directory holding one is not scoped. */

  /** A nested CLI that sees these believes it runs inside another Claude session. */
  static final Set<String> DROPPED_VARIABLES =
      Set.of("CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "CLAUDE_CODE_SESSION_ID");

  private static final Path TMP = Path.of("/tmp");

  public LaunchSpec {
    allowedTools = List.copyOf(allowedTools);
    persistedDirectories = List.copyOf(persistedDirectories);
    extraDirectories = List.copyOf(extraDirectories);
    askRules = List.copyOf(askRules);
    environment = Map.copyOf(environment);
    resumeSessionId.ifPresent(LaunchSpec::requireSafeSessionId);
    permissionMode.ifPresent(
        mode -> {
          if (!PermissionModes.chosen(mode)) {
            throw new IllegalArgumentException("milk-tui never launches claude in " + mode);
          }
        });
  }

  public static LaunchSpec defaults(Path claude, Path workingDirectory) {
    return builder(claude, workingDirectory).build();
  }

  /** Stream transport, baseline on, nothing else set, the process's environment. */
  public static Builder builder(Path claude, Path workingDirectory) {
    return new Builder(claude, workingDirectory);
  }

  public Builder toBuilder() {
    Builder builder = new Builder(claude, workingDirectory);
    builder.transport = transport;
    builder.model = model;
    builder.permissionMode = permissionMode;
    builder.resumeSessionId = resumeSessionId;
    builder.baseline = baseline;
    builder.allowedTools = allowedTools;
    builder.persistedDirectories = persistedDirectories;
    builder.extraDirectories = extraDirectories;
    builder.settingsFile = settingsFile;
    builder.askRules = askRules;
    builder.environment = environment;
    return builder;
  }

  public LaunchSpec withTransport(Transport value) {
    return toBuilder().transport(value).build();
  }

  public LaunchSpec withResume(String sessionId) {
    return toBuilder().resumeSessionId(sessionId).build();
  }

  public LaunchSpec withPermissionMode(String mode) {
    return toBuilder().permissionMode(mode).build();
  }

  public LaunchSpec withModel(String value) {
    return toBuilder().model(value).build();
  }

  public LaunchSpec withEnvironment(Map<String, String> value) {
    return toBuilder().environment(value).build();
  }

  public LaunchSpec withPersistedDirectories(List<Path> directories) {
    return toBuilder().persistedDirectories(directories).build();
  }

  /** Adds rules and directories granted during the session, keeping earlier ones first. */
  public LaunchSpec withGrants(List<String> rules, List<Path> directories) {
    List<String> tools = new ArrayList<>(allowedTools);
    tools.addAll(rules);
    List<Path> dirs = new ArrayList<>(extraDirectories);
    dirs.addAll(directories);
    return toBuilder().allowedTools(distinct(tools)).extraDirectories(distinct(dirs)).build();
  }

  /**
   * The baseline's rules: Bash and Read by name, and file edits (Claude's {@code Edit(...)} path
   * rules cover Write, Edit and MultiEdit) only inside the working directory and {@code /tmp}, each
   * also by its real path when a link leads there. An edit anywhere else asks (stream) or fails
   * into the grant dialog (one-shot). {@code /} gets no edit rule, nor a directory whose name no
   * escape makes exact ({@link PathPattern}): the pattern would match more than that directory.
   */
  public List<String> baselineTools() {
    List<String> tools = new ArrayList<>(BASELINE_TOOLS);
    for (Path directory : List.of(workingDirectory, TMP)) {
      for (Path form : absoluteAndReal(directory)) {
        if (form.getNameCount() > 0) {
          PathPattern.under(form).ifPresent(pattern -> tools.add("Edit(" + pattern + ")"));
        }
      }
    }
    return distinct(tools);
  }

  private static List<Path> absoluteAndReal(Path directory) {
    Path absolute = directory.toAbsolutePath().normalize();
    try {
      return distinct(List.of(absolute, absolute.toRealPath()));
    } catch (IOException e) {
      return List.of(absolute);
    }
  }

  /** The mode claude is launched in: the one chosen, else {@link PermissionModes#DEFAULT}. */
  public String requestedPermissionMode() {
    return permissionMode.orElse(PermissionModes.DEFAULT);
  }

  /** Baseline first, then the user's tools, without duplicates. */
  public List<String> effectiveAllowedTools() {
    List<String> tools = new ArrayList<>();
    if (baseline) {
      tools.addAll(baselineTools());
    }
    tools.addAll(allowedTools);
    return distinct(tools);
  }

  /** The working directory and /tmp, then persisted grants, then the user's extra dirs. */
  public List<Path> effectiveDirectories() {
    List<Path> dirs = new ArrayList<>();
    dirs.add(workingDirectory.toAbsolutePath().normalize());
    dirs.add(TMP);
    persistedDirectories.forEach(d -> dirs.add(d.toAbsolutePath().normalize()));
    extraDirectories.forEach(d -> dirs.add(d.toAbsolutePath().normalize()));
    return distinct(dirs);
  }

  /**
   * The argv. Flags that take values use the {@code --flag=value} form or come before {@code --}:
   * the CLI's variadic flags would otherwise swallow a prompt, and {@code --add-dir=A,B} is
   * silently ignored, so each directory gets its own {@code --add-dir}.
   *
   * @param prompt the turn's prompt for the one-shot transport; empty for stream
   */
  public List<String> command(Optional<String> prompt) {
    List<String> argv = new ArrayList<>();
    argv.add(claude.toString());
    argv.add("-p");
    argv.add("--output-format=stream-json");
    argv.add("--verbose");
    argv.add("--include-partial-messages");
    if (transport == Transport.STREAM) {
      argv.add("--input-format=stream-json");
    }
    argv.add("--permission-prompt-tool=stdio");
    model.ifPresent(m -> argv.add("--model=" + m));
    // Always named: CLIs 2.1.285 to 2.1.301 start a fresh configuration in auto mode otherwise.
    argv.add("--permission-mode=" + requestedPermissionMode());
    resumeSessionId.ifPresent(id -> argv.add("--resume=" + id));
    sessionSettings().ifPresent(settings -> argv.add("--settings=" + settings));
    List<String> tools = effectiveAllowedTools();
    if (!tools.isEmpty()) {
      argv.add("--allowedTools=" + String.join(",", tools));
    }
    for (Path dir : effectiveDirectories()) {
      argv.add("--add-dir");
      argv.add(dir.toString());
    }
    prompt.ifPresent(
        p -> {
          argv.add("--");
          argv.add(p);
        });
    return List.copyOf(argv);
  }

  /**
   * What {@code --settings} gets: the user's settings file as is, or, when rules must always ask, a
   * JSON object with them under {@code permissions.ask} — merged into the user's file's content
   * when there is one, since the CLI reads only the last {@code --settings}. A file that cannot be
   * read gives way to the ask rules: the session is then narrower, never wider.
   */
  Optional<String> sessionSettings() {
    if (askRules.isEmpty()) {
      return settingsFile.map(Path::toString);
    }
    return Optional.of(SessionSettings.withAskRules(settingsFile, askRules));
  }

  /** The caller's environment without the variables of an enclosing Claude session. */
  public Map<String, String> childEnvironment() {
    Map<String, String> env = new LinkedHashMap<>(environment);
    DROPPED_VARIABLES.forEach(env::remove);
    return env;
  }

  /** A session id becomes part of an argument; one that looks like a flag is refused. */
  public static void requireSafeSessionId(String id) {
    if (id.isEmpty() || id.startsWith("-") || !id.matches("[A-Za-z0-9._:-]+")) {
      throw new IllegalArgumentException("not a valid session id: " + id);
    }
  }

  private static <T> List<T> distinct(List<T> values) {
    return List.copyOf(new LinkedHashSet<>(values));
  }

  /** Builds a spec; every setter is optional. */
  public static final class Builder {
    private final Path claude;
    private final Path workingDirectory;
    private Transport transport = Transport.STREAM;
    private Optional<String> model = Optional.empty();
    private Optional<String> permissionMode = Optional.empty();
    private Optional<String> resumeSessionId = Optional.empty();
    private boolean baseline = true;
    private List<String> allowedTools = List.of();
    private List<Path> persistedDirectories = List.of();
    private List<Path> extraDirectories = List.of();
    private Optional<Path> settingsFile = Optional.empty();
    private List<String> askRules = AlwaysAsk.DEFAULT_RULES;
    private Map<String, String> environment = System.getenv();

    private Builder(Path claude, Path workingDirectory) {
      this.claude = claude;
      this.workingDirectory = workingDirectory;
    }

    public Builder transport(Transport value) {
      transport = value;
      return this;
    }

    public Builder model(String value) {
      model = Optional.ofNullable(value);
      return this;
    }

    public Builder permissionMode(String value) {
      permissionMode = Optional.ofNullable(value);
      return this;
    }

    public Builder resumeSessionId(String value) {
      resumeSessionId = Optional.ofNullable(value);
      return this;
    }

    public Builder baseline(boolean value) {
      baseline = value;
      return this;
    }

    public Builder allowedTools(List<String> value) {
      allowedTools = value;
      return this;
    }

    public Builder persistedDirectories(List<Path> value) {
      persistedDirectories = value;
      return this;
    }

    public Builder extraDirectories(List<Path> value) {
      extraDirectories = value;
      return this;
    }

    public Builder settingsFile(Path value) {
      settingsFile = Optional.ofNullable(value);
      return this;
    }

    public Builder askRules(List<String> value) {
      askRules = value;
      return this;
    }

    public Builder environment(Map<String, String> value) {
      environment = value;
      return this;
    }

    public LaunchSpec build() {
      return new LaunchSpec(
          claude,
          workingDirectory,
          transport,
          model,
          permissionMode,
          resumeSessionId,
          baseline,
          allowedTools,
          persistedDirectories,
          extraDirectories,
          settingsFile,
          askRules,
          environment);
    }
  }
}

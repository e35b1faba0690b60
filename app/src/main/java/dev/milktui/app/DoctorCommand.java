package dev.milktui.app;

import dev.milktui.core.grants.AlwaysAsk;
import dev.milktui.core.grants.Grants;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.grants.SettingsLayer;
import dev.milktui.core.grants.SettingsLocation;
import dev.milktui.core.grants.SettingsStore;
import dev.milktui.core.grants.WorkspaceTrust;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.tinylog.Logger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code milk-tui doctor}: checks what milk-tui depends on (the claude binary and its version, its
 * login, the settings file grants go to, workspace trust, the terminal, Java) and prints one line
 * per check.
 */
@Command(
    name = "doctor",
    mixinStandardHelpOptions = true,
    description = {
      "Checks the claude binary and version, that claude can log in (an API key in the"
          + " environment or Claude's own login), the settings file, workspace trust, the terminal"
          + " and Java; one line each: OK, WARN or FAIL. Lists the commands that always ask"
          + " (always-ask).",
      "Exit code 0 when nothing FAILed, 1 otherwise."
    })
public final class DoctorCommand implements Callable<Integer> {

  private final Environment environment;

  @Spec CommandSpec spec;

  @Option(
      names = "--claude",
      paramLabel = "PATH",
      description = "the claude binary (default: claude on PATH, else the project-local install)")
  Path claude;

  @Mixin SettingsFileOption settings;

  @Option(
      names = "--cwd",
      paramLabel = "DIR",
      defaultValue = ".",
      description = "the workspace whose trust is checked (default: the current directory)")
  Path workingDirectory;

  public DoctorCommand() {
    this(Environment.system());
  }

  DoctorCommand(Environment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() {
    List<DoctorCheck> checks = new ArrayList<>();
    ClaudeLocator locator = ClaudeLocator.of(environment);
    Optional<ClaudeLocator.Found> found = locator.locate(Optional.ofNullable(claude));
    guarded(checks, "claude", () -> claudeBinary(locator, found));
    found.ifPresent(binary -> guarded(checks, "version", () -> claudeVersion(binary)));
    guarded(checks, "login", () -> ClaudeAuthentication.check(environment));
    guarded(checks, "settings", this::settingsFile);
    guarded(checks, "workspace", this::workspaceTrust);
    guarded(checks, "always-ask", this::alwaysAsk);
    guarded(checks, "terminal", this::terminal);
    guarded(checks, "java", DoctorCommand::java);

    PrintWriter out = spec.commandLine().getOut();
    checks.forEach(check -> out.println(check.line()));
    out.flush();
    return checks.stream().anyMatch(check -> check.status() == DoctorCheck.Status.FAIL) ? 1 : 0;
  }

  private DoctorCheck claudeBinary(ClaudeLocator locator, Optional<ClaudeLocator.Found> found) {
    if (found.isPresent()) {
      return DoctorCheck.ok("claude", found.get().path() + " (from " + found.get().source() + ")");
    }
    if (claude != null) {
      return DoctorCheck.fail("claude", claude + " is not an executable file");
    }
    return DoctorCheck.fail(
        "claude",
        "not found on PATH" + locator.projectInstall().map(path -> " nor at " + path).orElse(""));
  }

  private static DoctorCheck claudeVersion(ClaudeLocator.Found binary) {
    try {
      ClaudeVersion version = ClaudeVersionProbe.run(binary.path(), ClaudeVersionProbe.TIMEOUT);
      Optional<String> notice = ClaudeSupport.notice(version);
      if (notice.isPresent()) {
        return DoctorCheck.warn("version", notice.get());
      }
      List<String> quirks = ClaudeSupport.quirks(version);
      return DoctorCheck.ok(
          "version",
          version
              + (version.isPinned()
                  ? " (the version milk-tui is tested with)"
                  : " (supported: " + ClaudeSupport.range() + ")")
              + (quirks.isEmpty() ? "" : "; known: " + String.join("; ", quirks)));
    } catch (IOException e) {
      return DoctorCheck.fail("version", binary.path() + " --version failed: " + e.getMessage());
    }
  }

  private DoctorCheck settingsFile() {
    Path file = settings.resolve(environment);
    if (!Files.exists(file)) {
      return DoctorCheck.ok("settings", file + " does not exist yet (no grants saved)");
    }
    try {
      Grants grants = new SettingsStore(file, environment.home()).list();
      return DoctorCheck.ok(
          "settings",
          file
              + " parses; allow: "
              + grants.rules().size()
              + ", additionalDirectories: "
              + grants.directories().size());
    } catch (SettingsException e) {
      return DoctorCheck.fail("settings", e.getMessage());
    }
  }

  /** The commands that ask even under the baseline, listed, and where the list comes from. */
  private DoctorCheck alwaysAsk() {
    Path file = AlwaysAskFile.of(environment);
    try {
      AlwaysAsk.Rules rules = AlwaysAsk.load(file);
      String from =
          rules.file().isPresent()
              ? "from " + file
              : "built in; a file at " + file + " replaces the list";
      return DoctorCheck.ok(
              "always-ask",
              rules.rules().size()
                  + " rules ask even where the baseline allows Bash ("
                  + from
                  + "):")
          .listing(rules.rules());
    } catch (SettingsException e) {
      return DoctorCheck.fail("always-ask", e.getMessage());
    }
  }

  private DoctorCheck workspaceTrust() {
    Path workspace = workingDirectory.toAbsolutePath().normalize();
    WorkspaceTrust trust =
        new WorkspaceTrust(
            SettingsLocation.claudeJson(environment.variables(), environment.home()));
    try {
      if (trust.isTrusted(workspace)) {
        return DoctorCheck.ok("workspace", workspace + " is trusted");
      }
      if (!hasProjectSettings(workspace)) {
        return DoctorCheck.ok(
            "workspace", workspace + " has no project settings, so trust changes nothing");
      }
      return DoctorCheck.warn(
          "workspace",
          workspace
              + " is not trusted: Claude ignores its .claude/settings.json permissions"
              + " (milk-tui trust)");
    } catch (SettingsException e) {
      return DoctorCheck.fail("workspace", e.getMessage());
    }
  }

  /** Trust matters only for the permissions a project's own settings files hold. */
  private static boolean hasProjectSettings(Path workspace) {
    return Files.exists(SettingsLayer.PROJECT.file(Path.of(""), workspace))
        || Files.exists(SettingsLayer.LOCAL.file(Path.of(""), workspace));
  }

  private DoctorCheck terminal() {
    Optional<String> term = environment.variable("TERM");
    String detail =
        "TERM="
            + term.orElse("(unset)")
            + (Colours.wanted(environment.variables())
                ? ""
                : ", no colours (NO_COLOR or a mono TERM)");
    if (System.console() == null) {
      return DoctorCheck.warn(
          "terminal", "no console (not a TTY): the full-screen UI needs one; " + detail);
    }
    if (term.isEmpty() || term.get().equals("dumb")) {
      return DoctorCheck.warn("terminal", "TTY, but the terminal type is unknown; " + detail);
    }
    return DoctorCheck.ok("terminal", "TTY, " + detail);
  }

  private static DoctorCheck java() {
    return DoctorCheck.ok(
        "java",
        Runtime.version()
            + " ("
            + System.getProperty("java.vendor")
            + ", "
            + System.getProperty("java.home")
            + ")");
  }

  /**
   * Adds the check's line; a check that throws becomes a FAIL line rather than a stack trace, so
   * the remaining checks still run.
   */
  private static void guarded(List<DoctorCheck> checks, String name, Supplier<DoctorCheck> check) {
    try {
      checks.add(check.get());
    } catch (RuntimeException e) {
      Logger.warn(e, "doctor check {} failed", name);
      checks.add(DoctorCheck.fail(name, "check failed: " + e));
    }
  }
}

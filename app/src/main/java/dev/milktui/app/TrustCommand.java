package dev.milktui.app;

import dev.milktui.core.grants.DirectoryPaths;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.grants.SettingsLocation;
import dev.milktui.core.grants.WorkspaceTrust;
import dev.milktui.core.ledger.Decision;
import dev.milktui.core.ledger.LedgerFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code milk-tui trust [DIR]}: accepts Claude's workspace trust dialog for a directory ahead of
 * time. Without it the CLI silently drops the project's {@code .claude/settings.json} permissions.
 */
@Command(
    name = "trust",
    mixinStandardHelpOptions = true,
    description = {
      "Marks a workspace as trusted in Claude's .claude.json, so that its project settings"
          + " (.claude/settings.json permissions) apply.",
      "/, a home folder and the folders above it are refused: trust the project's own folder.",
      "Exit codes: 0 done (with --check: trusted), 1 refused (with --check: not trusted), 2 usage."
    })
public final class TrustCommand implements Callable<Integer> {

  private final Environment environment;

  @Spec CommandSpec spec;

  @Parameters(
      paramLabel = "DIR",
      arity = "0..1",
      defaultValue = ".",
      description = "the workspace (default: the current directory)")
  Path directory;

  @Option(
      names = "--claude-json",
      paramLabel = "FILE",
      description =
          "Claude's state file (default: $CLAUDE_CONFIG_DIR/.claude.json, else ~/.claude.json)")
  Path claudeJson;

  @Option(names = "--check", description = "only report whether DIR is trusted")
  boolean check;

  @Option(
      names = "--allow-broad",
      description = "trust / or a home folder (or a folder above one) all the same")
  boolean allowBroad;

  public TrustCommand() {
    this(Environment.system());
  }

  TrustCommand(Environment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() {
    Path file =
        claudeJson != null
            ? claudeJson
            : SettingsLocation.claudeJson(environment.variables(), environment.home());
    WorkspaceTrust trust = new WorkspaceTrust(file, DirectoryPaths.forHome(environment.home()));
    Path workspace = directory.toAbsolutePath().normalize();
    PrintWriter out = spec.commandLine().getOut();
    try {
      if (check) {
        boolean trusted = trust.isTrusted(workspace);
        out.println(
            safe(workspace)
                + (trusted ? " is trusted" : " is not trusted")
                + " in "
                + safe(trust.file()));
        return trusted ? 0 : 1;
      }
      boolean changed = trust.trust(workspace, allowBroad);
      if (changed) {
        ledger(workspace, trust.file());
      }
      out.println(
          (changed ? "trusted " : "already trusted: ")
              + safe(workspace)
              + " in "
              + safe(trust.file()));
      return 0;
    } catch (SettingsException e) {
      return Refusal.print(spec, safe(e.getMessage()));
    } finally {
      out.flush();
    }
  }

  /** A trust given here is a decision like one given in the TUI: it goes to the ledger. */
  private void ledger(Path workspace, Path file) {
    try (LedgerFile ledger =
        LedgerFile.inStateFolder(AppPaths.resolve(environment).stateDirectory())) {
      ledger
          .record(Decision.workspaceTrusted(Instant.now(), "", workspace, file))
          .ifPresent(problem -> spec.commandLine().getErr().println("milk-tui: " + safe(problem)));
    }
  }

  /** Paths come from the environment and the command line: no terminal controls reach the tty. */
  private static String safe(Object text) {
    return GrantsSubcommand.safe(text);
  }
}

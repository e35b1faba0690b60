package dev.milktui.app;

import dev.milktui.core.grants.GrantRefusedException;
import dev.milktui.core.grants.GrantRequest;
import dev.milktui.core.grants.GrantResult;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.grants.SettingsStore;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code milk-tui grants add-dir DIR...}: adds to {@code permissions.additionalDirectories}. */
@Command(
    name = "add-dir",
    mixinStandardHelpOptions = true,
    description = {
      "Adds existing directories Claude may read (like --add-dir, but for every session).",
      "~ and relative paths are expanded; / and the home directory need --allow-broad."
    })
final class GrantsAddDirCommand extends GrantsSubcommand {

  @Parameters(paramLabel = "DIR", arity = "1..*", description = "directories to add")
  List<String> directories;

  @Option(names = "--allow-broad", description = "allow / or the home directory itself")
  boolean allowBroad;

  @Override
  void run(SettingsStore store, PrintWriter out) throws SettingsException, GrantRefusedException {
    GrantResult result =
        store.grant(new GrantRequest(List.of(), directories, Optional.empty(), allowBroad));
    report(out, "added", "directory", result.addedDirectories());
    report(out, "already present:", "directory", result.alreadyPresentDirectories());
    out.println("settings: " + safe(store.file()));
  }
}

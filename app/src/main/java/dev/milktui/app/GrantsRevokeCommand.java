package dev.milktui.app;

import dev.milktui.core.grants.RevokeResult;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.grants.SettingsStore;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code milk-tui grants revoke RULE_OR_DIR...}: removes rules and directories. */
@Command(
    name = "revoke",
    mixinStandardHelpOptions = true,
    description = {
      "Removes rules and directories. A value starting with /, ~ or . is a directory, anything"
          + " else a rule (exact text)."
    })
final class GrantsRevokeCommand extends GrantsSubcommand {

  @Parameters(paramLabel = "RULE_OR_DIR", arity = "1..*", description = "rules or directories")
  List<String> values;

  @Override
  void run(SettingsStore store, PrintWriter out) throws SettingsException {
    Map<Boolean, List<String>> byKind =
        values.stream().collect(Collectors.partitioningBy(GrantsRevokeCommand::isDirectory));
    RevokeResult result = store.revoke(byKind.get(false), byKind.get(true));
    report(out, "removed", "rule", result.removedRules());
    report(out, "not found:", "rule", result.notFoundRules());
    report(out, "removed", "directory", result.removedDirectories());
    report(out, "not found:", "directory", result.notFoundDirectories());
    out.println("settings: " + store.file());
  }

  /** Rules start with a tool name, which never starts with these; paths usually do. */
  static boolean isDirectory(String value) {
    String text = value.strip();
    return text.startsWith("/") || text.startsWith("~") || text.startsWith(".");
  }
}

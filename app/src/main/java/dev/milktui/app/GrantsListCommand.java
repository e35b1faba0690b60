package dev.milktui.app;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.grants.Grants;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.grants.SettingsStore;
import dev.milktui.core.protocol.Json;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code milk-tui grants list}: the persisted rules and directories. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = "Lists the allowed rules and additional directories in the settings file.")
final class GrantsListCommand extends GrantsSubcommand {

  @Option(
      names = "--json",
      description = "one JSON object: {\"settings\":…,\"allow\":[…],\"additionalDirectories\":[…]}")
  boolean json;

  @Override
  void run(SettingsStore store, PrintWriter out) throws SettingsException {
    Grants grants = store.list();
    if (json) {
      ObjectNode object = Json.object();
      object.put("settings", store.file().toString());
      ArrayNode allow = object.putArray("allow");
      grants.rules().forEach(allow::add);
      ArrayNode directories = object.putArray("additionalDirectories");
      grants.directories().forEach(directories::add);
      out.println(object);
    } else {
      out.println("settings: " + store.file());
      section(out, "allow", grants.rules());
      section(out, "additionalDirectories", grants.directories());
    }
  }

  private static void section(PrintWriter out, String name, List<String> values) {
    out.println(name + ": " + (values.isEmpty() ? "none" : values.size()));
    values.forEach(value -> out.println("  " + value));
  }
}

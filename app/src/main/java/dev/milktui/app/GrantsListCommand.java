package dev.milktui.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.grants.Grants;
import dev.milktui.core.grants.SettingsLayers;
import dev.milktui.core.grants.SettingsStore;
import dev.milktui.core.protocol.Json;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code milk-tui grants list}: every permission entry of every settings file Claude reads. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = {
      "Lists the permission rules (allow, ask, deny) and additional directories of every settings"
          + " file Claude reads, each under the file it lives in:",
      "  user     $CLAUDE_CONFIG_DIR/settings.json, else ~/.claude/settings.json (or --settings)",
      "  project  <project>/.claude/settings.json",
      "  local    <project>/.claude/settings.local.json",
      "Exit code 1 when a file could not be read (the others are still listed)."
    })
final class GrantsListCommand extends GrantsSubcommand {

  private static final List<String> SECTIONS = List.of("allow", "ask", "deny");

  @Option(
      names = "--json",
      description =
          "one JSON object: {\"layers\":[{\"layer\":\"user\",\"file\":…,\"exists\":…,\"allow\":[…],"
              + "\"ask\":[…],\"deny\":[…],\"additionalDirectories\":[…]},…]}; a layer that could"
              + " not be read has \"problem\"; non-ASCII is escaped")
  boolean json;

  @Mixin ProjectOption project;

  @Override
  void run(SettingsStore store, PrintWriter out) throws PartlyFailed {
    List<SettingsLayers.Listing> listings = layers(project).list();
    if (json) {
      out.println(json(listings));
    } else {
      listings.forEach(listing -> text(out, listing));
    }
    List<String> problems =
        listings.stream().flatMap(listing -> listing.problem().stream()).toList();
    if (!problems.isEmpty()) {
      throw new PartlyFailed(problems.stream().map(GrantsSubcommand::safe).toList());
    }
  }

  private static void text(PrintWriter out, SettingsLayers.Listing listing) {
    String state =
        listing.problem().isPresent()
            ? " (could not be read)"
            : Files.exists(listing.file()) ? "" : " (no such file)";
    out.println(listing.layer().label() + ": " + safe(listing.file()) + state);
    Grants grants = listing.grants();
    section(out, "allow", grants.rules());
    section(out, "ask", grants.ask());
    section(out, "deny", grants.deny());
    section(out, "additionalDirectories", grants.directories());
  }

  private static void section(PrintWriter out, String name, List<String> values) {
    out.println("  " + name + ": " + (values.isEmpty() ? "none" : values.size()));
    values.forEach(value -> out.println("    " + safe(value)));
  }

  /** ASCII-only JSON: a rule holding terminal controls cannot reach the terminal raw. */
  private static String json(List<SettingsLayers.Listing> listings) {
    ObjectNode object = Json.object();
    ArrayNode layers = object.putArray("layers");
    for (SettingsLayers.Listing listing : listings) {
      ObjectNode layer = layers.addObject();
      layer.put("layer", listing.layer().label());
      layer.put("file", listing.file().toString());
      layer.put("exists", Files.exists(listing.file()));
      Grants grants = listing.grants();
      List<List<String>> lists = List.of(grants.rules(), grants.ask(), grants.deny());
      for (int i = 0; i < SECTIONS.size(); i++) {
        lists.get(i).forEach(layer.putArray(SECTIONS.get(i))::add);
      }
      grants.directories().forEach(layer.putArray("additionalDirectories")::add);
      listing.problem().ifPresent(problem -> layer.put("problem", problem));
    }
    try {
      return Json.mapper()
          .writer()
          .with(JsonWriteFeature.ESCAPE_NON_ASCII.mappedFeature())
          .writeValueAsString(object);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}

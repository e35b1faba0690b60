package dev.milktui.app;

import dev.milktui.core.grants.RevokeResult;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.grants.SettingsLayer;
import dev.milktui.core.grants.SettingsLayers;
import dev.milktui.core.grants.SettingsStore;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code milk-tui grants revoke RULE_OR_DIR...}: removes allow rules and directories. */
@Command(
    name = "revoke",
    mixinStandardHelpOptions = true,
    description = {
      "Removes allow rules and additional directories from any settings layer (see grants list)."
          + " A value starting with /, ~ or . is a directory, anything else a rule (exact text, or"
          + " as grants list shows it, with control and lookalike characters marked).",
      "Without --layer each value is removed from the one layer that holds it; a value held by"
          + " several layers is refused until --layer names one (nothing is changed).",
      "Exit code 1 when a value is not found (the others are still removed)."
    })
final class GrantsRevokeCommand extends GrantsSubcommand {

  @Parameters(paramLabel = "RULE_OR_DIR", arity = "1..*", description = "rules or directories")
  List<String> values;

  @Option(
      names = "--layer",
      paramLabel = "LAYER",
      converter = LayerConverter.class,
      description = "user, project or local: the only layer to remove from")
  SettingsLayer layer;

  @Mixin ProjectOption project;

  @Override
  void run(SettingsStore store, PrintWriter out) throws SettingsException, PartlyFailed {
    SettingsLayers layers = layers(project);
    Map<Boolean, List<String>> byKind =
        ListedValues.asStored(values, layers.list()).stream()
            .collect(Collectors.partitioningBy(GrantsRevokeCommand::isDirectory));
    List<String> rules = byKind.get(false);
    List<String> directories = byKind.get(true);
    if (layer == null) {
      List<SettingsLayers.Ambiguity> ambiguities = layers.ambiguities(rules, directories);
      if (!ambiguities.isEmpty()) {
        throw new PartlyFailed(
            ambiguities.stream()
                .map(
                    a ->
                        "refused: "
                            + safe(a.value())
                            + " is in "
                            + a.layers().stream()
                                .map(SettingsLayer::label)
                                .collect(Collectors.joining(" and "))
                            + "; choose one with --layer (nothing was changed)")
                .toList());
      }
    }
    List<String> notFound = new ArrayList<>();
    if (layer == null) {
      layers
          .heldNowhere(rules, directories)
          .forEach(value -> notFound.add(notFound(value) + " (in no layer)"));
    }
    for (SettingsLayers.Revocation revocation :
        layers.revoke(rules, directories, Optional.ofNullable(layer))) {
      RevokeResult result = revocation.result();
      String where = " (" + revocation.layer().label() + ")";
      report(out, "removed", "rule", result.removedRules(), where);
      report(out, "removed", "directory", result.removedDirectories(), where);
      result.notFoundRules().forEach(rule -> notFound.add(notFound(rule) + where));
      result.notFoundDirectories().forEach(dir -> notFound.add(notFound(dir) + where));
      out.println(revocation.layer().label() + ": " + safe(revocation.file()));
    }
    if (!notFound.isEmpty()) {
      // What was there is removed; asking to revoke what is not there is still a mistake to see.
      throw new PartlyFailed(notFound);
    }
  }

  private static String notFound(String value) {
    return "not found: " + (isDirectory(value) ? "directory " : "rule ") + safe(value);
  }

  private static void report(
      PrintWriter out, String outcome, String kind, List<String> values, String where) {
    values.forEach(value -> out.println(outcome + " " + kind + " " + safe(value) + where));
  }

  /** Rules start with a tool name, which never starts with these; paths usually do. */
  static boolean isDirectory(String value) {
    String text = value.strip();
    return text.startsWith("/") || text.startsWith("~") || text.startsWith(".");
  }

  /** {@code user}, {@code project} or {@code local}, as {@code grants list} labels them. */
  static final class LayerConverter implements CommandLine.ITypeConverter<SettingsLayer> {
    @Override
    public SettingsLayer convert(String value) {
      try {
        return SettingsLayer.of(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(
            "expected user, project or local, not '" + value + "'");
      }
    }
  }
}

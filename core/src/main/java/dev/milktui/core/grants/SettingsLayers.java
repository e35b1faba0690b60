package dev.milktui.core.grants;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every settings file Claude reads for one project (user, project, local), so that what milk-tui
 * lists and revokes is what the CLI actually applies. Only {@code grants allow} and {@code add-dir}
 * and the grant dialog write, and only to the user layer; revoking works on any layer.
 */
public final class SettingsLayers {

  /** One layer's entries, or why its file could not be read. */
  public record Listing(SettingsLayer layer, Path file, Grants grants, Optional<String> problem) {}

  /** A value found in more than one layer, which a revoke without a layer must not guess. */
  public record Ambiguity(String value, List<SettingsLayer> layers) {
    public Ambiguity {
      layers = List.copyOf(layers);
    }
  }

  /** What a revoke did in each layer it touched. */
  public record Revocation(SettingsLayer layer, Path file, RevokeResult result) {}

  private final Map<SettingsLayer, SettingsStore> stores = new EnumMap<>(SettingsLayer.class);

  /** The layers with distinct files: in the home directory the project file is the user file. */
  private final List<SettingsLayer> distinct = new ArrayList<>();

  public SettingsLayers(Path userSettings, Path project, Path home) {
    for (SettingsLayer layer : SettingsLayer.values()) {
      SettingsStore store = new SettingsStore(layer.file(userSettings, project), home);
      stores.put(layer, store);
      if (distinct.stream().noneMatch(other -> stores.get(other).file().equals(store.file()))) {
        distinct.add(layer);
      }
    }
  }

  public SettingsStore store(SettingsLayer layer) {
    return stores.get(layer);
  }

  /**
   * Every layer with its own file, in order; a file that cannot be read is reported, not fatal to
   * the others.
   */
  public List<Listing> list() {
    List<Listing> listings = new ArrayList<>();
    for (SettingsLayer layer : distinct) {
      SettingsStore store = stores.get(layer);
      try {
        listings.add(new Listing(layer, store.file(), store.list(), Optional.empty()));
      } catch (SettingsException e) {
        listings.add(new Listing(layer, store.file(), Grants.none(), Optional.of(e.getMessage())));
      }
    }
    return listings;
  }

  /**
   * The values held by more than one layer. A revoke without {@code --layer} refuses these (and
   * changes nothing): removing a grant from the wrong file would leave it in force.
   */
  public List<Ambiguity> ambiguities(List<String> rules, List<String> directories)
      throws SettingsException {
    List<Ambiguity> ambiguities = new ArrayList<>();
    for (String rule : rules) {
      List<SettingsLayer> holding = holding(rule, false);
      if (holding.size() > 1) {
        ambiguities.add(new Ambiguity(rule, holding));
      }
    }
    for (String directory : directories) {
      List<SettingsLayer> holding = holding(directory, true);
      if (holding.size() > 1) {
        ambiguities.add(new Ambiguity(directory, holding));
      }
    }
    return ambiguities;
  }

  /** The rules and directories no layer holds, in the order given. */
  public List<String> heldNowhere(List<String> rules, List<String> directories)
      throws SettingsException {
    List<String> nowhere = new ArrayList<>();
    for (String rule : rules) {
      if (holding(rule, false).isEmpty()) {
        nowhere.add(rule);
      }
    }
    for (String directory : directories) {
      if (holding(directory, true).isEmpty()) {
        nowhere.add(directory);
      }
    }
    return nowhere;
  }

  /**
   * Removes the rules (from {@code permissions.allow}) and directories from {@code layer}, or,
   * without one, from the layer that holds each; without a layer, values no layer holds are left
   * out (see {@link #heldNowhere}). Call {@link #ambiguities} first.
   */
  public List<Revocation> revoke(
      List<String> rules, List<String> directories, Optional<SettingsLayer> layer)
      throws SettingsException {
    Map<SettingsLayer, List<String>> rulesByLayer = new EnumMap<>(SettingsLayer.class);
    Map<SettingsLayer, List<String>> directoriesByLayer = new EnumMap<>(SettingsLayer.class);
    for (String rule : rules) {
      for (SettingsLayer where : layer.isPresent() ? List.of(layer.get()) : first(rule, false)) {
        rulesByLayer.computeIfAbsent(where, key -> new ArrayList<>()).add(rule);
      }
    }
    for (String directory : directories) {
      for (SettingsLayer where :
          layer.isPresent() ? List.of(layer.get()) : first(directory, true)) {
        directoriesByLayer.computeIfAbsent(where, key -> new ArrayList<>()).add(directory);
      }
    }
    List<Revocation> revocations = new ArrayList<>();
    for (SettingsLayer each : SettingsLayer.values()) {
      List<String> layerRules = rulesByLayer.getOrDefault(each, List.of());
      List<String> layerDirectories = directoriesByLayer.getOrDefault(each, List.of());
      if (!layerRules.isEmpty() || !layerDirectories.isEmpty()) {
        SettingsStore store = stores.get(each);
        revocations.add(
            new Revocation(each, store.file(), store.revoke(layerRules, layerDirectories)));
      }
    }
    return revocations;
  }

  /** The first layer holding the value, or none. */
  private List<SettingsLayer> first(String value, boolean directory) throws SettingsException {
    List<SettingsLayer> holding = holding(value, directory);
    return holding.isEmpty() ? List.of() : List.of(holding.get(0));
  }

  private List<SettingsLayer> holding(String value, boolean directory) throws SettingsException {
    List<SettingsLayer> holding = new ArrayList<>();
    for (SettingsLayer layer : distinct) {
      SettingsStore store = stores.get(layer);
      if (directory ? store.hasDirectory(value) : store.allows(value)) {
        holding.add(layer);
      }
    }
    return holding;
  }
}

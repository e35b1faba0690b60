package dev.milktui.core.why;

import dev.milktui.core.grants.Grants;
import dev.milktui.core.grants.PermissionRule;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.grants.SettingsLayer;
import dev.milktui.core.grants.SettingsLocation;
import dev.milktui.core.grants.SettingsStore;
import dev.milktui.core.grants.WorkspaceTrust;
import dev.milktui.core.session.LaunchSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads every layer claude reads for one launch into a {@link PermissionSetup}, in claude's order:
 * the user file ({@code $CLAUDE_CONFIG_DIR/settings.json}, else {@code ~/.claude/settings.json}),
 * the project's {@code .claude/settings.json} and {@code .claude/settings.local.json} (their deny
 * and ask rules always; the project file's allow rules and folders only when the workspace is
 * trusted: {@code projects[dir].hasTrustDialogAccepted} in {@code .claude.json} for the folder or
 * one above it; the local file's always, WhyRealCliIT), the {@code --settings} file and what
 * milk-tui passes: its always-ask rules and its baseline.
 */
public final class SettingsGathering {

  /**
   * What milk-tui adds to the launch, as {@code LaunchSpec} passes it.
   *
   * @param baselineRules the baseline's {@code --allowedTools} (none with {@code --no-baseline})
   * @param allowedTools the user's own {@code --allowed-tools} and this session's grants
   * @param addedDirectories every {@code --add-dir}
   */
  public record Launch(
      String mode,
      List<String> baselineRules,
      List<String> allowedTools,
      List<String> askRules,
      Optional<Path> askRulesFile,
      Optional<Path> settingsFile,
      List<Path> addedDirectories) {
    public Launch {
      baselineRules = List.copyOf(baselineRules);
      allowedTools = List.copyOf(allowedTools);
      askRules = List.copyOf(askRules);
      addedDirectories = List.copyOf(addedDirectories);
    }

    /** What {@code spec} passes; {@code askRulesFile} is where its ask rules were read. */
    public static Launch of(LaunchSpec spec, Optional<Path> askRulesFile) {
      return new Launch(
          spec.requestedPermissionMode(),
          spec.baseline() ? spec.baselineTools() : List.of(),
          spec.allowedTools(),
          spec.askRules(),
          askRulesFile,
          spec.settingsFile(),
          spec.effectiveDirectories());
    }
  }

  private final Map<String, String> environment;
  private final Path home;

  public SettingsGathering(Map<String, String> environment, Path home) {
    this.environment = Map.copyOf(environment);
    this.home = home;
  }

  public PermissionSetup gather(Path workingDirectory, Path project, Launch launch) {
    Path cwd = workingDirectory.toAbsolutePath().normalize();
    Collected collected = new Collected();
    Path userFile = SettingsLocation.resolve(environment, home, Optional.empty());
    collected.file(
        new RuleOrigin("user settings", Optional.of(userFile), userFile.getParent()), true);
    boolean trusted = trusted(cwd, collected.notes);
    for (SettingsLayer layer : List.of(SettingsLayer.PROJECT, SettingsLayer.LOCAL)) {
      Path file = layer.file(userFile, project);
      if (file.equals(userFile)) {
        continue;
      }
      RuleOrigin origin = new RuleOrigin(layer.label() + " settings", Optional.of(file), project);
      // The local file is the user's own (not checked in): claude counts its allow rules in an
      // untrusted workspace too (WhyRealCliIT seed 1); the project file's it drops.
      boolean granting = trusted || layer == SettingsLayer.LOCAL;
      collected.file(origin, granting);
      if (!granting && Files.exists(file)) {
        collected.notes.add(
            "the workspace is not trusted: the allow rules and additionalDirectories of "
                + origin.describe()
                + " are ignored, its deny and ask rules still apply (milk-tui trust, or claude's"
                + " own trust dialog)");
      }
    }
    launch
        .settingsFile()
        .ifPresent(
            file ->
                collected.file(
                    new RuleOrigin(
                        "--settings", Optional.of(file), file.toAbsolutePath().getParent()),
                    true));
    RuleOrigin asks =
        new RuleOrigin(
            "milk-tui's always-ask list (--settings)"
                + (launch.askRulesFile().isEmpty() ? ", built in" : ""),
            launch.askRulesFile(),
            cwd);
    launch.askRules().forEach(rule -> collected.add(collected.ask, rule, asks));
    RuleOrigin baseline =
        new RuleOrigin("milk-tui's baseline (--allowedTools)", Optional.empty(), cwd);
    launch.baselineRules().forEach(rule -> collected.add(collected.allow, rule, baseline));
    RuleOrigin allowed = new RuleOrigin("--allowed-tools", Optional.empty(), cwd);
    launch.allowedTools().forEach(rule -> collected.add(collected.allow, rule, allowed));
    LinkedHashSet<Path> directories = new LinkedHashSet<>();
    directories.add(cwd);
    collected.directories.forEach(directories::add);
    launch.addedDirectories().forEach(d -> directories.add(d.toAbsolutePath().normalize()));
    return new PermissionSetup(
        cwd,
        home,
        launch.mode(),
        collected.deny,
        collected.ask,
        collected.allow,
        List.copyOf(directories),
        collected.notes);
  }

  private boolean trusted(Path cwd, List<String> notes) {
    WorkspaceTrust trust = new WorkspaceTrust(SettingsLocation.claudeJson(environment, home));
    try {
      for (Path folder = cwd; folder != null; folder = folder.getParent()) {
        if (Files.isDirectory(folder) && trust.isTrusted(folder)) {
          return true;
        }
      }
    } catch (SettingsException e) {
      notes.add("workspace trust unknown: " + e.getMessage());
    }
    return false;
  }

  /** The lists as they fill, layer by layer. */
  private final class Collected {
    final List<SourcedRule> deny = new ArrayList<>();
    final List<SourcedRule> ask = new ArrayList<>();
    final List<SourcedRule> allow = new ArrayList<>();
    final List<Path> directories = new ArrayList<>();
    final List<String> notes = new ArrayList<>();

    /** Reads one file's lists; {@code granting} false keeps only what restricts. */
    void file(RuleOrigin origin, boolean granting) {
      Path file = origin.file().orElseThrow();
      if (!Files.exists(file)) {
        return;
      }
      Grants grants;
      try {
        grants = new SettingsStore(file, home).list();
      } catch (SettingsException e) {
        notes.add(
            origin.describe()
                + " could not be read, and claude may not read it either: "
                + e.getMessage());
        return;
      }
      grants.deny().forEach(rule -> add(deny, rule, origin));
      grants.ask().forEach(rule -> add(ask, rule, origin));
      if (!granting) {
        return;
      }
      grants.rules().forEach(rule -> add(allow, rule, origin));
      for (String directory : grants.directories()) {
        Path path = Path.of(directory.startsWith("~/") ? home + directory.substring(1) : directory);
        directories.add(origin.root().resolve(path).toAbsolutePath().normalize());
      }
    }

    void add(List<SourcedRule> list, String text, RuleOrigin origin) {
      try {
        list.add(new SourcedRule(PermissionRule.parse(text.strip()), origin));
      } catch (IllegalArgumentException e) {
        notes.add("\"" + text + "\" in " + origin.describe() + " is no rule: " + e.getMessage());
      }
    }
  }
}

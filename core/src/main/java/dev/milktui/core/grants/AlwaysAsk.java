package dev.milktui.core.grants;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The commands that always ask, even though the baseline allows Bash: ones that destroy work
 * (recursive or forced removal, {@code git reset --hard}, {@code git clean}, discarding changes,
 * force pushes, {@code dd}, {@code mkfs}, recursive {@code chmod}/{@code chown}, a download piped
 * into a program, {@code sudo}, …). They reach claude as {@code permissions.ask} rules of the
 * session ({@code --settings}), which the pinned CLI checks before any allow rule and for each part
 * of a compound command ({@code a && rm -rf x}); they are never written to any settings file.
 *
 * <p>Claude's {@code *} matches any text, spaces included, so {@code rm *-r*} catches {@code rm -rf
 * x}, {@code rm -fr x}, {@code rm x -r} and {@code rm --recursive x}; the {@code * rm} and {@code
 * *\/rm} forms catch {@code env rm}, {@code xargs rm}, {@code sudo rm} and {@code /bin/rm}. A few
 * harmless commands ask too ({@code echo rm -rf x}): asking once too often is the safe side.
 *
 * <p>The user replaces the list with a file, {@value #FILE_NAME} in milk-tui's config folder: one
 * rule a line as Claude writes them ({@code Bash(terraform destroy*)}), {@code #} starts a comment;
 * an empty file asks for nothing extra.
 */
public final class AlwaysAsk {

  /** The file that replaces {@link #DEFAULT_RULES}, in {@link #configDirectory}. */
  public static final String FILE_NAME = "always-ask";

  /** The built-in list, in Claude's rule syntax. */
  public static final List<String> DEFAULT_RULES =
      bash(
          // Recursive or forced removal, also through a wrapper (env, xargs, sudo) or a path.
          "rm *-r*",
          "rm *-R*",
          "rm *-f*",
          "* rm *-r*",
          "* rm *-R*",
          "* rm *-f*",
          "*/rm *-r*",
          "*/rm *-R*",
          "*/rm *-f*",
          "*find *-delete*",
          "*shred *",
          // git commands that throw away uncommitted work, history or someone else's commits.
          "git*reset*--hard*",
          "git*clean*",
          "git*checkout*--*",
          "git*checkout*-f*",
          "git*checkout *.",
          "git*restore*",
          "git*switch*--discard-changes*",
          "git*switch*-f*",
          "git*stash*drop*",
          "git*stash*clear*",
          "git*branch*-D*",
          "git*push*-f*",
          "git*push* +*",
          "git*push*--delete*",
          // Disks and file systems.
          "dd *",
          "* dd *",
          "*/dd *",
          "*mkfs*",
          "*wipefs*",
          // Recursive ownership and mode changes.
          "*chmod *-R*",
          "*chmod *--recursive*",
          "*chown *-R*",
          "*chown *--recursive*",
          "*chgrp *-R*",
          "*chgrp *--recursive*",
          // A download run as a program.
          "*curl *|*",
          "*wget *|*",
          "*$(curl*",
          "*$(wget*",
          "*<(curl*",
          "*<(wget*",
          // Another user's rights.
          "sudo*",
          "* sudo*",
          "*/sudo*",
          "doas *",
          "* doas *",
          "su",
          "su *");

  private AlwaysAsk() {}

  private static List<String> bash(String... patterns) {
    List<String> rules = new ArrayList<>();
    for (String pattern : patterns) {
      rules.add("Bash(" + pattern + ")");
    }
    return List.copyOf(rules);
  }

  /** milk-tui's config folder: {@code $XDG_CONFIG_HOME/milk-tui}, else {@code ~/.config/…}. */
  public static Path configDirectory(Map<String, String> environment, Path home) {
    Path base =
        Optional.ofNullable(environment.get("XDG_CONFIG_HOME"))
            .filter(value -> !value.isBlank())
            .map(Path::of)
            .filter(Path::isAbsolute)
            .orElse(home.resolve(".config"));
    return base.resolve("milk-tui");
  }

  /** The rules in force and where they came from. */
  public record Rules(List<String> rules, Optional<Path> file) {
    public Rules {
      rules = List.copyOf(rules);
    }

    /** Where the list comes from, for doctor and help. */
    public String source() {
      return file.map(Path::toString).orElse("built in");
    }
  }

  /**
   * The list: {@code file}'s rules when it exists, else {@link #DEFAULT_RULES}.
   *
   * @throws SettingsException when the file cannot be read or holds a line that is not a rule
   */
  public static Rules load(Path file) throws SettingsException {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return new Rules(DEFAULT_RULES, Optional.empty());
    } catch (MalformedInputException e) {
      throw new SettingsException(file, file + ": not UTF-8 text", e);
    } catch (IOException e) {
      throw new SettingsException(file, "cannot read " + file + ": " + e.getMessage(), e);
    }
    List<String> rules = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      try {
        rules.add(PermissionRule.parse(line).toString());
      } catch (IllegalArgumentException e) {
        throw new SettingsException(
            file, file + " line " + (i + 1) + ": not a permission rule: " + e.getMessage(), e);
      }
    }
    return new Rules(rules, Optional.of(file));
  }

  /** What the built-in list covers, in words. */
  public static final String SUMMARY =
      "rm -r/-f, git reset --hard, git clean, git checkout/restore, force pushes, dd, mkfs,"
          + " chmod/chown -R, a download piped to a shell, sudo";
}

package dev.milktui.core.why;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a rule comes from: a settings file Claude reads, or what milk-tui passes on claude's
 * command line (its baseline, its always-ask list).
 *
 * @param name the layer in words ("user settings", "milk-tui's baseline (--allowedTools)")
 * @param file the file holding it, when there is one
 * @param root what a path rule's {@code /x} is relative to: the project folder for the project and
 *     local files, the folder of the file for the others, the working directory for flags
 */
public record RuleOrigin(String name, Optional<Path> file, Path root) {

  /** "user settings (/home/a/.claude/settings.json)", or the name alone. */
  public String describe() {
    return file.map(path -> name + " (" + path + ")").orElse(name);
  }
}

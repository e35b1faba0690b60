package dev.milktui.app;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A claude CLI version as {@code claude --version} prints it ({@code 1.2.3 (Claude Code)}).
 * milk-tui's protocol handling was recorded against {@link #PINNED}; other versions may differ.
 */
public record ClaudeVersion(String number) implements Comparable<ClaudeVersion> {

  /** The version the recordings were made with and the install script installs (from the POM). */
  public static final String PINNED = BuildInfo.CLAUDE_VERSION;

  private static final Pattern NUMBER =
      Pattern.compile("(?<![\\d.])(\\d+\\.\\d+\\.\\d+)(?![\\d.])");

  /** The first {@code x.y.z} in the output, if any. */
  public static Optional<ClaudeVersion> parse(String output) {
    Matcher matcher = NUMBER.matcher(output);
    return matcher.find() ? Optional.of(new ClaudeVersion(matcher.group(1))) : Optional.empty();
  }

  /** Numeric order, part by part: 2.1.40 comes before 2.1.300. */
  @Override
  public int compareTo(ClaudeVersion other) {
    String[] mine = number.split("\\.");
    String[] theirs = other.number.split("\\.");
    for (int i = 0; i < Math.max(mine.length, theirs.length); i++) {
      int compared = Long.compare(part(mine, i), part(theirs, i));
      if (compared != 0) {
        return compared;
      }
    }
    return 0;
  }

  private static long part(String[] parts, int index) {
    if (index >= parts.length) {
      return 0;
    }
    try {
      return Long.parseLong(parts[index]);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  public boolean isPinned() {
    return number.equals(PINNED);
  }

  @Override
  public String toString() {
    return number;
  }
}

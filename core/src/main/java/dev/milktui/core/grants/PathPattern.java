package dev.milktui.core.grants;

import java.nio.file.Path;
import java.util.Optional;

/**
 * A directory as the pattern of a Claude path rule ({@code //abs/dir/**}; {@code //} marks an
 * absolute path), with pattern characters in its name escaped so the rule covers that directory and
 * no other. Measured against the real CLI (GrantsRealCliIT): a backslash makes {@code * [ ] { } ! #
 * ( ) + @ |} literal; no escape makes {@code ?} or a backslash literal, so a name holding one gets
 * no rule at all (a wrong guess would grant other directories).
 */
public final class PathPattern {
  private static final String ESCAPED = "*[]{}!#()+@|";
  private static final String UNMATCHABLE = "?\\";
  private static final String PREFIX = "/";
  private static final String SUFFIX = "/**";

  private PathPattern() {}

  /** The pattern for everything under {@code directory} (absolute), or empty when none is exact. */
  public static Optional<String> under(Path directory) {
    String text = directory.toString();
    StringBuilder pattern = new StringBuilder(PREFIX);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (UNMATCHABLE.indexOf(c) >= 0 || Character.isISOControl(c)) {
        return Optional.empty();
      }
      if (ESCAPED.indexOf(c) >= 0) {
        pattern.append('\\');
      }
      pattern.append(c);
    }
    return Optional.of(pattern.append(SUFFIX).toString());
  }

  /** The directory a pattern made by {@link #under} covers, or empty for any other pattern. */
  public static Optional<String> directoryOf(String pattern) {
    if (!pattern.startsWith(PREFIX + "/")
        || !pattern.endsWith(SUFFIX)
        || pattern.length() <= PREFIX.length() + SUFFIX.length() + 1) {
      // Not absolute, not a whole tree, or the whole file system.
      return Optional.empty();
    }
    String escaped = pattern.substring(PREFIX.length(), pattern.length() - SUFFIX.length());
    StringBuilder directory = new StringBuilder();
    for (int i = 0; i < escaped.length(); i++) {
      char c = escaped.charAt(i);
      if (c == '\\' && i + 1 < escaped.length() && ESCAPED.indexOf(escaped.charAt(i + 1)) >= 0) {
        c = escaped.charAt(++i);
      } else if (ESCAPED.indexOf(c) >= 0 || UNMATCHABLE.indexOf(c) >= 0) {
        // An unescaped pattern character: the rule covers more than one directory.
        return Optional.empty();
      }
      directory.append(c);
    }
    return Optional.of(directory.toString());
  }
}

package dev.milktui.core.why;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Claude's matching of a path rule ({@code Read(...)}, {@code Edit(...)}) against a file, as the
 * pinned CLI does it (WhyRealCliIT). The pattern is gitignore-style, relative to a root its start
 * chooses:
 *
 * <ul>
 *   <li>{@code //abs/dir/**}: {@code /abs/dir/**} from {@code /};
 *   <li>{@code ~/dir/**}: from the home folder;
 *   <li>{@code /dir/**}: from the rule's origin root (the project of a project or local settings
 *       file);
 *   <li>{@code ./dir/**}, {@code dir/**}, {@code *.env}: from the working directory.
 * </ul>
 *
 * Then as in a {@code .gitignore}: {@code *} and {@code ?} stay within one name, {@code **} spans
 * folders, {@code [...]} is a class, a backslash makes the next character literal; a pattern with
 * no slash but a trailing one matches a name at any depth; a pattern matching a folder matches
 * everything inside it; a file outside the root never matches.
 */
public final class PathRules {
  private PathRules() {}

  /** Where a rule's pattern is anchored and what remains of it. */
  record Anchored(Path root, String pattern) {}

  static Anchored anchor(String content, Path originRoot, Path workingDirectory, Path home) {
    if (content.startsWith("//")) {
      return new Anchored(Path.of("/"), content.replaceFirst("^/+", ""));
    }
    if (content.startsWith("~/")) {
      return new Anchored(home, content.substring(2));
    }
    if (content.startsWith("/")) {
      return new Anchored(originRoot, content.substring(1));
    }
    if (content.startsWith("./")) {
      return new Anchored(workingDirectory, content.substring(2));
    }
    return new Anchored(workingDirectory, content);
  }

  /** Whether the rule content {@code content} matches {@code file} (absolute, normalised). */
  public static boolean matches(
      String content, Path file, Path originRoot, Path workingDirectory, Path home) {
    Anchored anchored = anchor(content, originRoot, workingDirectory, home);
    Optional<String> relative = relative(anchored.root(), file);
    if (relative.isEmpty()) {
      return false;
    }
    String pattern = anchored.pattern();
    if (pattern.isEmpty()) {
      return false;
    }
    boolean directoryOnly = pattern.endsWith("/");
    String body = directoryOnly ? pattern.substring(0, pattern.length() - 1) : pattern;
    boolean anchoredToRoot = body.contains("/");
    Pattern regex =
        Pattern.compile((anchoredToRoot ? "" : "(?:.*/)?") + globToRegex(body), Pattern.DOTALL);
    String path = relative.get();
    // The file itself, or a folder above it (a matched folder covers its contents).
    if (!directoryOnly && regex.matcher(path).matches()) {
      return true;
    }
    for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
      if (regex.matcher(path.substring(0, slash)).matches()) {
        return true;
      }
    }
    return false;
  }

  private static Optional<String> relative(Path root, Path file) {
    Path normalRoot = root.toAbsolutePath().normalize();
    Path normalFile = file.toAbsolutePath().normalize();
    if (!normalFile.startsWith(normalRoot) || normalFile.equals(normalRoot)) {
      return Optional.empty();
    }
    return Optional.of(normalRoot.relativize(normalFile).toString());
  }

  static String globToRegex(String glob) {
    StringBuilder regex = new StringBuilder();
    int i = 0;
    while (i < glob.length()) {
      char c = glob.charAt(i);
      if (c == '\\' && i + 1 < glob.length()) {
        regex.append(Pattern.quote(String.valueOf(glob.charAt(i + 1))));
        i += 2;
      } else if (glob.startsWith("**/", i)) {
        regex.append("(?:.*/)?");
        i += 3;
      } else if (glob.startsWith("/**", i) && i + 3 == glob.length()) {
        regex.append("/.*");
        i += 3;
      } else if (glob.startsWith("**", i)) {
        regex.append(".*");
        i += 2;
      } else if (c == '*') {
        regex.append("[^/]*");
        i++;
      } else if (c == '?') {
        regex.append("[^/]");
        i++;
      } else if (c == '[') {
        int close = glob.indexOf(']', i + 2);
        if (close < 0) {
          regex.append("\\[");
          i++;
        } else {
          String inside = glob.substring(i + 1, close);
          if (inside.startsWith("!")) {
            inside = "^" + inside.substring(1);
          }
          regex.append('[').append(inside.replace("\\", "\\\\").replace("[", "\\[")).append(']');
          i = close + 1;
        }
      } else {
        regex.append(Pattern.quote(String.valueOf(c)));
        i++;
      }
    }
    return regex.toString();
  }
}

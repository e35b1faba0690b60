package dev.milktui.core.why;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Claude's matching of a {@code Bash(...)} rule's content against a command, as the pinned CLI does
 * it (WhyRealCliIT):
 *
 * <ul>
 *   <li>{@code npm test:*} is a prefix of whole words: {@code npm test} alone or followed by a
 *       blank and more, never {@code npm testx};
 *   <li>a {@code *} anywhere else matches any text, blanks included ({@code git * main}); a {@code
 *       \*} is a literal star; a pattern ending in a blank and {@code *} also matches the command
 *       without arguments ({@code ls *} covers {@code ls});
 *   <li>anything else is the whole command, exactly.
 * </ul>
 *
 * A compound command is split into its simple commands at {@code && || ; | &} and newlines outside
 * quotes ({@link #parts}); the caller checks each part.
 */
public final class BashRules {
  private BashRules() {}

  /** Whether {@code content} matches the simple command {@code command}. */
  public static boolean matches(String content, String command) {
    String text = command.strip();
    if (content.endsWith(":*")) {
      String prefix = content.substring(0, content.length() - 2);
      return text.equals(prefix) || text.startsWith(prefix + " ");
    }
    if (hasWildcard(content)) {
      if (content.endsWith(" *")
          && text.equals(unescape(content.substring(0, content.length() - 2)))) {
        return true;
      }
      return glob(content).matcher(text).matches();
    }
    return text.equals(content);
  }

  private static boolean hasWildcard(String content) {
    for (int i = 0; i < content.length(); i++) {
      char c = content.charAt(i);
      if (c == '\\' && i + 1 < content.length()) {
        i++;
      } else if (c == '*') {
        return true;
      }
    }
    return false;
  }

  private static String unescape(String content) {
    return content.replace("\\*", "*").replace("\\\\", "\\");
  }

  private static Pattern glob(String content) {
    StringBuilder regex = new StringBuilder();
    StringBuilder literal = new StringBuilder();
    for (int i = 0; i < content.length(); i++) {
      char c = content.charAt(i);
      if (c == '\\' && i + 1 < content.length() && "*\\".indexOf(content.charAt(i + 1)) >= 0) {
        literal.append(content.charAt(++i));
      } else if (c == '*') {
        regex.append(Pattern.quote(literal.toString())).append(".*");
        literal.setLength(0);
      } else {
        literal.append(c);
      }
    }
    regex.append(Pattern.quote(literal.toString()));
    return Pattern.compile(regex.toString(), Pattern.DOTALL);
  }

  /**
   * The simple commands of {@code command}: split at {@code && || ; | &} and newlines that are not
   * inside quotes or escaped, each stripped, empty ones left out.
   */
  public static List<String> parts(String command) {
    List<String> parts = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    char quote = 0;
    for (int i = 0; i < command.length(); i++) {
      char c = command.charAt(i);
      if (quote != 0) {
        part.append(c);
        if (c == quote) {
          quote = 0;
        } else if (c == '\\' && quote == '"' && i + 1 < command.length()) {
          part.append(command.charAt(++i));
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        part.append(c);
      } else if (c == '\\' && i + 1 < command.length()) {
        part.append(c).append(command.charAt(++i));
      } else if (c == ';' || c == '|' || c == '&' || c == '\n') {
        if (c == '&' && isRedirection(command, i)) {
          part.append(c);
          continue;
        }
        end(parts, part);
        if (i + 1 < command.length() && (c == '|' || c == '&') && command.charAt(i + 1) == c) {
          i++;
        }
      } else {
        part.append(c);
      }
    }
    end(parts, part);
    return parts;
  }

  /** Whether {@code command} has a pipe ({@code |}, not {@code ||}) outside quotes. */
  public static boolean hasPipe(String command) {
    char quote = 0;
    for (int i = 0; i < command.length(); i++) {
      char c = command.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else if (c == '\\' && quote == '"') {
          i++;
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '\\') {
        i++;
      } else if (c == '|') {
        if (i + 1 < command.length() && command.charAt(i + 1) == '|') {
          i++;
        } else {
          return true;
        }
      }
    }
    return false;
  }

  /** {@code 2>&1}, {@code <&3} and {@code &>file} are redirections, not operators. */
  private static boolean isRedirection(String command, int at) {
    char before = at > 0 ? command.charAt(at - 1) : ' ';
    char after = at + 1 < command.length() ? command.charAt(at + 1) : ' ';
    return before == '>' || before == '<' || after == '>';
  }

  private static void end(List<String> parts, StringBuilder part) {
    String text = part.toString().strip();
    if (!text.isEmpty()) {
      parts.add(text);
    }
    part.setLength(0);
  }
}

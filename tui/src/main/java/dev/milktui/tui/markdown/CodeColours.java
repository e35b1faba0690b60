package dev.milktui.tui.markdown;

import dev.milktui.tui.text.Span;
import dev.milktui.tui.text.TextStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Syntax colours for fenced code: keywords, strings, comments and numbers, by a small lexer per
 * family of languages (C-like, #-commented scripts, SQL, JSON). No maintained Java highlighter fits
 * a terminal (the ones on Maven Central are editor components or unmaintained ports), and these
 * four token kinds are what makes code readable at a glance. An unknown language stays plain code.
 * Block comments and triple-quoted strings carry across lines.
 */
final class CodeColours {
  private record Family(
      Set<String> keywords,
      String lineComment,
      String blockOpen,
      String blockClose,
      boolean tripleQuotes,
      boolean backticks,
      boolean ignoreCase) {}

  private static final Family C_LIKE =
      new Family(
          words(
              "abstract async await boolean break byte case catch char class const continue"
                  + " default defer delete do double else enum export extends false final finally"
                  + " float fn for func function go if impl implements import in instanceof int"
                  + " interface let long match mod module mut namespace new nil null package"
                  + " private protected pub public record return sealed self short static struct"
                  + " super switch synchronized this throw throws trait true try type typeof"
                  + " undefined unsafe use val var void volatile where while yield string bool"),
          "//",
          "/*",
          "*/",
          false,
          true,
          false);

  private static final Family SCRIPT =
      new Family(
          words(
              "and as assert async await break case class continue def del do done elif else"
                  + " elsif end esac except export False fi finally for from function global if"
                  + " import in is lambda local module None nonlocal not or pass raise require"
                  + " rescue return self then True try unless until while with yield echo"),
          "#",
          null,
          null,
          true,
          false,
          false);

  private static final Family SQL =
      new Family(
          words(
              "add all alter and as asc by case create delete desc distinct drop else end"
                  + " exists from group having in index inner insert into is join key left like"
                  + " limit not null on or order outer primary references right select set table"
                  + " then union unique update values view when where with"),
          "--",
          "/*",
          "*/",
          false,
          false,
          true);

  private static final Family JSON =
      new Family(words("true false null"), null, null, null, false, false, false);

  private static final Map<String, Family> LANGUAGES = languages();

  private CodeColours() {}

  /** The family of {@code info}'s language (a fence's info string), or null: plain code. */
  static boolean known(String language) {
    return LANGUAGES.containsKey(language.toLowerCase(Locale.ROOT));
  }

  /** The lines of {@code lines} as coloured spans (tabs already expanded), for {@code language}. */
  static List<List<Span>> colour(String language, List<String> lines) {
    Family family = LANGUAGES.get(language.toLowerCase(Locale.ROOT));
    List<List<Span>> out = new ArrayList<>(lines.size());
    String open = null;
    for (String line : lines) {
      List<Span> spans = new ArrayList<>();
      open = line(family, line, open, spans);
      out.add(spans);
    }
    return out;
  }

  /**
   * Lexes one line; {@code open} is the closing mark of a comment or string the line starts in.
   * Returns the mark still open at its end, or null.
   */
  private static String line(Family f, String line, String open, List<Span> out) {
    int n = line.length();
    int i = 0;
    int plain = 0;
    if (open != null) {
      int end = line.indexOf(open);
      TextStyle style =
          open.equals(f.blockClose()) ? TextStyle.CODE_COMMENT : TextStyle.CODE_STRING;
      if (end < 0) {
        add(out, line, 0, n, style);
        return open;
      }
      i = end + open.length();
      add(out, line, 0, i, style);
      plain = i;
    }
    while (i < n) {
      char c = line.charAt(i);
      if (f.lineComment() != null && line.startsWith(f.lineComment(), i)) {
        add(out, line, plain, i, TextStyle.CODE);
        add(out, line, i, n, TextStyle.CODE_COMMENT);
        return null;
      }
      if (f.blockOpen() != null && line.startsWith(f.blockOpen(), i)) {
        add(out, line, plain, i, TextStyle.CODE);
        int end = line.indexOf(f.blockClose(), i + f.blockOpen().length());
        if (end < 0) {
          add(out, line, i, n, TextStyle.CODE_COMMENT);
          return f.blockClose();
        }
        add(out, line, i, end + f.blockClose().length(), TextStyle.CODE_COMMENT);
        i = plain = end + f.blockClose().length();
        continue;
      }
      if (f.tripleQuotes() && (line.startsWith("\"\"\"", i) || line.startsWith("'''", i))) {
        String mark = line.substring(i, i + 3);
        add(out, line, plain, i, TextStyle.CODE);
        int end = line.indexOf(mark, i + 3);
        if (end < 0) {
          add(out, line, i, n, TextStyle.CODE_STRING);
          return mark;
        }
        add(out, line, i, end + 3, TextStyle.CODE_STRING);
        i = plain = end + 3;
        continue;
      }
      if (c == '"' || c == '\'' || c == '`' && f.backticks()) {
        add(out, line, plain, i, TextStyle.CODE);
        int end = stringEnd(line, i);
        add(out, line, i, end, TextStyle.CODE_STRING);
        i = plain = end;
        continue;
      }
      if (Character.isDigit(c) && (i == 0 || !isWord(line.charAt(i - 1)))) {
        int end = i;
        while (end < n && (isWord(line.charAt(end)) || line.charAt(end) == '.')) {
          end++;
        }
        add(out, line, plain, i, TextStyle.CODE);
        add(out, line, i, end, TextStyle.CODE_NUMBER);
        i = plain = end;
        continue;
      }
      if (isWord(c) && (i == 0 || !isWord(line.charAt(i - 1)))) {
        int end = i;
        while (end < n && isWord(line.charAt(end))) {
          end++;
        }
        String word = line.substring(i, end);
        if (f.keywords().contains(f.ignoreCase() ? word.toLowerCase(Locale.ROOT) : word)) {
          add(out, line, plain, i, TextStyle.CODE);
          add(out, line, i, end, TextStyle.CODE_KEYWORD);
          plain = end;
        }
        i = end;
        continue;
      }
      i++;
    }
    add(out, line, plain, n, TextStyle.CODE);
    return null;
  }

  /** The end of the string opening at {@code start}: after its closing quote, or the line's end. */
  private static int stringEnd(String line, int start) {
    char quote = line.charAt(start);
    for (int i = start + 1; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == quote) {
        return i + 1;
      }
    }
    return line.length();
  }

  private static boolean isWord(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }

  private static void add(List<Span> out, String line, int start, int end, TextStyle style) {
    if (end > start) {
      out.add(new Span(line.substring(start, end), style));
    }
  }

  private static Set<String> words(String words) {
    return Set.of(words.split(" "));
  }

  private static Map<String, Family> languages() {
    Map<String, Family> m = new java.util.HashMap<>();
    for (String l :
        "java kotlin kt scala groovy c h cpp c++ cc hpp cs csharp go golang rust rs js javascript"
            .split(" ")) {
      m.put(l, C_LIKE);
    }
    for (String l : "ts typescript jsx tsx swift dart php mjs cjs".split(" ")) {
      m.put(l, C_LIKE);
    }
    for (String l :
        "python py ruby rb sh bash shell zsh fish console yaml yml toml perl pl r make makefile"
            .split(" ")) {
      m.put(l, SCRIPT);
    }
    m.put("sql", SQL);
    m.put("json", JSON);
    m.put("jsonc", C_LIKE);
    return Map.copyOf(m);
  }
}

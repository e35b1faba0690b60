package dev.milktui.tui.terminal;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.input.CharacterPattern;
import com.googlecode.lanterna.input.KeyDecodingProfile;
import com.googlecode.lanterna.input.MouseAction;
import com.googlecode.lanterna.input.MouseActionType;
import java.util.Collection;
import java.util.List;

/**
 * Mouse reports in SGR form (xterm modes 1000 + 1006: {@code ESC[<button;column;row M} or {@code
 * m}), which Lanterna 3.1.5 does not decode; its own mouse mode uses the old byte encoding, which
 * breaks past column 95 under UTF-8. Only the wheel is used; other reports (clicks) are decoded so
 * that they are dropped whole instead of arriving as stray characters.
 */
public final class SgrMouse implements CharacterPattern {
  static final String ENABLE = "\u001b[?1000h\u001b[?1006h";
  static final String DISABLE = "\u001b[?1006l\u001b[?1000l";

  /** The modes that report the wheel to milk-tui, for taking the mouse back after a selection. */
  public static String enable() {
    return ENABLE;
  }

  public static final KeyDecodingProfile PROFILE =
      new KeyDecodingProfile() {
        private final List<CharacterPattern> patterns = List.of(new SgrMouse());

        @Override
        public Collection<CharacterPattern> getPatterns() {
          return patterns;
        }
      };

  private static final int WHEEL_UP = 64;
  private static final int WHEEL_DOWN = 65;

  @Override
  public Matching match(List<Character> seq) {
    String prefix = "\u001b[<";
    for (int i = 0; i < Math.min(seq.size(), prefix.length()); i++) {
      if (seq.get(i) != prefix.charAt(i)) {
        return null;
      }
    }
    int[] numbers = new int[3];
    int field = 0;
    boolean digits = false;
    for (int i = prefix.length(); i < seq.size(); i++) {
      char c = seq.get(i);
      if (c >= '0' && c <= '9' && numbers[field] < 100_000) {
        numbers[field] = numbers[field] * 10 + (c - '0');
        digits = true;
      } else if (c == ';' && digits && field < 2) {
        field++;
        digits = false;
      } else if ((c == 'M' || c == 'm') && digits && field == 2 && i == seq.size() - 1) {
        return new Matching(action(numbers[0], numbers[1] - 1, numbers[2] - 1));
      } else {
        return null;
      }
    }
    return Matching.NOT_YET;
  }

  private static MouseAction action(int button, int column, int row) {
    TerminalPosition at = new TerminalPosition(Math.max(0, column), Math.max(0, row));
    MouseActionType type =
        switch (button) {
          case WHEEL_UP -> MouseActionType.SCROLL_UP;
          case WHEEL_DOWN -> MouseActionType.SCROLL_DOWN;
          default -> MouseActionType.MOVE;
        };
    return new MouseAction(type, button, at);
  }
}

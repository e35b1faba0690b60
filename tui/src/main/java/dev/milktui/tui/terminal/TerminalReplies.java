package dev.milktui.tui.terminal;

import com.googlecode.lanterna.input.BasicCharacterPattern;
import com.googlecode.lanterna.input.CharacterPattern;
import com.googlecode.lanterna.input.KeyDecodingProfile;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.util.Collection;
import java.util.List;

/**
 * What the terminal sends that is not a key: focus reports (DEC mode 1004: {@code ESC [ I}, {@code
 * ESC [ O}), the answer to the background colour query ({@code ESC ] 11 ; rgb:… BEL} or {@code ST})
 * and to Primary Device Attributes ({@code ESC [ ? … c}). Lanterna 3.1.5 knows none of them and
 * would hand their characters on as typed text; {@link #PROFILE} teaches its decoder, and {@link
 * TerminalInputScreen} takes every {@link Reply} out of the keys, so none reaches the message box.
 */
public final class TerminalReplies {
  static final String FOCUS_ON = "\u001b[?1004h";
  static final String FOCUS_OFF = "\u001b[?1004l";

  /** Longest reply read as one; a longer run of characters is left to the other patterns. */
  private static final int MAX_REPLY = 64;

  private TerminalReplies() {}

  /** A terminal's reply, decoded; never a key. */
  public abstract static class Reply extends KeyStroke {
    Reply() {
      super(KeyType.Unknown);
    }
  }

  /** The terminal gained or lost the focus. */
  public static final class Focus extends Reply {
    final boolean focused;

    Focus(boolean focused) {
      this.focused = focused;
    }
  }

  /** The answer to OSC 11: {@code spec} is what follows "11;" (e.g. {@code rgb:ffff/ffff/ffff}). */
  public static final class Background extends Reply {
    final String spec;

    Background(String spec) {
      this.spec = spec;
    }
  }

  /** The answer to Primary Device Attributes, which every terminal gives. */
  public static final class DeviceAttributes extends Reply {}

  public static final KeyDecodingProfile PROFILE =
      new KeyDecodingProfile() {
        private final List<CharacterPattern> patterns =
            List.of(
                new BasicCharacterPattern(new Focus(true), '\u001b', '[', 'I'),
                new BasicCharacterPattern(new Focus(false), '\u001b', '[', 'O'),
                TerminalReplies::background,
                TerminalReplies::deviceAttributes);

        @Override
        public Collection<CharacterPattern> getPatterns() {
          return patterns;
        }
      };

  /** {@code ESC ] 11 ; spec} ended by BEL or ST ({@code ESC \}). */
  static CharacterPattern.Matching background(List<Character> seq) {
    String prefix = "\u001b]11;";
    int n = seq.size();
    if (!startsLike(seq, prefix)) {
      return null;
    }
    if (n <= prefix.length()) {
      return CharacterPattern.Matching.NOT_YET;
    }
    StringBuilder spec = new StringBuilder();
    for (int i = prefix.length(); i < n; i++) {
      char c = seq.get(i);
      if (c == '\u0007') {
        return i == n - 1 ? new CharacterPattern.Matching(new Background(spec.toString())) : null;
      }
      if (c == '\u001b') {
        if (i == n - 1) {
          return CharacterPattern.Matching.NOT_YET;
        }
        return i == n - 2 && seq.get(i + 1) == '\\'
            ? new CharacterPattern.Matching(new Background(spec.toString()))
            : null;
      }
      if (c < 0x20 || c > 0x7e) {
        return null;
      }
      spec.append(c);
    }
    return n < MAX_REPLY ? CharacterPattern.Matching.NOT_YET : null;
  }

  /** {@code ESC [ ?} digits and semicolons {@code c}. */
  static CharacterPattern.Matching deviceAttributes(List<Character> seq) {
    String prefix = "\u001b[?";
    int n = seq.size();
    if (!startsLike(seq, prefix)) {
      return null;
    }
    for (int i = prefix.length(); i < n; i++) {
      char c = seq.get(i);
      if (c == 'c') {
        return i == n - 1 && i > prefix.length()
            ? new CharacterPattern.Matching(new DeviceAttributes())
            : null;
      }
      if (!(c == ';' || (c >= '0' && c <= '9'))) {
        return null;
      }
    }
    return n < MAX_REPLY ? CharacterPattern.Matching.NOT_YET : null;
  }

  /** Whether {@code seq} and {@code prefix} agree as far as both go. */
  private static boolean startsLike(List<Character> seq, String prefix) {
    for (int i = 0; i < Math.min(seq.size(), prefix.length()); i++) {
      if (seq.get(i) != prefix.charAt(i)) {
        return false;
      }
    }
    return true;
  }
}

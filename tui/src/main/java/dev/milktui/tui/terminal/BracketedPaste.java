package dev.milktui.tui.terminal;

import com.googlecode.lanterna.input.BasicCharacterPattern;
import com.googlecode.lanterna.input.CharacterPattern;
import com.googlecode.lanterna.input.KeyDecodingProfile;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.util.Collection;
import java.util.List;

/**
 * Bracketed paste (xterm mode 2004): the terminal wraps pasted text in ESC[200~ … ESC[201~, so a
 * paste can be told from typing. Lanterna 3.1.5 does not know the markers (it would decode them as
 * Alt+[ and four characters); {@link #MARKERS} teaches its decoder, and {@link TerminalInputScreen}
 * joins what lies between them into one {@link Paste}.
 */
public final class BracketedPaste {
  static final String ENABLE = "\u001b[?2004h";
  static final String DISABLE = "\u001b[?2004l";

  /** The start or end marker, as decoded. */
  public static final class Marker extends KeyStroke {
    final boolean start;

    public Marker(boolean start) {
      super(KeyType.Unknown);
      this.start = start;
    }
  }

  /** A whole paste, delivered as one key stroke. */
  public static final class Paste extends KeyStroke {
    private final String text;

    public Paste(String text) {
      super(KeyType.Unknown);
      this.text = text;
    }

    public String text() {
      return text;
    }

    /** The text for a one-line field: each line break or tab becomes a space. */
    public String asOneLine() {
      return text.replaceAll("[\\n\\t]", " ");
    }
  }

  public static final KeyDecodingProfile MARKERS =
      new KeyDecodingProfile() {
        private final List<CharacterPattern> patterns =
            List.of(
                new BasicCharacterPattern(new Marker(true), '\u001b', '[', '2', '0', '0', '~'),
                new BasicCharacterPattern(new Marker(false), '\u001b', '[', '2', '0', '1', '~'));

        @Override
        public Collection<CharacterPattern> getPatterns() {
          return patterns;
        }
      };

  private BracketedPaste() {}

  /**
   * Collects the text of a paste from the keys decoded between the markers. Line ends arrive as
   * Enter (CR), Ctrl+J (LF) or both (CRLF); each becomes one newline.
   */
  static final class Collector {
    private final StringBuilder text = new StringBuilder();
    private boolean afterCr;

    void add(KeyStroke key) {
      boolean lf =
          key.getKeyType() == KeyType.Character && key.isCtrlDown() && key.getCharacter() == 'j';
      if (key.getKeyType() == KeyType.Enter || (lf && !afterCr)) {
        text.append('\n');
      } else if (key.getKeyType() == KeyType.Tab) {
        text.append('\t');
      } else if (key.getKeyType() == KeyType.Character && !key.isCtrlDown()) {
        text.append(key.getCharacter());
      }
      afterCr = key.getKeyType() == KeyType.Enter;
    }

    Paste paste() {
      return new Paste(text.toString());
    }
  }
}

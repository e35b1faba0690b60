package dev.milktui.tui.terminal;

import com.googlecode.lanterna.screen.Screen;
import dev.milktui.tui.text.Sanitizer;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.tinylog.Logger;

/**
 * What milk-tui tells the terminal outside the screen's cells: the bell, a desktop notification
 * (OSC 9, as iTerm2, WezTerm, kitty and Ghostty show it, and OSC 777 {@code notify}, as foot,
 * urxvt, Ghostty and WezTerm do; inside tmux both go through its passthrough, which reaches the
 * outer terminal where {@code allow-passthrough} is on) and the title (OSC 2). The first title
 * change saves the user's title on the terminal's title stack (XTWINOPS 22), and {@link #leave}
 * blanks it and takes the saved one back (23): terminals without the stack keep a blank title, not
 * milk-tui's. Every text is cleaned of controls, so nothing Claude wrote can end a sequence early.
 * Written on the GUI thread, through the terminal Lanterna writes to.
 */
public final class TerminalSignals {
  static final String BELL = "\u0007";
  static final String ST = "\u001b\\";
  static final String SAVE_TITLE = "\u001b[22;0t";
  static final String RESTORE_TITLE = "\u001b[23;0t";
  private static final int MAX_TITLE = 80;
  private static final int MAX_BODY = 240;

  /** Where the bytes go; an error there is logged, never thrown at the UI. */
  interface Sink {
    void write(byte[] bytes) throws IOException;
  }

  /** For a screen that has no real terminal behind it (tests' virtual terminals): says nothing. */
  public static final TerminalSignals NONE =
      new TerminalSignals(null, false, StandardCharsets.UTF_8);

  private final Sink sink;
  private final boolean tmux;
  private final Charset charset;
  private boolean titled;

  TerminalSignals(Sink sink, boolean tmux, Charset charset) {
    this.sink = sink;
    this.tmux = tmux;
    this.charset = charset;
  }

  /** The signals of {@code screen}'s terminal, or {@link #NONE} when it has no raw output. */
  public static TerminalSignals of(Screen screen) {
    return screen instanceof TerminalInputScreen s ? s.signals() : NONE;
  }

  /** The bell; with {@code desktop}, a desktop notification too. */
  public void notify(String title, String body, boolean desktop) {
    StringBuilder out = new StringBuilder(BELL);
    if (desktop) {
      String t = text(title, MAX_TITLE);
      String b = text(body, MAX_BODY);
      out.append(passthrough(osc("9;" + t + ": " + b)));
      out.append(passthrough(osc("777;notify;" + t.replace(';', ',') + ";" + b)));
    }
    write(out.toString());
  }

  /** Sets the window title; the first time, the user's is saved first. */
  public void title(String title) {
    String set = osc("2;" + text(title, MAX_TITLE));
    write(titled ? set : SAVE_TITLE + set);
    titled = true;
  }

  /** The end of the run: the user's title back, where milk-tui changed it. */
  public void leave() {
    if (titled) {
      write(osc("2;") + RESTORE_TITLE);
      titled = false;
    }
  }

  private static String osc(String body) {
    return "\u001b]" + body + ST;
  }

  /**
   * Inside tmux, a sequence tmux does not know reaches the outer terminal only wrapped in its
   * passthrough (every ESC doubled).
   */
  private String passthrough(String sequence) {
    return tmux ? "\u001bPtmux;" + sequence.replace("\u001b", "\u001b\u001b") + ST : sequence;
  }

  /** One line, no controls of any kind (C0, C1, DEL, bidi), at most {@code max} characters. */
  static String text(String text, int max) {
    String line = Sanitizer.oneLine(text == null ? "" : text);
    StringBuilder out = new StringBuilder(Math.min(line.length(), max));
    for (int i = 0; i < line.length() && out.length() < max; ) {
      int c = line.codePointAt(i);
      i += Character.charCount(c);
      if (c >= 0x20 && (c < 0x7f || c > 0x9f)) {
        out.appendCodePoint(c);
      }
    }
    return out.toString();
  }

  private void write(String sequence) {
    if (sink == null) {
      return;
    }
    try {
      sink.write(sequence.getBytes(charset));
    } catch (IOException | RuntimeException e) {
      Logger.warn(e, "could not signal the terminal");
    }
  }
}

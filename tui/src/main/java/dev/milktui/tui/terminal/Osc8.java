package dev.milktui.tui.terminal;

import dev.milktui.tui.text.LinkedText;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * OSC 8 hyperlink escapes ({@code ESC ] 8 ; ; URL ESC \} before a link's cells, {@code ESC ] 8 ; ;
 * ESC \} after). The URL goes into the terminal's control stream, so only a safe one is written: an
 * http, https, file or mailto URL, whose bytes are all printable ASCII once every other byte (a
 * control, C1, non-ASCII: a Unicode host or path) is percent-encoded as RFC 3986 does, and at most
 * {@link #MAX_LENGTH} characters long. Anything else gets no link; its text still shows.
 */
public final class Osc8 {
  static final int MAX_LENGTH = 2000;
  public static final String CLOSE = "\u001b]8;;\u001b\\";
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private Osc8() {}

  /** The escape that opens a link to {@code url}, or empty when the URL may not be written. */
  public static Optional<String> open(String url) {
    return safe(url).map(u -> "\u001b]8;;" + u + "\u001b\\");
  }

  /** {@code url} percent-encoded to printable ASCII, or empty when it may not be written. */
  static Optional<String> safe(String url) {
    if (url == null || !LinkedText.allowedScheme(url)) {
      return Optional.empty();
    }
    StringBuilder out = new StringBuilder(url.length());
    for (byte b : url.getBytes(StandardCharsets.UTF_8)) {
      int v = b & 0xff;
      if (v > 0x20 && v < 0x7f) {
        out.append((char) v);
      } else {
        out.append('%').append(HEX[v >> 4]).append(HEX[v & 0xf]);
      }
      if (out.length() > MAX_LENGTH) {
        return Optional.empty();
      }
    }
    return Optional.of(out.toString());
  }
}

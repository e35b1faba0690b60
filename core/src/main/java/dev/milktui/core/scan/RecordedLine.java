package dev.milktui.core.scan;

import dev.milktui.core.protocol.Utf8Bytes;
import dev.milktui.core.record.RecordFile;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The claude line inside a session record entry as {@link dev.milktui.core.record.RecordFile}
 * writes it, {@code {"ts":"…","dir":"cli","line":"…"}}, read without building the entry: the string
 * is unescaped in place, in the entry's own bytes (JSON escapes are never shorter than the UTF-8
 * they stand for), so a line of any size costs no copy. Entries of another shape are left to the
 * general path.
 */
public final class RecordedLine {
  private static final byte[] START = Utf8Bytes.ascii("{\"ts\":\"");
  private static final byte[] DIR = Utf8Bytes.ascii("\",\"dir\":\"");
  private static final byte[] CLI = Utf8Bytes.ascii(RecordFile.FROM_CLAUDE);
  private static final byte[] LINE = Utf8Bytes.ascii("\",\"line\":\"");
  private static final byte[] HOST = Utf8Bytes.ascii("\",\"dir\":\"host\",\"line\":\"");

  /** The bytes that end a plain run inside a JSON string: a quote, a backslash, a control. */
  private static final boolean[] SPECIAL = new boolean[256];

  static {
    for (int b = 0; b < 0x20; b++) {
      SPECIAL[b] = true;
    }
    SPECIAL['"'] = true;
    SPECIAL['\\'] = true;
  }

  /** Thrown when the entry's string or what follows it is not well-formed JSON. */
  public static final class Malformed extends Exception {
    private static final long serialVersionUID = 1L;

    Malformed(String message) {
      super(message, null, false, false);
    }
  }

  private RecordedLine() {}

  /**
   * Where the recorded line's string starts (after its quote) when the entry has the exact shape
   * milk-tui writes for a line from claude, else -1.
   */
  public static int start(byte[] bytes, int offset, int length) {
    return lineStart(bytes, offset, length, true);
  }

  /**
   * Whether the line is an entry of that exact shape of what milk-tui sent or of stderr (any
   * direction written in plain letters but claude's), whose string is well-formed and closes the
   * entry: such an entry tells a scan nothing, and is settled here without Jackson. Anything else
   * (a malformed one too, so that its reason is the general path's) is not.
   */
  static boolean isWellFormedOtherEntry(byte[] bytes, int offset, int length) {
    int start = lineStart(bytes, offset, length, false);
    return start >= 0 && stringCloses(bytes, start, offset + length, false);
  }

  /**
   * Where the line's string starts when the entry has the exact shape milk-tui writes for a line it
   * sent to claude, and the string unescaped in place ({@link #unescape}) is byte for byte what a
   * decoder of the entry would encode again: the time plain ASCII, the string well-formed UTF-8
   * with no escaped surrogate (a lone one is encoded otherwise), the entry closing after it. Else
   * -1: the general path reads it.
   */
  public static int hostStart(byte[] bytes, int offset, int length) {
    int end = offset + length;
    int start = lineStart(bytes, offset, length, false);
    if (start < 0 || !Utf8Bytes.startsWith(bytes, start - HOST.length, end, HOST)) {
      return -1;
    }
    for (int at = offset + START.length; bytes[at] != '"'; at++) {
      if (bytes[at] < 0) {
        return -1;
      }
    }
    return stringCloses(bytes, start, end, true) ? start : -1;
  }

  /**
   * Where the entry's string starts when the entry has the exact shape milk-tui writes and its
   * direction is claude's or, for {@code fromClaude} false, another written in plain letters; else
   * -1. The time must be plain: an escape or a control in it is left to the general path, which
   * reads it as Jackson does.
   */
  private static int lineStart(byte[] bytes, int offset, int length, boolean fromClaude) {
    int end = offset + length;
    if (!Utf8Bytes.startsWith(bytes, offset, end, START)) {
      return -1;
    }
    int at = offset + START.length;
    while (at < end && bytes[at] != '"') {
      if (bytes[at] == '\\' || (bytes[at] >= 0 && bytes[at] < 0x20)) {
        return -1;
      }
      at++;
    }
    if (!Utf8Bytes.startsWith(bytes, at, end, DIR)) {
      return -1;
    }
    at += DIR.length;
    int word = at;
    while (at < end && bytes[at] >= 'a' && bytes[at] <= 'z') {
      at++;
    }
    boolean claude = at - word == CLI.length && Utf8Bytes.startsWith(bytes, word, end, CLI);
    if (at == word || claude != fromClaude) {
      return -1;
    }
    return Utf8Bytes.startsWith(bytes, at, end, LINE) ? at + LINE.length : -1;
  }

  /**
   * Whether the string from {@code start} is well-formed JSON and the entry closes after it; for
   * {@code exact}, also whether unescaping it in place ({@link #unescape}) gives what a decoder of
   * the entry would encode again: well-formed UTF-8 and no escaped surrogate (a lone one is encoded
   * otherwise).
   */
  private static boolean stringCloses(byte[] bytes, int start, int end, boolean exact) {
    int at = start;
    while (at < end) {
      byte b = bytes[at];
      if (b < 0 && exact) {
        int sequence = Utf8Bytes.wellFormed(bytes, at, end);
        if (sequence == 0) {
          return false;
        }
        at += sequence;
      } else if (!SPECIAL[b & 0xFF]) {
        at++;
      } else if (b == '"') {
        return closes(bytes, at + 1, end);
      } else if (b != '\\' || at + 1 >= end) {
        return false;
      } else {
        switch (bytes[at + 1]) {
          case '"', '\\', '/', 'n', 'r', 't', 'b', 'f' -> at += 2;
          case 'u' -> {
            int unit = at + 6 <= end ? Utf8Bytes.hex4(bytes, at + 2) : -1;
            if (unit < 0 || (exact && Character.isSurrogate((char) unit))) {
              return false;
            }
            at += 6;
          }
          default -> {
            return false;
          }
        }
      }
    }
    return false;
  }

  /**
   * A JSON string (its quotes included) looked for in a line while {@link #unescape} writes it:
   * every quote of the line comes from an escape, so it is checked for only where one ends, instead
   * of in a search of its own over the whole line. A unicode escape of the line's own could spell
   * it too, so one counts as seen: the caller parses the line to know.
   */
  public static final class Watched {
    private final byte[] quoted;
    private boolean seen;

    /** {@code quoted}: ASCII, opening and closing with a quote. */
    public Watched(String quoted) {
      this.quoted = quoted.getBytes(StandardCharsets.US_ASCII);
    }

    /** Whether the line last unescaped with it may hold the string (see above). */
    public boolean seen() {
      return seen;
    }

    /**
     * After a unicode escape of the entry's wrote {@code codePoint}: whether it closed the string,
     * or made a backslash and a {@code u} of the line's own escape with the bytes around it.
     */
    private boolean afterUnicode(
        byte[] bytes, int start, int write, int codePoint, int read, int end) {
      return switch (codePoint) {
        case '"' -> endsAt(bytes, start, write);
        case '\\' -> read < end && bytes[read] == 'u';
        case 'u' -> write - 2 >= start && bytes[write - 2] == '\\';
        default -> false;
      };
    }

    /** Whether the unescaped bytes from {@code start} to {@code end} (a quote) end with it. */
    private boolean endsAt(byte[] bytes, int start, int end) {
      int from = end - quoted.length;
      if (from < start || bytes[end - 2] != quoted[quoted.length - 2]) {
        return false;
      }
      return Arrays.equals(bytes, from, end, quoted, 0, quoted.length);
    }
  }

  /**
   * Unescapes the string that starts at {@code start} in place and returns where the unescaped line
   * ends; the entry must close right after the string.
   */
  public static int unescape(byte[] bytes, int start, int end) throws Malformed {
    return unescape(bytes, start, end, null);
  }

  /** {@link #unescape(byte[], int, int)}, telling {@code watched} whether the line holds it. */
  public static int unescape(byte[] bytes, int start, int end, Watched watched) throws Malformed {
    if (watched != null) {
      watched.seen = false;
    }
    // Up to the first escape nothing moves.
    int read = start;
    while (read < end && !SPECIAL[bytes[read] & 0xFF]) {
      read++;
    }
    int write = read;
    while (true) {
      if (read >= end) {
        throw new Malformed("the recorded line's string is not closed");
      }
      byte b = bytes[read++];
      if (b == '"') {
        break;
      }
      if (b != '\\') {
        throw new Malformed("a control character inside the recorded line's string");
      }
      if (read >= end) {
        throw new Malformed("the recorded line's string is not closed");
      }
      byte escape = bytes[read++];
      switch (escape) {
        case '"' -> {
          bytes[write++] = escape;
          if (watched != null && watched.endsAt(bytes, start, write)) {
            watched.seen = true;
          }
        }
        case '\\' -> {
          bytes[write++] = escape;
          if (watched != null && read < end && bytes[read] == 'u') {
            watched.seen = true;
          }
        }
        case '/' -> bytes[write++] = escape;
        case 'n' -> bytes[write++] = '\n';
        case 'r' -> bytes[write++] = '\r';
        case 't' -> bytes[write++] = '\t';
        case 'b' -> bytes[write++] = '\b';
        case 'f' -> bytes[write++] = '\f';
        case 'u' -> {
          int unit = hex4(bytes, read, end);
          read += 4;
          int codePoint = unit;
          if (Character.isHighSurrogate((char) unit)
              && read + 6 <= end
              && bytes[read] == '\\'
              && bytes[read + 1] == 'u') {
            int low = hex4(bytes, read + 2, end);
            if (Character.isLowSurrogate((char) low)) {
              codePoint = Character.toCodePoint((char) unit, (char) low);
              read += 6;
            }
          }
          write = utf8(bytes, write, codePoint);
          if (watched != null && watched.afterUnicode(bytes, start, write, codePoint, read, end)) {
            watched.seen = true;
          }
        }
        default -> throw new Malformed("an unknown escape in the recorded line's string");
      }
      // The plain run up to the next escape moves byte by byte: every quote of the recorded line
      // is escaped, so runs are mostly a few bytes, too short for a copy call to pay.
      while (read < end) {
        byte plain = bytes[read];
        if (SPECIAL[plain & 0xFF]) {
          break;
        }
        bytes[write++] = plain;
        read++;
      }
    }
    if (!closes(bytes, read, end)) {
      throw new Malformed("the record entry does not end after its line");
    }
    return write;
  }

  /** Whether the entry ends from {@code from}, just after its string: a '}' among blanks. */
  static boolean closes(byte[] bytes, int from, int end) {
    int at = from;
    while (at < end && isBlank(bytes[at])) {
      at++;
    }
    if (at == end || bytes[at] != '}') {
      return false;
    }
    for (at++; at < end; at++) {
      if (!isBlank(bytes[at])) {
        return false;
      }
    }
    return true;
  }

  private static boolean isBlank(byte b) {
    return b == ' ' || b == '\t' || b == '\r' || b == '\n';
  }

  private static int hex4(byte[] bytes, int at, int end) throws Malformed {
    if (at + 4 > end) {
      throw new Malformed("a \\u escape cut short in the recorded line's string");
    }
    int value = Utf8Bytes.hex4(bytes, at);
    if (value < 0) {
      throw new Malformed("a \\u escape with a non-hex digit in the recorded line's string");
    }
    return value;
  }

  /**
   * Writes one code point as UTF-8; a lone surrogate becomes U+FFFD, as a decoder would read it.
   */
  private static int utf8(byte[] bytes, int at, int codePoint) {
    int c = Character.isSurrogate((char) codePoint) && codePoint < 0x10000 ? 0xFFFD : codePoint;
    if (c < 0x80) {
      bytes[at++] = (byte) c;
    } else if (c < 0x800) {
      bytes[at++] = (byte) (0xC0 | (c >> 6));
      bytes[at++] = (byte) (0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      bytes[at++] = (byte) (0xE0 | (c >> 12));
      bytes[at++] = (byte) (0x80 | ((c >> 6) & 0x3F));
      bytes[at++] = (byte) (0x80 | (c & 0x3F));
    } else {
      bytes[at++] = (byte) (0xF0 | (c >> 18));
      bytes[at++] = (byte) (0x80 | ((c >> 12) & 0x3F));
      bytes[at++] = (byte) (0x80 | ((c >> 6) & 0x3F));
      bytes[at++] = (byte) (0x80 | (c & 0x3F));
    }
    return at;
  }
}

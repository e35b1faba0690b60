package dev.milktui.core.scan;

import dev.milktui.core.protocol.ByteWords;
import java.nio.charset.StandardCharsets;

/**
 * Settles most of a scan's lines from their bytes alone, in one pass that builds nothing: a status
 * line, a streamed delta, a control message or an init tell a scan only their session id (and an
 * init its working directory and version), so for them the line is checked to be one well-formed
 * JSON object and those few top-level strings are read. Every other line — Claude's messages, tool
 * results, results, permission denials, a tool call's start, and any line this
 * stricter-than-Jackson check does not accept (an escape in a read value, a deep nesting, a long
 * number, a byte-order mark) — is left to {@link LineSkim}, so the report is the same either way.
 */
final class LineTriage {
  /** Deeper lines go to Jackson, whose own limit is far higher. */
  private static final int MAX_DEPTH = 64;

  /** Jackson caps a number's length; longer ones go to Jackson. */
  private static final int MAX_NUMBER_CHARS = 100;

  /** Jackson caps a string it reads into a tree; lines that could hold one go to Jackson. */
  private static final int MAX_LINE_BYTES = 16 * 1024 * 1024;

  /**
   * Bytes that end a plain run inside a string: a quote, a backslash, a control, and a byte of a
   * character beyond ASCII (a value holding one is not read here).
   */
  private static final boolean[] STOP = new boolean[256];

  static {
    for (int b = 0; b < 0x20; b++) {
      STOP[b] = true;
    }
    for (int b = 0x80; b < 0x100; b++) {
      STOP[b] = true;
    }
    STOP['"'] = true;
    STOP['\\'] = true;
  }

  private static final long QUOTES = ByteWords.repeated('"');
  private static final long BACKSLASHES = ByteWords.repeated('\\');

  private static final byte[] TYPE = ascii("type");
  private static final byte[] SUBTYPE = ascii("subtype");
  private static final byte[] SESSION_ID = ascii("session_id");
  private static final byte[] CWD = ascii("cwd");
  private static final byte[] VERSION = ascii("claude_code_version");
  private static final byte[] EVENT = ascii("event");
  private static final byte[] ASSISTANT = ascii("assistant");
  private static final byte[] USER = ascii("user");
  private static final byte[] RESULT = ascii("result");
  private static final byte[] SYSTEM = ascii("system");
  private static final byte[] INIT = ascii("init");
  private static final byte[] PERMISSION_DENIED = ascii("permission_denied");
  private static final byte[] STREAM_EVENT = ascii("stream_event");
  private static final byte[] CONTENT_BLOCK_START = ascii("content_block_start");
  private static final byte[] OPENS_ASSISTANT = ascii("{\"type\":\"assistant\",");
  private static final byte[] OPENS_USER = ascii("{\"type\":\"user\",");

  /** Field slots: where each read value starts and ends; -1 when absent or not a string. */
  private static final int F_TYPE = 0;

  private static final int F_SUBTYPE = 1;
  private static final int F_SESSION = 2;
  private static final int F_CWD = 3;
  private static final int F_VERSION = 4;
  private static final int F_EVENT_TYPE = 5;
  private static final int FIELDS = 6;

  private static final byte[][] NAMES = {TYPE, SUBTYPE, SESSION_ID, CWD, VERSION};

  private final int[] starts = new int[FIELDS];
  private final int[] ends = new int[FIELDS];
  private byte[] bytes;
  private int at;
  private int end;

  /** Thrown inside the check for anything it does not settle; the line goes to Jackson. */
  private static final class NotSettled extends Exception {
    private static final long serialVersionUID = 1L;
    private static final NotSettled INSTANCE = new NotSettled();

    private NotSettled() {
      super(null, null, false, false);
    }
  }

  /**
   * What a scan reads of this line, when its bytes settle it; null when the line must be skimmed by
   * {@link LineSkim} (it matters to the report, or it is not plainly well-formed).
   */
  LineOutcome.Facts facts(byte[] line, int offset, int length) {
    if (length > MAX_LINE_BYTES || opensAsSkimmed(line, offset, length)) {
      return null;
    }
    bytes = line;
    at = offset;
    end = offset + length;
    java.util.Arrays.fill(starts, -1);
    java.util.Arrays.fill(ends, -1);
    try {
      whitespace();
      if (next() != '{') {
        return null;
      }
      object(1, true, false);
      whitespace();
      if (at != end) {
        return null;
      }
      return settled() ? found() : null;
    } catch (NotSettled e) {
      return null;
    } finally {
      bytes = null;
    }
  }

  /**
   * Whether the line opens as claude's messages do, {@code {"type":"assistant"} or {@code
   * {"type":"user"}: those are skimmed whatever follows, so checking them here first would only
   * read them twice.
   */
  private static boolean opensAsSkimmed(byte[] line, int offset, int length) {
    return startsWith(line, offset, length, OPENS_ASSISTANT)
        || startsWith(line, offset, length, OPENS_USER);
  }

  private static boolean startsWith(byte[] line, int offset, int length, byte[] start) {
    if (length < start.length) {
      return false;
    }
    for (int i = 0; i < start.length; i++) {
      if (line[offset + i] != start[i]) {
        return false;
      }
    }
    return true;
  }

  /** Whether the line tells a scan nothing but the fields read here. */
  private boolean settled() {
    if (starts[F_TYPE] < 0 || holds(F_TYPE, ASSISTANT) || holds(F_TYPE, USER)) {
      return false;
    }
    if (holds(F_TYPE, SYSTEM)) {
      return !holds(F_SUBTYPE, PERMISSION_DENIED);
    }
    if (holds(F_TYPE, STREAM_EVENT)) {
      return !holds(F_EVENT_TYPE, CONTENT_BLOCK_START);
    }
    return !holds(F_TYPE, RESULT);
  }

  private boolean holds(int field, byte[] word) {
    return starts[field] >= 0 && is(starts[field], ends[field], word);
  }

  /** The facts as the live parser maps them: an init's folder and version, any line's session. */
  private LineOutcome.Facts found() {
    boolean init = holds(F_TYPE, SYSTEM) && holds(F_SUBTYPE, INIT);
    return new LineOutcome.Facts(
        value(F_SESSION), init ? value(F_CWD) : null, init ? value(F_VERSION) : null);
  }

  private String value(int field) {
    int start = starts[field];
    return start < 0 ? null : new String(bytes, start, ends[field] - start, StandardCharsets.UTF_8);
  }

  /**
   * The object whose '{' was just read; {@code top} reads the line's fields, {@code event} its
   * type.
   */
  private void object(int depth, boolean top, boolean event) throws NotSettled {
    if (depth > MAX_DEPTH) {
      throw NotSettled.INSTANCE;
    }
    whitespace();
    if (peek() == '}') {
      at++;
      return;
    }
    while (true) {
      whitespace();
      if (next() != '"') {
        throw NotSettled.INSTANCE;
      }
      int nameStart = at;
      boolean plainName = string();
      int nameEnd = at - 1;
      whitespace();
      if (next() != ':') {
        throw NotSettled.INSTANCE;
      }
      whitespace();
      int field = -1;
      boolean eventField = false;
      if (top || event) {
        if (!plainName) {
          // An escaped name may spell a field that matters: Jackson reads it.
          throw NotSettled.INSTANCE;
        }
        if (event) {
          field = is(nameStart, nameEnd, TYPE) ? F_EVENT_TYPE : -1;
        } else {
          field = topField(nameStart, nameEnd);
          eventField = is(nameStart, nameEnd, EVENT);
          if (eventField) {
            starts[F_EVENT_TYPE] = -1;
            ends[F_EVENT_TYPE] = -1;
          }
        }
      }
      value(depth, field, eventField);
      whitespace();
      byte b = next();
      if (b == '}') {
        return;
      }
      if (b != ',') {
        throw NotSettled.INSTANCE;
      }
    }
  }

  private int topField(int start, int stop) {
    for (int field = 0; field < NAMES.length; field++) {
      if (is(start, stop, NAMES[field])) {
        return field;
      }
    }
    return -1;
  }

  /**
   * One value; a read {@code field} keeps where its string is, or -1 for a value of another kind.
   */
  private void value(int depth, int field, boolean eventField) throws NotSettled {
    byte b = next();
    if (field >= 0) {
      starts[field] = -1;
      ends[field] = -1;
    }
    switch (b) {
      case '"' -> {
        int start = at;
        if (!string()) {
          if (field >= 0) {
            throw NotSettled.INSTANCE;
          }
          return;
        }
        if (field >= 0) {
          starts[field] = start;
          ends[field] = at - 1;
        }
      }
      case '{' -> object(depth + 1, false, eventField);
      case '[' -> array(depth + 1);
      case 't' -> literal("rue");
      case 'f' -> literal("alse");
      case 'n' -> literal("ull");
      default -> {
        at--;
        number();
      }
    }
  }

  private void array(int depth) throws NotSettled {
    if (depth > MAX_DEPTH) {
      throw NotSettled.INSTANCE;
    }
    whitespace();
    if (peek() == ']') {
      at++;
      return;
    }
    while (true) {
      whitespace();
      value(depth, -1, false);
      whitespace();
      byte b = next();
      if (b == ']') {
        return;
      }
      if (b != ',') {
        throw NotSettled.INSTANCE;
      }
    }
  }

  /**
   * The rest of a string whose opening quote was read; true when it is plain ASCII without escapes
   * (the only strings whose value is used). Bytes of other scripts pass unchecked: Jackson reads
   * invalid UTF-8 as U+FFFD, so it never makes the line malformed.
   */
  private boolean string() throws NotSettled {
    boolean plain = true;
    // Locals, not fields, in the loop every byte of a string passes: the quick JIT keeps them in
    // registers.
    byte[] in = bytes;
    int stop = end;
    int i = at;
    while (true) {
      i = plainRun(in, i, stop);
      if (i >= stop) {
        throw NotSettled.INSTANCE;
      }
      byte b = in[i++];
      if (b == '"') {
        at = i;
        return plain;
      }
      plain = false;
      if (b < 0) {
        continue;
      }
      if (b != '\\') {
        throw NotSettled.INSTANCE;
      }
      at = i;
      escape();
      i = at;
    }
  }

  /** Where the plain run from {@code i} ends: eight bytes at a time, then one by one. */
  private static int plainRun(byte[] in, int i, int stop) {
    for (; i + Long.BYTES <= stop; i += Long.BYTES) {
      long word = ByteWords.word(in, i);
      long stops =
          ByteWords.nonAscii(word)
              | ByteWords.below(word, 0x20)
              | ByteWords.equalTo(word, QUOTES)
              | ByteWords.equalTo(word, BACKSLASHES);
      if (stops != 0) {
        return i + ByteWords.first(stops);
      }
    }
    while (i < stop && !STOP[in[i] & 0xFF]) {
      i++;
    }
    return i;
  }

  private void escape() throws NotSettled {
    switch (next()) {
      case '"', '\\', '/', 'b', 'f', 'n', 'r', 't' -> {}
      case 'u' -> {
        for (int i = 0; i < 4; i++) {
          if (Character.digit(next(), 16) < 0) {
            throw NotSettled.INSTANCE;
          }
        }
      }
      default -> throw NotSettled.INSTANCE;
    }
  }

  private void literal(String rest) throws NotSettled {
    for (int i = 0; i < rest.length(); i++) {
      if (next() != rest.charAt(i)) {
        throw NotSettled.INSTANCE;
      }
    }
  }

  /** JSON's number grammar exactly: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
  private void number() throws NotSettled {
    int start = at;
    if (peek() == '-') {
      at++;
    }
    if (peek() == '0') {
      at++;
    } else if (!digits()) {
      throw NotSettled.INSTANCE;
    }
    if (peek() == '.') {
      at++;
      if (!digits()) {
        throw NotSettled.INSTANCE;
      }
    }
    if (peek() == 'e' || peek() == 'E') {
      at++;
      if (peek() == '+' || peek() == '-') {
        at++;
      }
      if (!digits()) {
        throw NotSettled.INSTANCE;
      }
    }
    if (at - start > MAX_NUMBER_CHARS) {
      throw NotSettled.INSTANCE;
    }
  }

  private boolean digits() {
    int start = at;
    while (at < end && bytes[at] >= '0' && bytes[at] <= '9') {
      at++;
    }
    return at > start;
  }

  private void whitespace() {
    while (at < end) {
      byte b = bytes[at];
      if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
        return;
      }
      at++;
    }
  }

  private byte peek() {
    return at < end ? bytes[at] : 0;
  }

  private byte next() throws NotSettled {
    if (at >= end) {
      throw NotSettled.INSTANCE;
    }
    return bytes[at++];
  }

  private boolean is(int start, int stop, byte[] name) {
    if (stop - start != name.length) {
      return false;
    }
    for (int i = 0; i < name.length; i++) {
      if (bytes[start + i] != name[i]) {
        return false;
      }
    }
    return true;
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }
}

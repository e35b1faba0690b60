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
 *
 * <p>A session record's line from claude is triaged as it lies in the entry, still escaped inside
 * the entry's string ({@link #recordedFacts}): most of a record's lines are settled this way and
 * never unescaped. The rules are those of the unescaped line, read through the entry's escapes;
 * anything beyond the escapes a JSON writer makes of a compact line leaves the line to the general
 * path.
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

  /** How a line triaged here opens, and how claude's messages open; as they are, and escaped. */
  private static final byte[][] OPENINGS = {
    ascii("{\"type\":\""), ascii("{\"type\":\"assistant\","), ascii("{\"type\":\"user\",")
  };

  private static final byte[][] ESCAPED_OPENINGS = {
    ascii("{\\\"type\\\":\\\""),
    ascii("{\\\"type\\\":\\\"assistant\\\","),
    ascii("{\\\"type\\\":\\\"user\\\",")
  };

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

  /** Whether the line is read inside a record entry's string, through its escapes. */
  private boolean escaped;

  /** Where the last string read ends, before its closing quote. */
  private int stringEnd;

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
    if (length > MAX_LINE_BYTES || !opensAsTriaged(line, offset, length, OPENINGS)) {
      return null;
    }
    return triage(line, offset, offset + length, false);
  }

  /**
   * What a scan reads of the line inside a session record entry, read in the entry's bytes from
   * {@code start}, just after the opening quote of the entry's string ({@link RecordedLine#start}),
   * to the entry's {@code end}; null when the line must be unescaped and skimmed. Settled only when
   * unescaping the line would succeed and {@link #facts} would settle it with the same facts.
   */
  LineOutcome.Facts recordedFacts(byte[] entry, int start, int end) {
    int length = end - start;
    if (length > MAX_LINE_BYTES || !opensAsTriaged(entry, start, length, ESCAPED_OPENINGS)) {
      return null;
    }
    return triage(entry, start, end, true);
  }

  /**
   * Whether the line is worth triaging: claude writes a line's type first, except on its results
   * (which are skimmed, type first or not); its messages open with {@code {"type":"assistant"} or
   * {@code {"type":"user"} and are skimmed whatever follows. Checking those here first would only
   * read them twice.
   */
  private static boolean opensAsTriaged(byte[] line, int offset, int length, byte[][] openings) {
    return startsWith(line, offset, length, openings[0])
        && !startsWith(line, offset, length, openings[1])
        && !startsWith(line, offset, length, openings[2]);
  }

  private LineOutcome.Facts triage(byte[] line, int start, int stop, boolean inEntry) {
    bytes = line;
    at = start;
    end = stop;
    escaped = inEntry;
    java.util.Arrays.fill(starts, -1);
    java.util.Arrays.fill(ends, -1);
    try {
      whitespace();
      if (next() != '{') {
        return null;
      }
      object(1, true, false);
      whitespace();
      if (escaped ? !closesEntry() : at != end) {
        return null;
      }
      return settled() ? found() : null;
    } catch (NotSettled e) {
      return null;
    } finally {
      bytes = null;
    }
  }

  /** Whether the entry's string closes right after the line and the entry right after it. */
  private boolean closesEntry() {
    return at < end && bytes[at] == '"' && RecordedLine.closes(bytes, at + 1, end);
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
      if (!quote()) {
        throw NotSettled.INSTANCE;
      }
      int nameStart = at;
      boolean plainName = string();
      int nameEnd = stringEnd;
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
    if (field >= 0) {
      starts[field] = -1;
      ends[field] = -1;
    }
    if (quote()) {
      int start = at;
      if (!string()) {
        if (field >= 0) {
          throw NotSettled.INSTANCE;
        }
        return;
      }
      if (field >= 0) {
        starts[field] = start;
        ends[field] = stringEnd;
      }
      return;
    }
    switch (next()) {
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
   * Reads a quote that opens a string when one is next: {@code "}, or {@code \"} inside an entry.
   */
  private boolean quote() {
    if (!escaped) {
      if (at < end && bytes[at] == '"') {
        at++;
        return true;
      }
      return false;
    }
    if (at + 1 < end && bytes[at] == '\\' && bytes[at + 1] == '"') {
      at += 2;
      return true;
    }
    return false;
  }

  /**
   * The rest of a string whose opening quote was read; true when it is plain ASCII without escapes
   * (the only strings whose value is used; such a string's bytes are the same escaped in an entry).
   * Bytes of other scripts pass unchecked: Jackson reads invalid UTF-8 as U+FFFD, so it never makes
   * the line malformed.
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
        if (escaped) {
          // The entry's string ends inside the line's string.
          throw NotSettled.INSTANCE;
        }
        stringEnd = i - 1;
        at = i;
        return plain;
      }
      if (b < 0) {
        plain = false;
        continue;
      }
      if (b != '\\') {
        throw NotSettled.INSTANCE;
      }
      at = i;
      if (escaped && entryEscape()) {
        stringEnd = i - 1;
        return plain;
      }
      if (!escaped) {
        escape();
      }
      plain = false;
      i = at;
    }
  }

  /**
   * An escape of the entry's string inside one of the line's strings, after its backslash: true
   * when it is the string's closing quote. The line's own escapes are written with their backslash
   * escaped; a character written as a unicode escape is read as the content it stands for, unless
   * it would end the string or break it (a quote, a backslash, a control), which is left to the
   * general path, as are the controls the entry writes as {@code \n} and the like.
   */
  private boolean entryEscape() throws NotSettled {
    switch (next()) {
      case '"' -> {
        return true;
      }
      case '\\' -> lineEscape();
      case '/' -> {}
      case 'u' -> {
        int unit = hex4();
        if (unit < 0x20 || unit == '"' || unit == '\\') {
          throw NotSettled.INSTANCE;
        }
      }
      default -> throw NotSettled.INSTANCE;
    }
    return false;
  }

  /** The line's escape whose backslash was read in an entry: its letter, escaped if it must be. */
  private void lineEscape() throws NotSettled {
    if (peek() == '"') {
      // The entry's string ends right after the line's backslash.
      throw NotSettled.INSTANCE;
    }
    if (peek() != '\\') {
      escape();
      return;
    }
    at++;
    switch (next()) {
      case '"', '\\', '/' -> {}
      default -> throw NotSettled.INSTANCE;
    }
  }

  private int hex4() throws NotSettled {
    int unit = 0;
    for (int i = 0; i < 4; i++) {
      int digit = Character.digit(next(), 16);
      if (digit < 0) {
        throw NotSettled.INSTANCE;
      }
      unit = unit * 16 + digit;
    }
    return unit;
  }

  /** Where the plain run from {@code i} ends: eight bytes at a time, then one by one. */
  private static int plainRun(byte[] in, int i, int stop) {
    for (; i + Long.BYTES <= stop; i += Long.BYTES) {
      long stops = ByteWords.stringStops(ByteWords.word(in, i));
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
      case 'u' -> hex4();
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

  /**
   * Blanks between tokens; inside an entry only spaces (a tab or newline there is escaped, and the
   * general path reads it).
   */
  private void whitespace() {
    while (at < end) {
      byte b = bytes[at];
      if (b != ' ' && (escaped || (b != '\t' && b != '\r' && b != '\n'))) {
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

package dev.milktui.core.scan;

import dev.milktui.core.protocol.ByteWords;
import dev.milktui.core.protocol.Utf8Bytes;
import java.nio.charset.StandardCharsets;

/**
 * Settles most of a scan's lines from their bytes alone, in one pass that builds nothing: a status
 * line, a streamed delta, the start of a block of text, a control message or an init tell a scan
 * only their session id (and an init its working directory and version), so for them the line is
 * checked to be one well-formed JSON object and those few top-level strings are read. Claude's
 * messages are settled too when they plainly hold no call: a scan reads an assistant message only
 * for its tool calls and a user message only for its tool results, so a message of text, thinking
 * or a prompt tells it only its session id. Every other line — a message with a call block,
 * results, permission denials, a tool call's start, and any line this stricter-than-Jackson check
 * does not accept (an escape in a read value, a deep nesting, a long number, a byte-order mark) —
 * is left to {@link LineSkim}, so the report is the same either way.
 *
 * <p>A message is settled only when nothing in it could become a call however Jackson, {@link
 * LineSkim} and the parser read it. Every top-level {@code message} object is read, repeated ones
 * too (the skim keeps an earlier object when a repeated field is not one), and everything in its
 * {@code content}, whatever its shape: every object there, at any depth, is held to the rules of a
 * block. A block whose type is a call's ({@code tool_use}, {@code server_tool_use}, {@code
 * tool_result}) or a string with escapes (they could spell one), or a field name with escapes in a
 * message or a block (it could spell {@code content} or {@code type}), leaves the line to the
 * general path. A stream event's {@code content_block} is held to the rules of a block too: only a
 * call's start is read. The walk gives each value a role: the line, its event, its message, the
 * message's content, a block's type, or none; {@link #role} and {@link #element} are its
 * transitions.
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

  /**
   * Jackson caps a name's length (50,000 characters by default) and calls a longer one malformed; a
   * name of more bytes goes to Jackson.
   */
  private static final int MAX_NAME_BYTES = 50_000;

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

  private static final byte[] TYPE = Utf8Bytes.ascii("type");
  private static final byte[] SUBTYPE = Utf8Bytes.ascii("subtype");
  private static final byte[] SESSION_ID = Utf8Bytes.ascii("session_id");
  private static final byte[] CWD = Utf8Bytes.ascii("cwd");
  private static final byte[] VERSION = Utf8Bytes.ascii("claude_code_version");
  private static final byte[] EVENT = Utf8Bytes.ascii("event");
  private static final byte[] MESSAGE = Utf8Bytes.ascii("message");
  private static final byte[] CONTENT_NAME = Utf8Bytes.ascii("content");
  private static final byte[] ASSISTANT = Utf8Bytes.ascii("assistant");
  private static final byte[] USER = Utf8Bytes.ascii("user");
  private static final byte[] RESULT = Utf8Bytes.ascii("result");
  private static final byte[] SYSTEM = Utf8Bytes.ascii("system");
  private static final byte[] INIT = Utf8Bytes.ascii("init");
  private static final byte[] PERMISSION_DENIED = Utf8Bytes.ascii("permission_denied");
  private static final byte[] STREAM_EVENT = Utf8Bytes.ascii("stream_event");
  private static final byte[] CONTENT_BLOCK_START = Utf8Bytes.ascii("content_block_start");
  private static final byte[] CONTENT_BLOCK = Utf8Bytes.ascii("content_block");

  /** The block types a scan reads a message for: those {@link LineSkim} keeps. */
  private static final byte[][] CALL_BLOCKS =
      LineSkim.CALL_BLOCKS.stream().map(Utf8Bytes::ascii).toArray(byte[][]::new);

  /** How a line triaged here opens: with its type, as claude writes every line but its results. */
  private static final byte[] OPENING = Utf8Bytes.ascii("{\"type\":\"");

  private static final byte[] OBJECT = Utf8Bytes.ascii("{\"");

  private static final byte[] ESCAPED_OPENING = Utf8Bytes.ascii("{\\\"type\\\":\\\"");
  private static final byte[] ESCAPED_OBJECT = Utf8Bytes.ascii("{\\\"");

  /** Field slots: where each read value starts and ends; -1 when absent or not a string. */
  private static final int F_TYPE = 0;

  private static final int F_SUBTYPE = 1;
  private static final int F_SESSION = 2;
  private static final int F_CWD = 3;
  private static final int F_VERSION = 4;
  private static final int F_EVENT_TYPE = 5;
  private static final int FIELDS = 6;

  private static final byte[][] NAMES = {TYPE, SUBTYPE, SESSION_ID, CWD, VERSION};

  /**
   * Roles of a value in the walk besides the field slots (a slot's number is its value's role):
   * what is read of it, and the roles of what it holds ({@link #role}, {@link #element}).
   */
  private static final int OTHER = FIELDS;

  private static final int LINE = FIELDS + 1;
  private static final int EVENT_OBJECT = FIELDS + 2;
  private static final int MESSAGE_OBJECT = FIELDS + 3;

  /** Anything in a message's content, at any depth: every object there is read as a block. */
  private static final int CONTENT = FIELDS + 4;

  /** A block's type. */
  private static final int BLOCK_TYPE = FIELDS + 5;

  /** The names of the fields the skim reads ({@link LineSkim#READ}). */
  private static final byte[][] READ =
      LineSkim.READ.stream().map(Utf8Bytes::ascii).toArray(byte[][]::new);

  /**
   * Where each of the line's fields starts and ends, name and value, and where its name ends. Which
   * of them the skim reads is asked only of a result ({@link #keepReadFields}): most lines are not.
   */
  private int[] readFrom = new int[32];

  private int[] readTo = new int[32];
  private int[] nameTo = new int[32];
  private int readFields;

  /** A result's read fields as one object ({@link #kept}), and its length; -1 for none. */
  private byte[] kept = new byte[4096];

  private int keptLength;

  private final int[] starts = new int[FIELDS];
  private final int[] ends = new int[FIELDS];
  private byte[] bytes;
  private int at;
  private int end;

  /** Whether the line is read inside a record entry's string, through its escapes. */
  private boolean escaped;

  /** Whether a message's content holds a block that is, or might be, a call. */
  private boolean mayCall;

  /** Where the last string read starts, after its opening quote. */
  private int stringStart;

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
    keptLength = -1;
    if (length > MAX_LINE_BYTES || !Utf8Bytes.startsWith(line, offset, offset + length, OBJECT)) {
      return null;
    }
    return triage(
        line,
        offset,
        offset + length,
        false,
        Utf8Bytes.startsWith(line, offset, offset + length, OPENING));
  }

  /**
   * What a scan reads of the line inside a session record entry, read in the entry's bytes from
   * {@code start}, just after the opening quote of the entry's string ({@link RecordedLine#start}),
   * to the entry's {@code end}; null when the line must be unescaped and skimmed. Settled only when
   * unescaping the line would succeed and {@link #facts} would settle it with the same facts.
   */
  LineOutcome.Facts recordedFacts(byte[] entry, int start, int end) {
    int length = end - start;
    keptLength = -1;
    if (length > MAX_LINE_BYTES
        || !Utf8Bytes.startsWith(entry, start, start + length, ESCAPED_OBJECT)) {
      return null;
    }
    return triage(
        entry,
        start,
        end,
        true,
        Utf8Bytes.startsWith(entry, start, start + length, ESCAPED_OPENING));
  }

  /**
   * {@code typeFirst}: whether the line opens with its type, as claude writes all its lines but
   * results; only those are settled. Any other is walked only for a result's read fields.
   */
  private LineOutcome.Facts triage(
      byte[] line, int start, int stop, boolean inEntry, boolean typeFirst) {
    bytes = line;
    at = start;
    end = stop;
    escaped = inEntry;
    mayCall = false;
    readFields = 0;
    java.util.Arrays.fill(starts, -1);
    java.util.Arrays.fill(ends, -1);
    try {
      whitespace();
      if (next() != '{') {
        return null;
      }
      object(1, LINE);
      whitespace();
      if (escaped ? !closesEntry() : at != end) {
        return null;
      }
      if (typeFirst && settled()) {
        return found();
      }
      if (holds(F_TYPE, RESULT)) {
        keepReadFields();
      }
      return null;
    } catch (NotSettled e) {
      return null;
    } finally {
      bytes = null;
    }
  }

  /**
   * After a null from {@link #facts} or {@link #recordedFacts}: the length of {@link #kept} when
   * the line is a result walked whole, else -1.
   */
  int keptLength() {
    return keptLength;
  }

  /**
   * A result's fields the skim reads, copied as they lie into one object: still escaped when the
   * line is in an entry (closed as the entry's string is, {@code "}}), so it is unescaped as the
   * whole line would be. A result is mostly usage the skim skips; this copy spares unescaping and
   * parsing it. Valid until the next line.
   */
  byte[] kept() {
    return kept;
  }

  private void keepReadFields() {
    int read = 0;
    for (int i = 0; i < readFields; i++) {
      int nameFrom = readFrom[i] + (escaped ? 2 : 1);
      if (isRead(nameFrom, nameTo[i])) {
        readFrom[read] = readFrom[i];
        readTo[read] = readTo[i];
        read++;
      }
    }
    readFields = read;
    int length = 2 + Math.max(0, readFields - 1) + (escaped ? 2 : 0);
    for (int i = 0; i < readFields; i++) {
      length += readTo[i] - readFrom[i];
    }
    if (kept.length < length) {
      kept = new byte[Math.max(length, kept.length * 2)];
    }
    int at = 0;
    kept[at++] = '{';
    for (int i = 0; i < readFields; i++) {
      if (i > 0) {
        kept[at++] = ',';
      }
      System.arraycopy(bytes, readFrom[i], kept, at, readTo[i] - readFrom[i]);
      at += readTo[i] - readFrom[i];
    }
    kept[at++] = '}';
    if (escaped) {
      kept[at++] = '"';
      kept[at++] = '}';
    }
    keptLength = at;
  }

  private void recordField(int from, int nameEnd, int to) {
    if (readFields == readFrom.length) {
      readFrom = java.util.Arrays.copyOf(readFrom, readFields * 2);
      readTo = java.util.Arrays.copyOf(readTo, readFields * 2);
      nameTo = java.util.Arrays.copyOf(nameTo, readFields * 2);
    }
    readFrom[readFields] = from;
    nameTo[readFields] = nameEnd;
    readTo[readFields] = to;
    readFields++;
  }

  private boolean isRead(int start, int stop) {
    for (byte[] name : READ) {
      if (is(start, stop, name)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the entry's string closes right after the line and the entry right after it. */
  private boolean closesEntry() {
    return at < end && bytes[at] == '"' && RecordedLine.closes(bytes, at + 1, end);
  }

  /** Whether the line tells a scan nothing but the fields read here. */
  private boolean settled() {
    if (starts[F_TYPE] < 0) {
      return false;
    }
    if (isMessage()) {
      return !mayCall;
    }
    if (holds(F_TYPE, SYSTEM)) {
      return !holds(F_SUBTYPE, PERMISSION_DENIED);
    }
    if (holds(F_TYPE, STREAM_EVENT)) {
      return !mayCall || !holds(F_EVENT_TYPE, CONTENT_BLOCK_START);
    }
    return !holds(F_TYPE, RESULT);
  }

  /** Whether the line's type, as far as read, is one of claude's messages. */
  private boolean isMessage() {
    return holds(F_TYPE, ASSISTANT) || holds(F_TYPE, USER);
  }

  /**
   * A block of a message's content that is or might be a call. A line whose type so far is a
   * message's is left to the general path at once rather than read to its end first; any other line
   * is settled as before unless a later type makes it a message.
   */
  private void mayCall() throws NotSettled {
    if (isMessage()) {
      throw NotSettled.INSTANCE;
    }
    mayCall = true;
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
   * The role of the value of the field named from {@code start} to {@code stop} in an object of
   * role {@code in}: the walk's transitions, with {@link #element}. A name with escapes may spell
   * one that matters, as Jackson reads it: in the line or its event the line goes to the general
   * path, in a message or a block it might hide a call.
   */
  private int role(int in, boolean plain, int start, int stop) throws NotSettled {
    switch (in) {
      case LINE -> {
        if (!plain) {
          throw NotSettled.INSTANCE;
        }
        for (int field = 0; field < NAMES.length; field++) {
          if (is(start, stop, NAMES[field])) {
            return field;
          }
        }
        if (is(start, stop, EVENT)) {
          return EVENT_OBJECT;
        }
        return is(start, stop, MESSAGE) ? MESSAGE_OBJECT : OTHER;
      }
      case EVENT_OBJECT -> {
        if (!plain) {
          throw NotSettled.INSTANCE;
        }
        if (is(start, stop, TYPE)) {
          return F_EVENT_TYPE;
        }
        // A block's start is held to a message's block rules: only a call's start is read.
        return is(start, stop, CONTENT_BLOCK) ? CONTENT : OTHER;
      }
      case MESSAGE_OBJECT -> {
        if (!plain) {
          mayCall();
          return OTHER;
        }
        return is(start, stop, CONTENT_NAME) ? CONTENT : OTHER;
      }
      case CONTENT, BLOCK_TYPE -> {
        if (!plain) {
          mayCall();
          return OTHER;
        }
        return is(start, stop, TYPE) ? BLOCK_TYPE : CONTENT;
      }
      default -> {
        // An object in no role of its own (a field's value of another kind, say) is only checked.
        return OTHER;
      }
    }
  }

  /** The role of an element of an array of role {@code in}. */
  private static int element(int in) {
    return inContent(in) ? CONTENT : OTHER;
  }

  /**
   * Whether a value is in a message's content. Only a block straight in a content array can be a
   * call; any object deeper, or in content of another shape, is read as one too, so that whatever
   * shape a line takes no call-like block in a message goes unseen.
   */
  private static boolean inContent(int role) {
    return role == CONTENT || role == BLOCK_TYPE;
  }

  /** The object whose '{' was just read, in the {@code role} its field gave it. */
  private void object(int depth, int role) throws NotSettled {
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
      boolean plainName = string();
      int nameStart = stringStart;
      int nameEnd = stringEnd;
      if (nameEnd - nameStart > MAX_NAME_BYTES) {
        throw NotSettled.INSTANCE;
      }
      whitespace();
      if (next() != ':') {
        throw NotSettled.INSTANCE;
      }
      whitespace();
      value(depth, role(role, plainName, nameStart, nameEnd));
      if (role == LINE) {
        // From the name's opening quote, escaped in an entry, to the value's end.
        recordField(nameStart - (escaped ? 2 : 1), nameEnd, at);
      }
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

  /**
   * One value in its {@code role}: a field slot keeps where its string is (-1 for a value of
   * another kind, as the last of a repeated field counts); a block's type is checked for a call; an
   * object or an array passes its role on.
   */
  private void value(int depth, int role) throws NotSettled {
    if (role < FIELDS) {
      clear(role);
    } else if (role == EVENT_OBJECT) {
      clear(F_EVENT_TYPE);
    }
    byte first = peek();
    // A string opens with a quote, or inside an entry with an escaped one.
    if (first == '"' || first == '\\') {
      boolean plain = string();
      int start = stringStart;
      if (role < FIELDS) {
        if (!plain) {
          throw NotSettled.INSTANCE;
        }
        starts[role] = start;
        ends[role] = stringEnd;
      } else if (role == BLOCK_TYPE && (!plain || isCall(start, stringEnd))) {
        // Escapes could spell a call's type.
        mayCall();
      }
      return;
    }
    switch (next()) {
      case '{' -> object(depth + 1, role);
      case '[' -> array(depth + 1, role);
      case 't' -> literal("rue");
      case 'f' -> literal("alse");
      case 'n' -> literal("ull");
      default -> {
        at--;
        number();
      }
    }
  }

  private void clear(int field) {
    starts[field] = -1;
    ends[field] = -1;
  }

  private boolean isCall(int start, int stop) {
    for (byte[] type : CALL_BLOCKS) {
      if (is(start, stop, type)) {
        return true;
      }
    }
    return false;
  }

  private void array(int depth, int role) throws NotSettled {
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
      value(depth, element(role));
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
   * A string from its opening quote ({@code "}, or {@code \"} inside an entry); true when it is
   * plain ASCII without escapes (the only strings whose value is used; such a string's bytes are
   * the same escaped in an entry). Bytes of other scripts pass unchecked in a plain line, which the
   * general path reads again decoded when Jackson refuses its UTF-8, so they never make it
   * malformed; in an entry they must be well-formed UTF-8 ({@link #utf8}). One method, with the
   * plain runs read in it eight bytes at a time: the quick JIT inlines little, and every byte of a
   * string passes here.
   */
  private boolean string() throws NotSettled {
    // Locals, not fields, in the loop: the quick JIT keeps them in registers.
    byte[] in = bytes;
    int stop = end;
    int i = at;
    if (escaped) {
      if (i + 1 >= stop || in[i] != '\\' || in[i + 1] != '"') {
        throw NotSettled.INSTANCE;
      }
      i += 2;
    } else {
      if (i >= stop || in[i] != '"') {
        throw NotSettled.INSTANCE;
      }
      i++;
    }
    stringStart = i;
    boolean plain = true;
    while (true) {
      if (i + Long.BYTES <= stop) {
        long stops = ByteWords.stringStops(ByteWords.word(in, i));
        if (stops == 0) {
          i += Long.BYTES;
          continue;
        }
        i += ByteWords.first(stops);
      } else {
        // The line's last few bytes, one by one.
        while (i < stop && !STOP[in[i] & 0xFF]) {
          i++;
        }
        if (i >= stop) {
          throw NotSettled.INSTANCE;
        }
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
        if (escaped) {
          i = utf8(in, i - 1, stop);
        }
        continue;
      }
      if (b != '\\') {
        throw NotSettled.INSTANCE;
      }
      if (escaped && i < stop && in[i] == '"') {
        // The string's closing quote, escaped in the entry: every string there ends so.
        stringEnd = i - 1;
        at = i + 1;
        return plain;
      }
      at = i;
      if (escaped) {
        entryEscape();
      } else {
        escape();
      }
      plain = false;
      i = at;
    }
  }

  /**
   * Where the character from {@code i} ends, when it is well-formed UTF-8 (RFC 3629: no overlong
   * form, no surrogate, nothing over U+10FFFF). Only inside an entry: the general path parses a
   * record's line from its bytes, and Jackson calls invalid UTF-8 there malformed, while a plain
   * line it reads again decoded, with U+FFFD.
   */
  private static int utf8(byte[] in, int i, int stop) throws NotSettled {
    int length = Utf8Bytes.wellFormed(in, i, stop);
    if (length == 0) {
      throw NotSettled.INSTANCE;
    }
    return i + length;
  }

  /**
   * An escape of the entry's string inside one of the line's strings, after its backslash, other
   * than the string's closing quote. The line's own escapes are written with their backslash
   * escaped; a character written as a unicode escape is read as the content it stands for, unless
   * it would end the string or break it (a quote, a backslash, a control), which is left to the
   * general path, as are the controls the entry writes as {@code \n} and the like.
   */
  private void entryEscape() throws NotSettled {
    switch (next()) {
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
    int unit = at + 4 <= end ? Utf8Bytes.hex4(bytes, at) : -1;
    if (unit < 0) {
      throw NotSettled.INSTANCE;
    }
    at += 4;
    return unit;
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
   * Blanks between tokens. Claude writes compact JSON, so there is seldom one: the common case is
   * this one check, small enough for the quick JIT to inline.
   */
  private void whitespace() {
    if (at >= end || bytes[at] <= ' ') {
      blanks();
    }
  }

  /**
   * The blanks, if any, from a byte that may be one; inside an entry only spaces (a tab or newline
   * there is escaped, and the general path reads it).
   */
  private void blanks() {
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

  /**
   * Whether the string from {@code start} to {@code stop} is {@code word}. Its length and first
   * byte are checked here, small enough for the quick JIT to inline, as they tell most names apart.
   */
  private boolean is(int start, int stop, byte[] word) {
    return stop - start == word.length && bytes[start] == word[0] && rest(start, word);
  }

  /** Whether the bytes from {@code start} are {@code word}'s after its first. */
  private boolean rest(int start, byte[] word) {
    for (int i = 1; i < word.length; i++) {
      if (bytes[start + i] != word[i]) {
        return false;
      }
    }
    return true;
  }
}

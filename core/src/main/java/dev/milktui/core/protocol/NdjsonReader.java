package dev.milktui.core.protocol;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Frames newline-delimited JSON from a byte stream and hands each line, parsed and typed, to a
 * {@link LineSink}. A bad line is reported and skipped; nothing in the input stops the reader.
 *
 * <p>Memory: a line is held once while it is read (in chunks), about twice for the moment it is
 * joined, then once; long string values are cut before parsing (see {@link #MAX_STRING_BYTES}), so
 * the parsed tree is small. A line that still does not fit in memory is skipped like one over the
 * cap, and the reader goes on.
 */
public final class NdjsonReader {
  /**
   * The longest line kept: big tool results arrive in one line and 64 MiB must pass, so the cap is
   * above it. Longer lines are skipped with a notice ({@link LineSink#malformed}).
   */
  public static final int DEFAULT_MAX_LINE_BYTES = 256 * 1024 * 1024;

  /**
   * The longest string value kept from a line (a tool result, a whole text block); the rest is cut
   * with a visible marker. Permission requests are kept whole: they are answered with their input.
   * The UI holds far less (tool results are capped at {@code TurnAccumulator.RESULT_TEXT_CAP}).
   */
  public static final int MAX_STRING_BYTES = 1024 * 1024;

  private static final int EXCERPT_CHARS = 200;
  private static final int CHUNK = LineBuffer.CHUNK;

  private static final long NEWLINES = ByteWords.repeated('\n');

  private final InputStream in;
  private final int maxLineBytes;
  private final int maxStringBytes;
  private final LineSink sink;
  private final boolean parses;

  private final LineBuffer buffer = new LineBuffer();
  private final DeltaLines deltas = new DeltaLines();
  private byte[] line;
  private boolean skipping;
  private boolean outOfMemory;
  private long skippedBytes;
  private long lineNumber;
  private long malformedCount;

  /** {@code maxStringBytes}: string values longer than this are cut (see {@link LongStrings}). */
  public NdjsonReader(InputStream in, int maxLineBytes, int maxStringBytes, LineSink sink) {
    this(in, maxLineBytes, maxStringBytes, sink, true);
  }

  private NdjsonReader(
      InputStream in, int maxLineBytes, int maxStringBytes, LineSink sink, boolean parses) {
    if (maxLineBytes < 1 || maxStringBytes < 1) {
      throw new IllegalArgumentException(
          "caps must be positive: " + maxLineBytes + ", " + maxStringBytes);
    }
    this.in = in;
    this.maxLineBytes = maxLineBytes;
    this.maxStringBytes = maxStringBytes;
    this.sink = sink;
    this.parses = parses;
  }

  /**
   * Frames lines without parsing them: each goes to {@link LineSink#rawLine}, which may change its
   * bytes (the reader is done with them), and only lines over the cap reach {@link
   * LineSink#malformed}; for readers that parse only what they need of a line.
   */
  public static NdjsonReader framing(InputStream in, int maxLineBytes, LineSink sink) {
    return new NdjsonReader(in, maxLineBytes, Integer.MAX_VALUE, sink, false);
  }

  /** Keeps whole strings: for readers that must see lines exactly as printed. */
  public NdjsonReader(InputStream in, int maxLineBytes, LineSink sink) {
    this(in, maxLineBytes, Integer.MAX_VALUE, sink);
  }

  /** The live reader: the line cap for this heap, and long strings cut. */
  public NdjsonReader(InputStream in, LineSink sink) {
    this(in, maxLineBytesFor(Runtime.getRuntime().maxMemory()), MAX_STRING_BYTES, sink);
  }

  /**
   * {@link #DEFAULT_MAX_LINE_BYTES}, or a quarter of a smaller heap: a line costs about twice its
   * size while it is joined, and the rest of the program needs room too.
   */
  public static int maxLineBytesFor(long maxHeapBytes) {
    return (int) Math.max(CHUNK, Math.min(DEFAULT_MAX_LINE_BYTES, maxHeapBytes / 4));
  }

  /** Reads to the end of input on the calling thread, then calls {@link LineSink#end}. */
  public void run() {
    IOException failure = null;
    byte[] chunk = new byte[CHUNK];
    try {
      int read;
      while ((read = in.read(chunk)) != -1) {
        frame(chunk, read);
      }
      if (buffer.length() > 0 || skipping) {
        finishLine();
      }
    } catch (IOException e) {
      failure = e;
    }
    sink.end(failure);
  }

  /** Starts {@link #run()} on a named daemon thread. */
  public Thread start(String threadName, Thread.UncaughtExceptionHandler onCrash) {
    Thread thread = new Thread(this::run, threadName);
    thread.setDaemon(true);
    thread.setUncaughtExceptionHandler(onCrash);
    thread.start();
    return thread;
  }

  public long lines() {
    return lineNumber;
  }

  public long malformedLines() {
    return malformedCount;
  }

  private void frame(byte[] chunk, int length) {
    int start = 0;
    for (int i = newline(chunk, 0, length); i < length; i = newline(chunk, start, length)) {
      if (!parses && buffer.length() == 0 && !skipping && i - start <= maxLineBytes) {
        // A framing reader's sink takes a line inside the chunk as it is: no copy.
        lineNumber++;
        handOver(chunk, start, i - start);
      } else {
        append(chunk, start, i - start);
        finishLine();
      }
      start = i + 1;
    }
    append(chunk, start, length - start);
  }

  /** Where the next newline is, or {@code end}: eight bytes at a time, then the last few. */
  static int newline(byte[] bytes, int from, int end) {
    int i = from;
    for (; i + Long.BYTES <= end; i += Long.BYTES) {
      long newlines = ByteWords.equalTo(ByteWords.word(bytes, i), NEWLINES);
      if (newlines != 0) {
        return i + ByteWords.first(newlines);
      }
    }
    for (; i < end; i++) {
      if (bytes[i] == '\n') {
        return i;
      }
    }
    return end;
  }

  private void handOver(byte[] bytes, int offset, int length) {
    if (length > 0 && bytes[offset + length - 1] == '\r') {
      length--;
    }
    if (!isBlank(bytes, offset, length)) {
      sink.rawLine(bytes, offset, length);
    }
  }

  private void append(byte[] bytes, int offset, int length) {
    if (length == 0) {
      return;
    }
    if (skipping || (long) buffer.length() + length > maxLineBytes) {
      skippedBytes += (skipping ? 0 : buffer.length()) + length;
      skipping = true;
      buffer.clear();
      return;
    }
    try {
      buffer.append(bytes, offset, length);
    } catch (OutOfMemoryError e) {
      skippedBytes = (long) buffer.length() + length;
      buffer.clear();
      skipping = true;
      outOfMemory = true;
    }
  }

  private void finishLine() {
    lineNumber++;
    if (skipping) {
      malformed(
          skippedBytes,
          outOfMemory
              ? tooBigForMemory(skippedBytes)
              : "line of " + skippedBytes + " bytes exceeds the cap of " + maxLineBytes + " bytes",
          "");
      skipping = false;
      outOfMemory = false;
      skippedBytes = 0;
      return;
    }
    int length = buffer.length();
    try {
      line = buffer.take();
      if (length > 0 && line[length - 1] == '\r') {
        length--;
      }
      if (!isBlank(line, 0, length)) {
        sink.rawLine(line, 0, length);
        if (parses) {
          parse(length);
        }
      }
    } catch (OutOfMemoryError e) {
      // What the line held is garbage once this frame is left; later lines still get through.
      line = null;
      malformed(length, tooBigForMemory(length), "");
    } finally {
      line = null;
    }
  }

  private void parse(int fullLength) {
    int length =
        fullLength > maxStringBytes && !LongStrings.isControlRequest(line, fullLength)
            ? LongStrings.trim(line, fullLength, maxStringBytes)
            : fullLength;
    if (length == fullLength) {
      StreamEventMessage delta = deltas.read(line, length);
      if (delta != null) {
        sink.message(delta);
        return;
      }
    }
    JsonNode node;
    try {
      node = Strict.READER.readTree(line, 0, length);
    } catch (IOException strictFailure) {
      node = parseReplacingInvalidUtf8(length, strictFailure);
      if (node == null) {
        return;
      }
    }
    if (node == null || !node.isObject()) {
      malformed(length, "not a JSON object", excerpt(length));
      return;
    }
    CliMessage message;
    try {
      message = MessageParser.parse(node);
    } catch (RuntimeException e) {
      // The parser is total by design; this guards the reader against a bug in it.
      malformed(length, "could not map the line: " + e, excerpt(length));
      return;
    }
    sink.message(message);
  }

  /** Invalid UTF-8 is replaced (U+FFFD) rather than losing the line; other errors are reported. */
  private JsonNode parseReplacingInvalidUtf8(int length, IOException strictFailure) {
    String decoded = new String(line, 0, length, StandardCharsets.UTF_8);
    try {
      return Strict.READER.readTree(decoded);
    } catch (JacksonException e) {
      malformed(length, describe(strictFailure), excerpt(length));
      return null;
    }
  }

  private void malformed(long size, String reason, String excerpt) {
    malformedCount++;
    sink.malformed(new MalformedLine(lineNumber, size, reason, excerpt));
  }

  private String excerpt(int length) {
    String text = new String(line, 0, Math.min(length, EXCERPT_CHARS * 4), StandardCharsets.UTF_8);
    return text.length() > EXCERPT_CHARS ? text.substring(0, EXCERPT_CHARS) + "…" : text;
  }

  private static String tooBigForMemory(long bytes) {
    return "line of "
        + bytes
        + " bytes does not fit in memory (give Java more: MILK_TUI_JAVA_OPTS=-Xmx2g)";
  }

  private static String describe(IOException e) {
    String message = e instanceof JacksonException je ? je.getOriginalMessage() : e.getMessage();
    return "invalid JSON: " + (message == null ? e.getClass().getSimpleName() : message);
  }

  /** Made on the first parsed line, as the mapper is: a framing reader (a scan) needs neither. */
  private static final class Strict {
    static final ObjectReader READER =
        Json.mapper().reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  }

  private static boolean isBlank(byte[] bytes, int offset, int length) {
    for (int i = offset; i < offset + length; i++) {
      byte b = bytes[i];
      if (b != ' ' && b != '\t' && b != '\r') {
        return false;
      }
    }
    return true;
  }
}

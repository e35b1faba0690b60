package dev.milktui.core.protocol;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Frames newline-delimited JSON from a byte stream and hands each line, parsed and typed, to a
 * {@link LineSink}. A bad line is reported and skipped; nothing in the input stops the reader.
 */
public final class NdjsonReader {
  /** Big tool results arrive in one line; 64 MiB must pass, so the default cap is above it. */
  public static final int DEFAULT_MAX_LINE_BYTES = 256 * 1024 * 1024;

  private static final int CHUNK = 64 * 1024;
  private static final int EXCERPT_CHARS = 200;
  private static final ObjectReader STRICT_READER =
      Json.MAPPER.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private final InputStream in;
  private final int maxLineBytes;
  private final LineSink sink;

  private byte[] line = new byte[CHUNK];
  private int lineLength;
  private boolean skipping;
  private long skippedBytes;
  private long lineNumber;
  private long malformedCount;

  public NdjsonReader(InputStream in, int maxLineBytes, LineSink sink) {
    if (maxLineBytes < 1) {
      throw new IllegalArgumentException("maxLineBytes must be positive: " + maxLineBytes);
    }
    this.in = in;
    this.maxLineBytes = maxLineBytes;
    this.sink = sink;
  }

  public NdjsonReader(InputStream in, LineSink sink) {
    this(in, DEFAULT_MAX_LINE_BYTES, sink);
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
      if (lineLength > 0 || skipping) {
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
    for (int i = 0; i < length; i++) {
      if (chunk[i] == '\n') {
        append(chunk, start, i - start);
        finishLine();
        start = i + 1;
      }
    }
    append(chunk, start, length - start);
  }

  private void append(byte[] bytes, int offset, int length) {
    if (length == 0) {
      return;
    }
    if (skipping || (long) lineLength + length > maxLineBytes) {
      skippedBytes += (skipping ? 0 : lineLength) + length;
      skipping = true;
      lineLength = 0;
      return;
    }
    if (lineLength + length > line.length) {
      int grown =
          (int) Math.min((long) maxLineBytes, Math.max(2L * line.length, lineLength + length));
      line = Arrays.copyOf(line, grown);
    }
    System.arraycopy(bytes, offset, line, lineLength, length);
    lineLength += length;
  }

  private void finishLine() {
    lineNumber++;
    if (skipping) {
      malformed(
          skippedBytes,
          "line of " + skippedBytes + " bytes exceeds the cap of " + maxLineBytes + " bytes",
          "");
      skipping = false;
      skippedBytes = 0;
      return;
    }
    int length = lineLength;
    if (length > 0 && line[length - 1] == '\r') {
      length--;
    }
    lineLength = 0;
    if (!isBlank(line, length)) {
      sink.rawLine(line, 0, length);
      parse(length);
    }
    if (line.length > 4 * CHUNK && length < CHUNK) {
      // Give a huge line's buffer back once lines are ordinary again.
      line = new byte[CHUNK];
    }
  }

  private void parse(int length) {
    JsonNode node;
    try {
      node = STRICT_READER.readTree(line, 0, length);
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
      return STRICT_READER.readTree(decoded);
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

  private static String describe(IOException e) {
    String message = e instanceof JacksonException je ? je.getOriginalMessage() : e.getMessage();
    return "invalid JSON: " + (message == null ? e.getClass().getSimpleName() : message);
  }

  private static boolean isBlank(byte[] bytes, int length) {
    for (int i = 0; i < length; i++) {
      byte b = bytes[i];
      if (b != ' ' && b != '\t' && b != '\r') {
        return false;
      }
    }
    return true;
  }
}

package dev.milktui.core.record;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.io.OwnerOnlyFiles;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.session.SessionRecorder;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.Optional;
import org.tinylog.Logger;

/**
 * A per-session record: every line in both directions and claude's stderr, raw, one JSON object per
 * line: {@code {"ts":"…","dir":"cli"|"host"|"stderr","line":"…"}}, the line as a JSON string.
 * {@link #cliLine} gives a stdout line back, so {@code milk-tui scan} reads records and plain
 * stdout captures alike. A stdout line is escaped straight from the reader's bytes into the file,
 * so a huge line costs no copy. Invalid UTF-8 is recorded as U+FFFD. Writing never fails the
 * session: an I/O error is logged once and recording stops.
 */
public final class RecordFile implements SessionRecorder {
  public static final String DIRECTION = "dir";
  public static final String FROM_CLAUDE = "cli";

  private static final int DECODE_CHARS = 8 * 1024;
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private final Path path;
  private final Clock clock;
  private final CharsetDecoder decoder =
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPLACE)
          .onUnmappableCharacter(CodingErrorAction.REPLACE);
  private final CharBuffer decoded = CharBuffer.allocate(DECODE_CHARS);
  private final char[] escaped = new char[DECODE_CHARS];
  private int escapedLength;
  private Writer out;

  private RecordFile(Path path, Writer out, Clock clock) {
    this.path = path;
    this.out = out;
    this.clock = clock;
  }

  /** Opens (appends to) a record file; a new one and its folders are owner-only. */
  public static RecordFile open(Path path, Clock clock) throws IOException {
    OwnerOnlyFiles.createFileIfMissing(path);
    Writer out =
        new BufferedWriter(
            new OutputStreamWriter(
                Files.newOutputStream(path, StandardOpenOption.CREATE, StandardOpenOption.APPEND),
                StandardCharsets.UTF_8));
    return new RecordFile(path, out, clock);
  }

  public Path path() {
    return path;
  }

  @Override
  public synchronized void fromClaude(byte[] line, int offset, int length) {
    if (out == null) {
      return;
    }
    try {
      start(FROM_CLAUDE);
      decoder.reset();
      ByteBuffer bytes = ByteBuffer.wrap(line, offset, length);
      boolean done = false;
      while (!done) {
        done = decoder.decode(bytes, decoded, true).isUnderflow();
        if (done) {
          decoder.flush(decoded);
        }
        decoded.flip();
        escape(decoded);
        decoded.clear();
      }
      end();
    } catch (IOException e) {
      failed(e);
    }
  }

  @Override
  public void toClaude(String line) {
    write("host", line);
  }

  @Override
  public void stderr(String line) {
    write("stderr", line);
  }

  private synchronized void write(String direction, String line) {
    if (out == null) {
      return;
    }
    try {
      start(direction);
      escape(CharBuffer.wrap(line));
      end();
    } catch (IOException e) {
      failed(e);
    }
  }

  private void start(String direction) throws IOException {
    out.write("{\"ts\":\"");
    out.write(clock.instant().toString());
    out.write("\",\"" + DIRECTION + "\":\"");
    out.write(direction);
    out.write("\",\"line\":\"");
  }

  private void end() throws IOException {
    out.write("\"}\n");
    out.flush();
  }

  /** JSON string escaping: quotes, backslashes and control characters; the rest as it is. */
  private void escape(CharBuffer chars) throws IOException {
    while (chars.hasRemaining()) {
      char c = chars.get();
      switch (c) {
        case '"' -> put('\\', '"');
        case '\\' -> put('\\', '\\');
        case '\n' -> put('\\', 'n');
        case '\r' -> put('\\', 'r');
        case '\t' -> put('\\', 't');
        default -> {
          if (c < 0x20) {
            put('\\', 'u');
            put('0', '0');
            put(HEX[c >> 4], HEX[c & 0xf]);
          } else {
            put(c);
          }
        }
      }
    }
    out.write(escaped, 0, escapedLength);
    escapedLength = 0;
  }

  private void put(char first, char second) throws IOException {
    put(first);
    put(second);
  }

  private void put(char c) throws IOException {
    if (escapedLength == escaped.length) {
      out.write(escaped, 0, escapedLength);
      escapedLength = 0;
    }
    escaped[escapedLength++] = c;
  }

  private void failed(IOException e) {
    Logger.warn(e, "recording to {} failed; recording stops", path);
    closeQuietly();
  }

  /** True when a parsed line is a record entry rather than a line the CLI printed. */
  public static boolean isEntry(JsonNode node) {
    return node.size() == 3 && node.has("ts") && node.has(DIRECTION) && node.has("line");
  }

  /** The CLI's stdout line inside a record entry, as printed; empty for host and stderr entries. */
  public static Optional<String> cliLine(JsonNode entry) {
    return FROM_CLAUDE.equals(Json.text(entry, DIRECTION))
        ? Optional.ofNullable(Json.text(entry, "line"))
        : Optional.empty();
  }

  @Override
  public synchronized void close() {
    closeQuietly();
  }

  private void closeQuietly() {
    if (out == null) {
      return;
    }
    try {
      out.close();
    } catch (IOException e) {
      Logger.debug(e, "closing {}", path);
    }
    out = null;
  }
}

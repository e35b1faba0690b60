package dev.milktui.core.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.io.OwnerOnlyFiles;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.session.SessionRecorder;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.Optional;
import org.tinylog.Logger;

/**
 * A per-session record: every line in both directions and claude's stderr, raw, one JSON object per
 * line: {@code {"ts":"…","dir":"cli"|"host"|"stderr","line":…}}. A JSON line is embedded as JSON,
 * anything else as a string. {@link #unwrap} gives a stdout line back, so {@code milk-tui scan}
 * reads records and plain stdout captures alike. Writing never fails the session: an I/O error is
 * logged once and recording stops.
 */
public final class RecordFile implements SessionRecorder {
  public static final String DIRECTION = "dir";
  public static final String FROM_CLAUDE = "cli";

  private final Path path;
  private final Clock clock;
  private BufferedWriter out;

  private RecordFile(Path path, BufferedWriter out, Clock clock) {
    this.path = path;
    this.out = out;
    this.clock = clock;
  }

  /** Opens (appends to) a record file; a new one and its folders are owner-only. */
  public static RecordFile open(Path path, Clock clock) throws IOException {
    OwnerOnlyFiles.createFileIfMissing(path);
    BufferedWriter out =
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
  public void fromClaude(String line) {
    write(FROM_CLAUDE, line);
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
    ObjectNode entry =
        Json.object()
            .put("ts", clock.instant().toString())
            .put(DIRECTION, direction)
            .put("line", line);
    try {
      out.write(Json.write(entry));
      out.write('\n');
      out.flush();
    } catch (IOException e) {
      Logger.warn(e, "recording to {} failed; recording stops", path);
      closeQuietly();
    }
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

package dev.milktui.core.testkit;

import dev.milktui.core.protocol.Json;
import dev.milktui.core.record.RecordFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * A milk-tui session record of a recording, written by {@link RecordFile} as a live session writes
 * it: the host's messages first, each permission answer right after its request, claude's lines and
 * a line of stderr.
 */
public final class RecordOf {
  private RecordOf() {}

  public static Path recording(String name, Path file) throws IOException {
    List<String> host = new ArrayList<>();
    if (Recordings.hasStdin(name)) {
      host.addAll(Files.readAllLines(Recordings.stdin(name)));
    }
    Clock clock = Clock.fixed(Instant.parse("2026-12-03T10:00:00Z"), ZoneOffset.UTC);
    try (RecordFile record = RecordFile.open(file, clock)) {
      host.removeIf(
          line -> {
            boolean user = line.contains("\"user\"");
            if (user) {
              record.toClaude(line);
            }
            return user;
          });
      record.stderr("claude's log line");
      for (String line : Files.readAllLines(Recordings.ndjson(name))) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        record.fromClaude(bytes, 0, bytes.length);
        String requestId = Json.text(Json.mapper().readTree(line), "request_id");
        host.removeIf(
            answer -> {
              boolean answers = requestId != null && answer.contains(requestId);
              if (answers) {
                record.toClaude(answer);
              }
              return answers;
            });
      }
    }
    return file;
  }

  /**
   * A record of one turn of {@code calls} Writes of {@code content} (JSON-escaped) that all failed
   * with "Stream closed", times as written now.
   */
  public static void streamClosedWrites(Path file, int calls, String content) throws IOException {
    try (RecordFile record = RecordFile.open(file, Clock.systemUTC())) {
      record.fromClaude(
          "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s\",\"cwd\":\"/w\","
              + "\"claude_code_version\":\"2.1.332\"}");
      for (int i = 0; i < calls; i++) {
        record.fromClaude(
            "{\"type\":\"assistant\",\"session_id\":\"s\",\"message\":{\"id\":\"m"
                + i
                + "\",\"content\":[{\"type\":\"tool_use\",\"id\":\"w"
                + i
                + "\",\"name\":\"Write\",\"input\":{\"file_path\":\"/w/f"
                + i
                + ".txt\",\"content\":\""
                + content
                + "\"}}]}}");
        record.fromClaude(
            "{\"type\":\"user\",\"session_id\":\"s\",\"message\":{\"content\":[{\"type\":"
                + "\"tool_result\",\"tool_use_id\":\"w"
                + i
                + "\",\"is_error\":true,\"content\":\"Tool permission request failed: "
                + "AbortError: Stream closed\"}]}}");
      }
      record.fromClaude("{\"type\":\"result\",\"subtype\":\"success\",\"session_id\":\"s\"}");
    }
  }
}

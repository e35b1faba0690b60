package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.diff.EditDiffs;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine reads a file tool call's diff where the call arrives, off the UI thread. */
class SessionEngineDiffTest {
  @TempDir Path dir;

  private static final String INPUT =
      "{\"file_path\":\"Calc.java\",\"old_string\":\"x - y\",\"new_string\":\"x + y\"}";

  @Test
  void anEditCallAndItsPermissionRequestCarryTheDiffOfTheFile() throws IOException {
    Files.writeString(dir.resolve("Calc.java"), "int f() {\n  return x - y;\n}\n");
    List<SessionEvent> events = new ArrayList<>();
    SessionEngine engine = new SessionEngine(events::add, new EditDiffs(dir));

    accept(
        engine,
        ("{\"type\":\"assistant\",\"session_id\":\"s\",\"message\":{\"id\":\"m1\","
                + "\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t1\","
                + "\"name\":\"Edit\",\"input\":"
                + INPUT
                + "}]}}")
            .getBytes(StandardCharsets.UTF_8));
    accept(
        engine,
        ("{\"type\":\"control_request\",\"request_id\":\"r1\",\"request\":{\"subtype\":"
                + "\"can_use_tool\",\"tool_name\":\"Edit\",\"tool_use_id\":\"t1\",\"input\":"
                + INPUT
                + "}}")
            .getBytes(StandardCharsets.UTF_8));

    assertThat(events)
        .filteredOn(SessionEvent.ToolDiffReady.class::isInstance)
        .singleElement()
        .satisfies(
            e -> {
              SessionEvent.ToolDiffReady ready = (SessionEvent.ToolDiffReady) e;
              assertThat(ready.toolUseId()).isEqualTo("t1");
              assertThat(ready.diff().summary()).isEqualTo("Added 1 line, removed 1 line");
            });
    PermissionRequest request =
        events.stream()
            .filter(SessionEvent.PermissionRequested.class::isInstance)
            .map(e -> ((SessionEvent.PermissionRequested) e).request())
            .findFirst()
            .orElseThrow();
    assertThat(request.diff()).hasValueSatisfying(d -> assertThat(d.added()).isEqualTo(1));
  }

  /** A recorded line, played as a replay plays it: every request allowed. */
  private static void accept(SessionEngine engine, byte[] line) {
    engine.acceptLine(line, 0, line.length, id -> (request, json) -> true, json -> {});
  }
}

package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.conversation.Cell;
import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.conversation.ToolCallCell;
import dev.milktui.core.diff.DiffLine;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.testkit.ClaudeSandbox;
import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.RealClaude;
import dev.milktui.core.testkit.Reply;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * File diffs with the real claude CLI against the fake API: an Edit the baseline lets run at once
 * (its file may already be changed when the line is read), and one that asks first.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class EditDiffRealCliIT {
  private final EventLog events = new EventLog();
  private ClaudeSandbox sandbox;
  private FakeAnthropicApi api;
  private ClaudeSession session;
  private Path calc;

  @BeforeEach
  void sandbox() throws IOException {
    sandbox = ClaudeSandbox.create();
    calc = sandbox.workDir().resolve("Calc.java");
    Files.writeString(calc, "class Calc {\n  int add(int x, int y) {\n    return x - y;\n  }\n}\n");
    api =
        FakeAnthropicApi.start(
            Reply.toolUse("toolu_read", "Read", Map.of("file_path", calc.toString())),
            Reply.toolUse(
                "toolu_edit",
                "Edit",
                Map.of(
                    "file_path",
                    calc.toString(),
                    "old_string",
                    "return x - y;",
                    "new_string",
                    "return x + y;")),
            Reply.text("Fixed the sign."));
  }

  @AfterEach
  void cleanUp() {
    if (session != null) {
      session.close();
    }
    api.close();
    sandbox.close();
  }

  private void open(boolean baseline) {
    LaunchSpec spec =
        LaunchSpec.builder(RealClaude.binary(), sandbox.workDir())
            .baseline(baseline)
            .environment(sandbox.environment(api.baseUrl()))
            .build();
    // Reading the file first is the CLI's rule for an Edit; that Read is allowed as it asks.
    session =
        new ClaudeSession(
            spec,
            event -> {
              events.accept(event);
              if (event instanceof SessionEvent.PermissionRequested asked
                  && asked.request().toolName().equals("Read")) {
                asked.request().allowOnce();
              }
            },
            GrantPersister.REFUSE,
            SessionRecorder.NONE);
  }

  private Conversation conversation() {
    Conversation conversation = new Conversation();
    events.all(SessionEvent.class).forEach(conversation::apply);
    return conversation;
  }

  private static ToolCallCell edit(Conversation conversation) {
    for (Cell cell : conversation.cells()) {
      if (cell instanceof ToolCallCell call && call.name().equals("Edit")) {
        return call;
      }
    }
    throw new AssertionError("no Edit call in " + conversation.cells());
  }

  @Test
  void anEditThatRunsAtOnceGetsItsNumberedDiffInTheConversation() throws IOException {
    open(true);
    session.send("Fix the adder");
    events.await(SessionEvent.TurnFinished.class);

    assertThat(Files.readString(calc)).contains("return x + y;");
    ToolCallCell edit = edit(conversation());
    assertThat(edit.summary()).isEqualTo("Added 1 line, removed 1 line");
    assertThat(edit.diff().orElseThrow().lines())
        .contains(
            new DiffLine(DiffLine.Kind.REMOVED, 3, 0, "    return x - y;"),
            new DiffLine(DiffLine.Kind.ADDED, 0, 3, "    return x + y;"));
  }

  @Test
  void anEditThatAsksShowsTheDiffInItsRequestAndADenialKeepsTheReason() throws IOException {
    open(false);
    session.send("Fix the adder");
    PermissionRequest request =
        events
            .await(
                SessionEvent.PermissionRequested.class,
                1,
                r -> r.request().toolName().equals("Edit"))
            .request();
    assertThat(request.diff())
        .hasValueSatisfying(d -> assertThat(d.summary()).isEqualTo("Added 1 line, removed 1 line"));
    request.deny("Leave the sign alone.");
    events.await(SessionEvent.TurnFinished.class);

    assertThat(Files.readString(calc)).contains("return x - y;");
    assertThat(edit(conversation()).summary()).isEqualTo("denied: Leave the sign alone.");
  }
}

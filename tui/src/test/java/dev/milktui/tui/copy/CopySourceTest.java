package dev.milktui.tui.copy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.protocol.Json;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CopySourceTest {
  private final Conversation conversation = new Conversation();

  private void reply(String id, String text) {
    conversation.apply(new SessionEvent.TextDelta(id, 0, text));
  }

  private void tool(String id, String name, String result) {
    ObjectNode input = Json.object();
    input.put("command", "ls");
    ToolCall call =
        new ToolCall(
            id,
            name,
            input,
            null,
            ToolOutcome.OK,
            result,
            Instant.parse("2026-01-01T00:00:00Z"),
            Duration.ofMillis(10));
    conversation.apply(new SessionEvent.ToolStarted(call));
    conversation.apply(new SessionEvent.ToolFinished(call));
  }

  private CopySource.Found copy(String arguments) {
    return CopySource.resolve(conversation.cells(), arguments);
  }

  @Test
  void plainCopyIsClaudesLastReplyAsItsMarkdownSource() {
    reply("m1", "First **answer**.");
    tool("t1", "Bash", "a\nb");
    reply("m2", "Second *answer*:\n\n```sh\nls -l\n```\n");

    assertThat(copy(""))
        .isEqualTo(
            new CopySource.Clip("Second *answer*:\n\n```sh\nls -l\n```\n", "Claude's last reply"));
  }

  @Test
  void codeCountsBackFromTheLastCodeBlockOfAllReplies() {
    reply("m1", "```java\nint a;\n```\n\n    indented\n");
    reply("m2", "Then:\n\n~~~\necho hi\n~~~\n");

    assertThat(copy("code")).isEqualTo(new CopySource.Clip("echo hi", "the last code block"));
    assertThat(copy("CODE 2"))
        .isEqualTo(new CopySource.Clip("indented", "code block 2 from the end"));
    assertThat(copy("code 3"))
        .isEqualTo(new CopySource.Clip("int a;", "code block 3 from the end"));
    assertThat(copy("code 4"))
        .isEqualTo(new CopySource.Nothing("Claude's replies have 3 code blocks, not 4."));
  }

  @Test
  void toolCopiesTheLastToolOutputCleanedAsShown() {
    tool("t1", "Bash", "first");
    tool("t2", "Bash", "\u001b[32mgreen\u001b[0m output");

    assertThat(copy("tool")).isEqualTo(new CopySource.Clip("green output", "the output of Bash"));
    assertThat(copy("tool 2")).isEqualTo(new CopySource.Clip("first", "the output of Bash"));
  }

  @Test
  void nothingToCopyAndWordsNotUnderstoodAreSaidWithTheUsage() {
    assertThat(copy("")).isInstanceOf(CopySource.Nothing.class);
    assertThat(copy("code")).isInstanceOf(CopySource.Nothing.class);
    assertThat(copy("tool")).isInstanceOf(CopySource.Nothing.class);
    assertThat(copy("everything"))
        .isEqualTo(new CopySource.Nothing("Not understood: " + CopySource.USAGE + "."));
    assertThat(copy("code 0")).isInstanceOf(CopySource.Nothing.class);
    assertThat(copy("code 1 2")).isInstanceOf(CopySource.Nothing.class);
  }
}

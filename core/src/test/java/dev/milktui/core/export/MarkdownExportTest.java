package dev.milktui.core.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.diff.FileDiffs;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarkdownExportTest {
  @TempDir Path dir;

  private static ToolCall call(String id, String name, ToolOutcome outcome, String result) {
    return new ToolCall(
        id,
        name,
        Json.object().put("file_path", "src/Calc.java"),
        null,
        outcome,
        result,
        Instant.EPOCH,
        null);
  }

  @Test
  void headingsOfTheTextSitUnderTheSpeakersHeadings() {
    Conversation conversation = new Conversation();
    conversation.apply(new SessionEvent.UserPrompt("# my title\nplease", false));
    conversation.apply(new SessionEvent.TextDelta("m", 0, "# Plan\n```\n# not a heading\n```\n"));

    String markdown = MarkdownExport.render(conversation.cells());

    assertThat(markdown)
        .contains("## You\n\n### my title\nplease\n")
        .contains("## Claude\n\n### Plan\n```\n# not a heading\n```\n");
  }

  @Test
  void toolCallsComeInCallOrderWithInputSummaryAndDiff() {
    Conversation conversation = new Conversation();
    conversation.apply(new SessionEvent.TextDelta("m", 0, "Fixing."));
    conversation.apply(new SessionEvent.ToolStarted(call("t1", "Edit", ToolOutcome.RUNNING, "")));
    conversation.apply(
        new SessionEvent.ToolDiffReady(
            "t1", FileDiffs.between("src/Calc.java", "a\nx - y\n", "a\nx + y\n")));
    conversation.apply(new SessionEvent.ToolFinished(call("t1", "Edit", ToolOutcome.OK, "ok")));
    conversation.apply(
        new SessionEvent.ToolFinished(call("t2", "Write", ToolOutcome.DENIED, "Not there.")));

    String markdown = MarkdownExport.render(conversation.cells());

    assertThat(markdown)
        .contains(
            "- **Edit** `src/Calc.java` — Added 1 line, removed 1 line\n\n"
                + "  ```diff\n   a\n  -x - y\n  +x + y\n  ```\n")
        .contains("- **Write** `src/Calc.java` — denied: Not there.");
    assertThat(markdown.indexOf("**Edit**")).isLessThan(markdown.indexOf("**Write**"));
  }

  @Test
  void noEscapeSequenceReachesTheFileEvenSplitAcrossDeltas() throws IOException {
    Conversation conversation = new Conversation();
    conversation.apply(new SessionEvent.TextDelta("m1", 0, "safe \u001b]52;c;ZXZp"));
    conversation.apply(new SessionEvent.TextDelta("m1", 0, "bA==\u0007 text\u009b2J"));
    Path file = dir.resolve("out.md");

    MarkdownExport.write(file, MarkdownExport.render(conversation.cells()));

    assertThat(Files.readString(file)).contains("safe  text").doesNotContain("\u001b", "\u009b");
  }

  @Test
  void codeFencesInsideClaudesTextStayExactlyAsWritten() {
    Conversation conversation = new Conversation();
    String text = "````md\n```java\n# not a heading\n```\n````\n~~~\n# nor this\n~~~\n# Shifted";
    conversation.apply(new SessionEvent.TextDelta("m", 0, text));

    assertThat(MarkdownExport.render(conversation.cells()))
        .contains(
            "````md\n```java\n# not a heading\n```\n````\n~~~\n# nor this\n~~~\n### Shifted\n");
  }

  @Test
  void aFenceLeftOpenByAnInterruptedReplyIsClosedBeforeTheNextSection() {
    Conversation conversation = new Conversation();
    conversation.apply(new SessionEvent.TextDelta("m", 0, "Here:\n```py\nprint(1)"));
    conversation.apply(new SessionEvent.UserPrompt("# next", false));

    assertThat(MarkdownExport.render(conversation.cells()))
        .contains("```py\nprint(1)\n```\n\n## You\n\n### next\n");
  }

  @Test
  void setextHeadingsMoveDownLikeAtxHeadings() {
    Conversation conversation = new Conversation();
    conversation.apply(
        new SessionEvent.TextDelta(
            "m", 0, "Title\n=====\ntext\n\nTwo line\nsection\n---\n\n- item\n---\n"));

    assertThat(MarkdownExport.render(conversation.cells()))
        .contains("### Title\ntext\n\n#### Two line section\n\n- item\n---\n");
  }

  @Test
  void diffsAndInputsHoldingBackticksKeepThemWithoutBreakingTheirFences() {
    Conversation conversation = new Conversation();
    conversation.apply(
        new SessionEvent.ToolFinished(
            new ToolCall(
                "b1",
                "Bash",
                Json.object().put("command", "echo `date`"),
                null,
                ToolOutcome.OK,
                "x",
                Instant.EPOCH,
                null)));
    conversation.apply(new SessionEvent.ToolStarted(call("t1", "Edit", ToolOutcome.RUNNING, "")));
    conversation.apply(
        new SessionEvent.ToolDiffReady(
            "t1", FileDiffs.between("README.md", "```sh\nmake\n```\n", "```sh\nmake all\n```\n")));

    assertThat(MarkdownExport.render(conversation.cells()))
        .contains("- **Bash** `` echo `date` `` — x\n")
        .contains("  ````diff\n   ```sh\n  -make\n  +make all\n   ```\n  ````\n");
  }

  @Test
  void anExportAndTheFoldersMadeForItAreReadableByTheUserOnly() throws Exception {
    Path file = dir.resolve("new/exports/session.md");
    MarkdownExport.write(file, "# hi\n");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
        .isEqualTo("rwx------");
    assertThat(Files.readString(file)).isEqualTo("# hi\n");
  }
}

package dev.milktui.core.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.io.OwnerOnlyFiles;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.turn.TurnAccumulator;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarkdownTranscriptTest {
  @Test
  void aRecordedTurnBecomesMarkdownWithTheTextOnceTheToolAndTheCost(@TempDir Path dir)
      throws Exception {
    MarkdownTranscript transcript = new MarkdownTranscript();
    transcript.accept(new SessionEvent.UserPrompt("Run echo hi", false));
    TurnAccumulator accumulator = new TurnAccumulator(transcript);
    Recordings.messages("c-allowed-bash").forEach(accumulator::accept);

    String markdown = transcript.markdown();
    assertThat(markdown)
        .startsWith("# Claude session\n")
        .contains("## You\n\nRun echo hi\n")
        .contains("## Claude\n\nI will run a command.")
        .contains("- tool `Bash` `echo hi` → ok")
        .contains("The command printed hi. Done.")
        .contains("*Turn 1: done,");
    assertThat(markdown.indexOf("The command printed hi."))
        .isEqualTo(markdown.lastIndexOf("The command printed hi."));

    Path file = dir.resolve("out/session.md");
    transcript.writeTo(file);
    assertThat(Files.readString(file)).isEqualTo(markdown);
    assertThat(Files.getPosixFilePermissions(file)).isEqualTo(OwnerOnlyFiles.FILE_MODE);
    assertThat(Files.getPosixFilePermissions(file.getParent()))
        .isEqualTo(OwnerOnlyFiles.DIRECTORY_MODE);
  }

  @Test
  void theExportHoldsNoEscapeSequenceEvenOneSplitAcrossChunks() {
    MarkdownTranscript transcript = new MarkdownTranscript();
    transcript.accept(new SessionEvent.UserPrompt("hi\u001b]0;title\u0007", false));
    transcript.accept(new SessionEvent.TextDelta("m1", 0, "safe \u001b]52;c;ZXZp"));
    transcript.accept(new SessionEvent.TextDelta("m1", 0, "bA==\u0007 text\u009b2J"));
    transcript.accept(new SessionEvent.Notice(SessionEvent.Level.INFO, "note\u001b[31m red"));

    String markdown = transcript.markdown();
    assertThat(markdown).contains("safe  text").contains("note red").contains("## You\n\nhi\n");
    assertThat(
            markdown
                .chars()
                .filter(c -> c < 0x20 && c != '\n' && c != '\t' || c >= 0x7f && c <= 0x9f))
        .isEmpty();
    assertThat(markdown).doesNotContain("ZXZp").doesNotContain("title");
  }

  @Test
  void aStreamClosedCallAndANoticeAreInTheTranscript() {
    MarkdownTranscript transcript = new MarkdownTranscript();
    TurnAccumulator accumulator = new TurnAccumulator(transcript);
    Recordings.messages("f1-ppt-arg-devnull").forEach(accumulator::accept);
    transcript.accept(new SessionEvent.Notice(SessionEvent.Level.WARNING, "Granted Write"));
    assertThat(transcript.markdown())
        .contains("- tool `Bash` `touch made-by-bash.txt` → stream closed")
        .contains("> warning: Granted Write");
  }
}

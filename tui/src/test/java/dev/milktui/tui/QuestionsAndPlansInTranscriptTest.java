package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.testkit.RecordingScenario;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.turn.TurnAccumulator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a question was answered with and what plan was approved stay in the transcript, whole
 * [p8e-long-answer-plans-kept: a written answer of several lines with a link; a plan sent back with
 * feedback, then a Markdown plan approved].
 */
class QuestionsAndPlansInTranscriptTest {

  private static Harness replayed(int columns, int rows) {
    Harness h = new Harness(columns, rows);
    TurnAccumulator accumulator = new TurnAccumulator(h.listener());
    Recordings.messages("p8e-long-answer-plans-kept").forEach(accumulator::accept);
    h.pump();
    return h;
  }

  private static List<String> transcript(Harness h) {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < h.controller.transcript().lineCount(); i++) {
      lines.add(h.controller.transcript().line(i).plain());
    }
    return lines;
  }

  /** The lines from the one containing {@code from} to the next blank one, stripped, joined. */
  private static String paragraphFrom(List<String> lines, String from) {
    int start = 0;
    while (!lines.get(start).contains(from)) {
      start++;
    }
    List<String> paragraph = new ArrayList<>();
    for (int i = start; i < lines.size() && !lines.get(i).isBlank(); i++) {
      paragraph.add(lines.get(i).strip());
    }
    return String.join(" ", paragraph);
  }

  @Test
  void aLongWrittenAnswerIsShownWholeAndWrappedUnderItsQuestion() {
    Harness h = replayed(220, 40);

    List<String> lines = transcript(h);
    assertThat(lines).contains("  ⎿ · Which language should the tool be written in? → Java");
    assertThat(paragraphFrom(lines, "Where should the records be kept?"))
        .contains("· Where should the records be kept? → " + RecordingScenario.LONG_ANSWER);
    assertThat(lines).noneMatch(line -> line.contains("You can now continue"));
  }

  @Test
  void aLongAnswerFoldsOnANarrowScreenAndEnterShowsTheRestWithNothingCut() {
    Harness h = replayed(60, 40);

    List<String> folded = transcript(h);
    assertThat(folded)
        .anyMatch(line -> line.matches(" +… \\d+ more answer lines \\(Enter expands\\)"));

    h.key(KeyType.Tab).type("pppp").key(KeyType.Enter);

    List<String> expanded = transcript(h);
    assertThat(expanded).noneMatch(line -> line.contains("more answer lines"));
    String answer = paragraphFrom(expanded, "Where should the records be kept?");
    for (String word : RecordingScenario.LONG_ANSWER.split(" ")) {
      if (!word.startsWith("https://")) {
        assertThat(answer).contains(word);
      }
    }
    assertThat(expanded)
        .filteredOn(line -> line.startsWith("  "))
        .allMatch(line -> line.length() <= 60 && !line.endsWith("…"));
  }

  @Test
  void anApprovedPlanStaysAsRenderedMarkdownAndAPlanSentBackSaysSoWithTheFeedback() {
    Harness h = replayed(120, 60);

    List<String> lines = transcript(h);
    assertThat(paragraphFrom(lines, "⎿ Not approved:"))
        .startsWith(
            "⎿ Not approved: The user wants to keep planning; do not start yet. Feedback: plain"
                + " files first, as I answered. Plan");
    assertThat(lines).contains("    1. Use SQLite", "  ⎿ Plan approved");
    int approved = lines.indexOf("  ⎿ Plan approved");
    List<String> plan = lines.subList(approved + 1, lines.size());
    assertThat(plan.stream().map(String::strip))
        .contains("Plan: keep records in files", "Steps")
        .anyMatch(line -> line.contains("1. Add a RecordStore that writes one JSON file a day"))
        .noneMatch(line -> line.startsWith("#") || line.contains("**"));
    assertThat(plan).anyMatch(line -> line.matches(" +… \\d+ more plan lines \\(Enter expands\\)"));
  }

  @Test
  void enterOnAFoldedPlanShowsAllOfIt() {
    Harness h = replayed(120, 60);

    h.key(KeyType.Tab).type("p").key(KeyType.Enter);

    List<String> lines = transcript(h);
    assertThat(lines).noneMatch(line -> line.contains("more plan lines"));
    assertThat(lines.stream().map(String::strip))
        .contains("• Two processes writing at once: take a lock file");
  }
}

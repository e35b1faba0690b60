package dev.milktui.tui.transcript;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TranscriptTest {

  private static List<String> lines(Transcript t) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < t.lineCount(); i++) {
      out.add(t.line(i).plain());
    }
    return out;
  }

  @Test
  void proseWrapsAtWordsAndEachParagraphEndsWithABlankLine() {
    Transcript t = new Transcript();
    t.setWidth(10);
    t.add(Paragraph.Kind.INFO, "the quick brown fox jumps");
    assertThat(lines(t)).containsExactly("the quick", "brown fox", "jumps", "");
  }

  @Test
  void markdownBlocksRenderTheTextAsMarkdownAndFollowAppends() {
    Transcript t = new Transcript();
    t.setWidth(30);
    MarkdownBlock block = new MarkdownBlock();
    t.add(block);
    t.append(block, "# Title\n\nsome **bold");
    t.append(block, "** text\n");
    assertThat(lines(t)).containsExactly("Title", "", "some bold text", "");
  }

  @Test
  void appendingInChunksWrapsExactlyLikeTheWholeText() {
    String text = "alpha beta gamma\ncode line that is long\n\ndelta epsilon zeta eta";
    Transcript whole = new Transcript();
    whole.setWidth(9);
    whole.add(Paragraph.Kind.INFO, text);
    Transcript chunked = new Transcript();
    chunked.setWidth(9);
    Paragraph p = chunked.add(Paragraph.Kind.INFO, "");
    for (int i = 0; i < text.length(); i += 3) {
      chunked.append(p, text.substring(i, Math.min(text.length(), i + 3)));
    }
    assertThat(lines(chunked)).isEqualTo(lines(whole));
  }

  @Test
  void deltasSplittingAnEmojiOrAnEscapeSequenceShowWhatTheWholeTextShows() {
    String text =
        "# Emoji 👩‍💻 and 🇫🇷\n\nA \u001b[31mred\u001b[0m word, 1️⃣ ⚠️ and 中文\n\n| a | 😀 |\n|---|---|\n"
            + "| e\u0301 | \u001b]0;title\u0007x |\n";
    Transcript whole = new Transcript();
    whole.setWidth(30);
    MarkdownBlock all = new MarkdownBlock();
    whole.add(all);
    whole.append(all, text);
    Paragraph thinking = whole.add(Paragraph.Kind.THINKING, text);
    Transcript streamed = new Transcript();
    streamed.setWidth(30);
    MarkdownBlock block = new MarkdownBlock();
    streamed.add(block);
    for (int i = 0; i < text.length(); i++) {
      streamed.append(block, text.substring(i, i + 1));
    }
    Paragraph p = streamed.add(Paragraph.Kind.THINKING, "");
    for (int i = 0; i < text.length(); i++) {
      streamed.append(p, text.substring(i, i + 1));
    }
    assertThat(lines(streamed)).isEqualTo(lines(whole)).noneMatch(l -> l.contains("\uFFFD"));
    assertThat(p.text()).isEqualTo(thinking.text());
  }

  @Test
  void tabsInAParagraphAreDrawnAsSpacesToTheirTabStops() {
    Transcript t = new Transcript();
    t.setWidth(40);
    t.add(Paragraph.Kind.USER, "> a\tb\n\tindented\nabcd\tx");
    assertThat(lines(t)).containsExactly("> a b", "    indented", "abcd    x", "");
  }

  @Test
  void aBlockKeepsItsFirstMebiCharactersAndSaysTheRestIsNotKept() {
    Transcript t = new Transcript();
    t.setWidth(80);
    Paragraph p = t.add(Paragraph.Kind.INFO, "");
    String chunk = "x".repeat(1000) + "\n";
    for (int i = 0; i < 1100; i++) {
      t.append(p, chunk);
    }

    assertThat(p.text()).hasSize(Paragraph.MAX_CHARS + Paragraph.CUT_MARKER.length());
    assertThat(p.text()).endsWith(Paragraph.CUT_MARKER);
    assertThat(lines(t)).contains("… (the rest of this block is not kept: over 1 Mi characters)");
  }

  @Test
  void aWidthChangeRewrapsEverything() {
    Transcript t = new Transcript();
    t.setWidth(40);
    t.add(Paragraph.Kind.INFO, "one two three four five");
    assertThat(t.lineCount()).isEqualTo(2);
    t.setWidth(9);
    assertThat(lines(t)).containsExactly("one two", "three", "four five", "");
  }

  @Test
  void collapsedThinkingTakesOneLine() {
    Transcript t = new Transcript();
    t.setWidth(20);
    t.add(Paragraph.Kind.THINKING, "a\nb\nc");
    t.add(Paragraph.Kind.INFO, "answer");
    t.setThinkingCollapsed(true);
    assertThat(lines(t).get(0)).contains("thinking (3 lines hidden");
    assertThat(lines(t).get(2)).isEqualTo("answer");
  }

  @Test
  void removingAParagraphReindexesTheLinesAfterIt() {
    Transcript t = new Transcript();
    t.setWidth(20);
    t.add(Paragraph.Kind.USER, "> hi");
    Paragraph gone = t.add(Paragraph.Kind.INFO, "partial");
    t.add(Paragraph.Kind.INFO, "note");
    t.remove(gone);
    assertThat(lines(t)).containsExactly("> hi", "", "note", "");
  }

  @Test
  void aHundredThousandLinesStayIndexedAndAppendsTouchOnlyTheTail() {
    Transcript t = new Transcript();
    t.setWidth(80);
    for (int i = 0; i < 50_000; i++) {
      t.add(Paragraph.Kind.INFO, "line " + i);
    }
    Paragraph tail = t.add(Paragraph.Kind.INFO, "");
    for (int i = 0; i < 10_000; i++) {
      t.append(tail, "x ");
      t.lineCount();
    }
    assertThat(t.lineCount()).isGreaterThan(100_000);
    assertThat(t.line(2 * 31_337).plain()).isEqualTo("line 31337");
  }

  @Test
  void textIsSanitisedOnTheWayIn() {
    Transcript t = new Transcript();
    t.add(Paragraph.Kind.INFO, "\u001b]0;title\u0007safe\u001b[31m");
    assertThat(t.line(0).plain()).isEqualTo("safe");
  }
}

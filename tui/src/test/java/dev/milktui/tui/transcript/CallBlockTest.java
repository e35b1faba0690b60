package dev.milktui.tui.transcript;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.diff.FileDiffs;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.protocol.Json;
import dev.milktui.tui.Events;
import dev.milktui.tui.text.Columns;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CallBlockTest {
  private final Transcript transcript = new Transcript();
  private final Conversation conversation = new Conversation();

  CallBlockTest() {
    transcript.setWidth(60);
    conversation.listen(new CellFeed(transcript));
  }

  private static ObjectNode input(String key, String value) {
    ObjectNode node = Json.object();
    node.put(key, value);
    return node;
  }

  private List<String> expandedLines() {
    CallBlock block = (CallBlock) transcript.blocks().get(0);
    block.expanded(true);
    transcript.changed(block);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < transcript.lineCount(); i++) {
      out.add(transcript.line(i).plain());
    }
    return out;
  }

  @Test
  void anMcpCallIsShownWithItsServerAndToolAsClaudeCodeShowsIt() {
    conversation.apply(
        new SessionEvent.ToolFinished(
            Events.tool(
                "toolu_1",
                "mcp__github__create_issue",
                input("title", "Crash"),
                ToolOutcome.OK,
                "created #7")));
    assertThat(expandedLines().get(0)).startsWith("● github - create_issue (MCP)");
  }

  @Test
  void tabsInAResultAreDrawnAsSpacesToTheirTabStops() {
    conversation.apply(
        new SessionEvent.ToolFinished(
            Events.tool(
                "toolu_1",
                "Bash",
                input("command", "git status"),
                ToolOutcome.OK,
                "Changes:\n\tmodified:   a.txt\nab\tcd")));
    assertThat(expandedLines())
        .noneMatch(line -> line.contains("\t"))
        .contains("        modified:   a.txt", "    ab  cd");
  }

  @Test
  void tabsInADiffAreDrawnAsSpacesToTheirTabStops() {
    ObjectNode edit = input("file_path", "/w/Makefile");
    conversation.apply(
        new SessionEvent.ToolStarted(
            Events.tool("toolu_1", "Edit", edit, ToolOutcome.RUNNING, "")));
    conversation.apply(
        new SessionEvent.ToolDiffReady(
            "toolu_1",
            FileDiffs.between("/w/Makefile", "all:\nCC\t= gcc\n", "all:\nCC\t= clang\n")));
    assertThat(expandedLines())
        .noneMatch(line -> line.contains("\t"))
        .anyMatch(line -> line.endsWith("2 - CC  = gcc"));
  }

  @Test
  void aDiffLineLongerThanThePaneGoesOnUnderItselfRatherThanBeingCut() {
    String longLine = "value = " + "abcdefghij".repeat(12) + ";";
    conversation.apply(
        new SessionEvent.ToolStarted(
            Events.tool(
                "toolu_1", "Edit", input("file_path", "/w/a.txt"), ToolOutcome.RUNNING, "")));
    conversation.apply(
        new SessionEvent.ToolDiffReady(
            "toolu_1", FileDiffs.between("/w/a.txt", "a\nold\n", "a\n" + longLine + "\n")));

    List<String> lines = expandedLines();
    assertThat(lines).allMatch(line -> Columns.width(line) <= 60).noneMatch(l -> l.contains("…"));
    int at = lines.indexOf(lines.stream().filter(l -> l.contains("2 + value")).findFirst().get());
    String margin = lines.get(at).substring(0, lines.get(at).indexOf("value"));
    StringBuilder joined = new StringBuilder(lines.get(at).substring(margin.length()));
    for (int i = at + 1;
        i < lines.size()
            && lines.get(i).startsWith(margin.replaceAll(".", " "))
            && !lines.get(i).isBlank();
        i++) {
      joined.append(lines.get(i).substring(margin.length()));
    }
    assertThat(joined.toString()).isEqualTo(longLine);
  }

  @Test
  void whatAWriteWroteIsShownOnceExpandedAndNotBefore() {
    ObjectNode write = input("file_path", "/p/notes.txt");
    write.put("content", "first line\nsecond line");
    conversation.apply(
        new SessionEvent.ToolFinished(
            Events.tool("w1", "Write", write, ToolOutcome.OK, "File created successfully")));
    List<String> folded = new ArrayList<>();
    for (int i = 0; i < transcript.lineCount(); i++) {
      folded.add(transcript.line(i).plain());
    }
    assertThat(folded).noneMatch(l -> l.contains("second line"));
    for (int width : new int[] {20, 60, 120}) {
      transcript.setWidth(width);
      List<String> lines = expandedLines();
      assertThat(lines).anyMatch(l -> l.contains("▸ content:"));
      assertThat(String.join("", lines).replace(" ", ""))
          .contains("firstline")
          .contains("secondline");
    }
  }
}

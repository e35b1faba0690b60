package dev.milktui.tui.transcript;

import dev.milktui.tui.search.SearchModel;
import dev.milktui.tui.text.StyledLine;
import java.util.ArrayList;
import java.util.List;

/**
 * The transcript as the search reads it: each block's lines as shown, a folded tool call's as it
 * shows once expanded (its output, its subagent's work, its whole diff), and nothing of thinking
 * hidden by the thinking toggle.
 */
final class TranscriptSearch implements SearchModel.Source {
  private final Transcript transcript;

  TranscriptSearch(Transcript transcript) {
    this.transcript = transcript;
  }

  @Override
  public int blocks() {
    return transcript.paragraphCount();
  }

  @Override
  public List<String> lines(int index) {
    Block block = transcript.blocks().get(index);
    if (transcript.thinkingCollapsed() && block.isThinking()) {
      return List.of();
    }
    List<StyledLine> lines;
    if (block instanceof CallBlock call) {
      lines = call.searchLines();
    } else {
      lines = new ArrayList<>(block.lineCount());
      for (int i = 0; i < block.lineCount(); i++) {
        lines.add(block.line(i));
      }
    }
    List<String> plain = new ArrayList<>(lines.size());
    for (StyledLine line : lines) {
      plain.add(line.plain());
    }
    return plain;
  }
}

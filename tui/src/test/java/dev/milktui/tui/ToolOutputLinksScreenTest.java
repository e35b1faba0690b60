package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
import org.junit.jupiter.api.Test;

/**
 * A URL in a tool's output is a link wherever the output is shown whole: the expanded call in the
 * transcript, the tool pane's details and the detail view; wrapped, every row links to all of it.
 */
class ToolOutputLinksScreenTest {
  private static final String URL =
      "https://example.com/releases/download/v1.2.3/a-rather-long-file-name-for-the-archive"
          + "-of-this-release.tar.gz?mirror=eu";

  private static Harness withAFetch() {
    Harness h = new Harness(80, 30);
    h.events(
        new SessionEvent.UserPrompt("where is it?", false),
        new SessionEvent.ToolFinished(
            Events.tool(
                "t1",
                "Bash",
                Events.input("command", "grep -r download notes"),
                ToolOutcome.OK,
                "notes/release.md: get it from " + URL + " (or the mirror)\nno more")));
    return h;
  }

  @Test
  void aUrlInAnExpandedCallsOutputLinksToTheWholeUrlOnEveryRow() {
    Harness h = withAFetch();
    assertThat(h.linked(URL)).isEmpty();

    h.key(KeyType.Tab).type("p").key(KeyType.Enter);

    assertThat(h.screen()).contains("no more");
    assertThat(h.linked(URL)).isEqualTo(URL);
  }

  @Test
  void aUrlInTheToolPanesDetailsOfACallLinksToTheWholeUrl() {
    Harness h = withAFetch();
    h.key(KeyType.Tab).key(KeyType.Tab).key(KeyType.Enter);

    assertThat(h.screen()).contains("Tool call", "no more");
    assertThat(h.linked(URL)).isEqualTo(URL);
  }

  @Test
  void aUrlInTheDetailViewLinksToTheWholeUrl() {
    Harness h = withAFetch();
    h.ctrl('o');

    assertThat(h.screen()).contains("Detail view", "no more");
    assertThat(h.linked(URL)).isEqualTo(URL);
  }
}

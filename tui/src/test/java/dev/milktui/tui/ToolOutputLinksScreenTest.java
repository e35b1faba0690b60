package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
import org.junit.jupiter.api.Test;

/**
 * A URL in a tool's output is a link wherever the output is shown whole: the expanded call in the
 * transcript, the tool pane's details and the detail view; wrapped, every row links to all of it.
 * The tool pane's one-line rows link a URL only where the row shows it whole.
 */
class ToolOutputLinksScreenTest {
  private static final String URL =
      "https://example.com/releases/download/v1.2.3/a-rather-long-file-name-for-the-archive"
          + "-of-this-release.tar.gz?mirror=eu";

  private static Harness withAFetch() {
    return withACall(
        80,
        "grep -r download notes",
        "notes/release.md: get it from " + URL + " (or the mirror)\nno more");
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

  private static final String SHORT = "https://example.com/a";
  private static final String MID = "https://example.com/releases/download/v1.2.3/notes.txt";

  private static Harness withACall(int columns, String command, String output) {
    Harness h = new Harness(columns, 30);
    h.events(
        new SessionEvent.UserPrompt("go", false),
        new SessionEvent.ToolFinished(
            Events.tool("t1", "Bash", Events.input("command", command), ToolOutcome.OK, output)));
    return h;
  }

  /** The tool pane's row of the call. */
  private static int paneRow(Harness h) {
    int row = h.rowWith("✓ ok");
    assertThat(row).isNotNegative();
    return row;
  }

  @Test
  void aToolPaneRowLinksAUrlItShowsWhole() {
    Harness h = withACall(100, "curl -s " + SHORT, "fetched " + SHORT + " in 2 s");
    int row = paneRow(h);

    assertThat(h.screen().split("\\n")[row]).contains("curl -s " + SHORT, "→ fetched " + SHORT);
    assertThat(h.linked(SHORT, row)).isEqualTo(SHORT + SHORT);
  }

  @Test
  void aToolPaneRowDoesNotLinkAUrlItsEllipsisCuts() {
    Harness h = withACall(100, "grep -r download notes", "notes/release.md: get it from " + URL);
    int row = paneRow(h);

    assertThat(h.screen().split("\\n")[row]).contains("from https://example.com/", "…");
    assertThat(h.anyLinked(row)).isFalse();
  }

  @Test
  void aRowCutInAPathLinksTheUrlBeforeTheCutAndNotTheOneAfter() {
    String command =
        "curl "
            + SHORT
            + " -o /srv/a/very/long/directory/name/that/goes/on/and/on/and/on/notes.txt && open "
            + MID;
    Harness h = withACall(100, command, "");
    int row = paneRow(h);

    assertThat(h.screen().split("\\n")[row])
        .contains("curl " + SHORT + " -o /srv/a/", "…")
        .doesNotContain("open");
    assertThat(h.linked(SHORT, row)).isEqualTo(SHORT);
    assertThat(h.linked(MID, row)).isEmpty();
  }

  @Test
  void narrowingTheScreenUntilTheUrlIsCutTakesItsLinkAway() {
    Harness h = withACall(100, "ls", "it is at " + MID);
    assertThat(h.linked(MID, paneRow(h))).isEqualTo(MID);

    h.resize(70, 30);

    int row = paneRow(h);
    assertThat(h.screen().split("\\n")[row]).contains("it is at https://example.com/", "…");
    assertThat(h.anyLinked(row)).isFalse();
  }

  @Test
  void wideCharactersBeforeAUrlLeaveItsLinkExactlyOnItsCells() {
    Harness h = withACall(100, "echo", "日本語のページ：" + SHORT + " です");
    int row = paneRow(h);

    assertThat(h.screen().split("\\n")[row]).contains("：" + SHORT + " で");
    assertThat(h.linked(SHORT, row)).isEqualTo(SHORT);
  }
}

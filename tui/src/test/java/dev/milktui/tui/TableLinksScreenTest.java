package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Links in a reply's tables reach the screen's cells in both of a table's layouts (boxed, and one
 * "header: value" record per row where it is too wide), quoted or not, and stay links under a
 * search's highlight.
 */
class TableLinksScreenTest {
  private static final String DOCS = "https://example.com/docs/start-here";
  private static final String SITE = "https://example.org/a/rather/long/path/to/the/page";

  private static final String TABLE =
      "| [Docs](" + DOCS + ") | where |\n|---|---|\n| guide | " + SITE + " |\n";

  /** A table of eight columns: boxed on a wide screen, records on a narrow one. */
  private static final String WIDE_TABLE =
      "| [Docs]("
          + DOCS
          + ") | where | second | third | fourth | fifth | sixth | seventh |\n"
          + "|---|---|---|---|---|---|---|---|\n"
          + "| guide | "
          + SITE
          + " | twelve | thirteen | fourteen | fifteen | sixteen | seventeen |\n";

  private static Harness replied(int columns, String markdown) {
    Harness h = new Harness(columns, 30);
    h.events(
        new SessionEvent.UserPrompt("links?", false),
        new SessionEvent.TextDelta("m1", 0, markdown),
        new SessionEvent.TurnFinished(Events.summary(List.of(), List.of())));
    return h.pump();
  }

  @Test
  void aBoxedTablesCellsLinkTheirWholeUrlsOnEveryRow() {
    Harness h = replied(60, TABLE);
    assertThat(h.screen()).contains("┌");
    assertThat(h.linked(DOCS)).startsWith("Docs");
    assertThat(h.linked(SITE)).isEqualTo(SITE);
  }

  @Test
  void aTableShownAsRecordsKeepsTheLinksOfItsHeaderAndItsCells() {
    Harness h = replied(60, WIDE_TABLE);
    assertThat(h.screen()).doesNotContain("┌").contains("where: ");
    assertThat(h.linked(DOCS)).isEqualTo("Docs" + DOCS);
    assertThat(h.linked(SITE)).isEqualTo(SITE);
  }

  @Test
  void aQuotedTableKeepsItsLinksInBothLayouts() {
    String quoted = "> " + WIDE_TABLE.replace("\n", "\n> ");
    Harness records = replied(60, quoted);
    assertThat(records.screen()).contains("│ where: ");
    assertThat(records.linked(DOCS)).isEqualTo("Docs" + DOCS);
    assertThat(records.linked(SITE)).isEqualTo(SITE);

    Harness boxed = replied(140, quoted);
    assertThat(boxed.screen()).contains("│ ┌");
    assertThat(boxed.linked(SITE)).isEqualTo(SITE);
  }

  @Test
  void aSearchMatchInsideAUrlStaysPartOfTheLink() {
    Harness h = replied(60, TABLE);
    h.ctrl('f').type("example.org");
    assertThat(h.screen()).contains("1 of 1");
    assertThat(h.linked(SITE)).isEqualTo(SITE);
  }
}

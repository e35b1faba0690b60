package dev.milktui.tui.layout;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.gui2.Component;
import java.util.List;
import org.junit.jupiter.api.Test;

class DialogLayoutTest {
  private static final WrappedText HEADING = new WrappedText("one\ntwo\nthree");
  private static final ScrollText PREVIEW = ScrollText.code("line\n".repeat(49) + "line");
  private static final WrappedText FOOTER = new WrappedText("four\nfive");

  @Test
  void everyPartGetsWhatItNeedsWhenThereIsRoom() {
    List<Component> parts = List.of(HEADING, PREVIEW, FOOTER);
    assertThat(DialogLayout.rows(parts, 40, 100)).containsExactly(3, 50, 2);
  }

  @Test
  void aScrollingPartGivesUpRowsFirst() {
    List<Component> parts = List.of(HEADING, PREVIEW, FOOTER);
    assertThat(DialogLayout.rows(parts, 40, 12)).containsExactly(3, 7, 2);
  }

  @Test
  void belowAScrollingPartsMinimumWrappedTextIsCutNextDownToARow() {
    List<Component> parts = List.of(HEADING, PREVIEW, FOOTER);
    assertThat(DialogLayout.rows(parts, 40, 6)).containsExactly(1, 3, 2);
  }

  @Test
  void textWrapsToTheWidthItIsGiven() {
    WrappedText prose = new WrappedText("alpha beta gamma delta");
    assertThat(DialogLayout.rows(List.of(prose), 11, 100)).containsExactly(2);
    assertThat(DialogLayout.rows(List.of(prose), 40, 100)).containsExactly(1);
  }
}

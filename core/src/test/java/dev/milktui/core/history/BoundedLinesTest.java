package dev.milktui.core.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoundedLinesTest {
  @Test
  void aLineLongerThanTheBoundIsSkippedWholeAndTheNextOnesStillCome() throws Exception {
    String text = "short\r\n" + "x".repeat(50) + "\nafter\n\nlast";
    assertThat(read(text, 10)).containsExactly("short", "after", "", "last");
  }

  @Test
  void aLongLastLineWithoutALineEndIsSkippedToo() throws Exception {
    assertThat(read("one\n" + "y".repeat(11), 10)).containsExactly("one");
  }

  @Test
  void aLineOfExactlyTheBoundIsKept() throws Exception {
    assertThat(read("z".repeat(10) + "\n", 10)).containsExactly("z".repeat(10));
  }

  private static List<String> read(String text, int max) throws Exception {
    List<String> lines = new ArrayList<>();
    try (BoundedLines bounded = new BoundedLines(new BufferedReader(new StringReader(text)), max)) {
      for (String line = bounded.next(); line != null; line = bounded.next()) {
        lines.add(line);
      }
    }
    return lines;
  }
}

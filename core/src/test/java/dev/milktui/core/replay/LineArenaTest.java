package dev.milktui.core.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LineArenaTest {
  private static final byte[] SYSTEM = "{\"type\":\"system\"}".getBytes(StandardCharsets.UTF_8);

  @Test
  void everyLineReadsBackAsItWasAddedWhateverArraysItSharesOrFills() {
    LineArena arena = new LineArena(LineArena.LARGEST);
    Random random = new Random(1);
    List<String> added = new ArrayList<>();
    List<ReplayScript.Line> lines = new ArrayList<>();
    long bytes = 0;
    while (bytes < 6L * LineArena.LARGEST) {
      int length =
          random.nextInt(8) == 0 ? random.nextInt(LineArena.LARGEST / 4) : random.nextInt(3000);
      String text = "é".repeat(length / 2) + (char) ('a' + random.nextInt(26));
      byte[] json = text.getBytes(StandardCharsets.UTF_8);
      added.add(text);
      lines.add(arena.add(json, 0, json.length));
      bytes += json.length;
    }
    Set<byte[]> arrays = Collections.newSetFromMap(new IdentityHashMap<>());
    for (int i = 0; i < lines.size(); i++) {
      assertThat(lines.get(i).text().equals(added.get(i))).as("line %d", i).isTrue();
      arrays.add(lines.get(i).bytes());
    }
    assertThat(arrays.size()).as("arrays shared by lines").isLessThan(lines.size() / 4);
    assertThat(arrays.stream().mapToInt(array -> array.length).max().orElse(0))
        .isEqualTo(LineArena.LARGEST);
  }

  @Test
  void aLineLargerThanAnEighthOfTheLargestArrayGetsAnArrayOfItsOwn() {
    byte[] json = new byte[LineArena.LARGEST / 8 + 3];
    ReplayScript.Line line = new LineArena(LineArena.LARGEST).add(json, 1, json.length - 2);
    assertThat(line.bytes()).isNotSameAs(json).hasSize(json.length - 2);
    assertThat(line.offset()).isZero();
    assertThat(line.length()).isEqualTo(json.length - 2);
  }

  @Test
  void aShortRecordingTakesLittleMoreThanItsOwnSize() {
    ReplayScript.Line line = new LineArena(LineArena.LARGEST).add(SYSTEM, 0, SYSTEM.length);
    assertThat(line.bytes().length).isEqualTo(LineArena.FIRST);
    assertThat(line.text()).isEqualTo("{\"type\":\"system\"}");
  }

  @Test
  void itsArraysShrinkSoThatAllArenasUnusedTailsStayWithinASixteenthOfTheHeap() {
    long gigabytes = 6L << 30;
    assertThat(LineArena.largestFor(gigabytes, 3)).isEqualTo(LineArena.LARGEST);
    long small = 300L << 20;
    for (int arenas : new int[] {1, 3, 17, 65}) {
      int largest = LineArena.largestFor(small, arenas);
      assertThat((long) largest * arenas)
          .isLessThanOrEqualTo(Math.max(small / 16, (long) LineArena.FIRST * arenas));
      assertThat(largest).isBetween(LineArena.FIRST, LineArena.LARGEST);
    }
  }
}

package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StderrLinesTest {
  @Test
  void keepsTheStartOfAnEndlessLineWithAMarkerAndDrainsEverythingAfterIt() throws IOException {
    long huge = 10_000_000;
    CountingStream in =
        new CountingStream(
            "first\r\n".getBytes(StandardCharsets.UTF_8),
            huge,
            "\nlast".getBytes(StandardCharsets.UTF_8));
    List<String> lines = new ArrayList<>();

    StderrLines.drain(in, 16, lines::add);

    assertThat(lines)
        .containsExactly("first", "y".repeat(16) + "… [" + (huge - 16) + " bytes cut]", "last");
    assertThat(in.exhausted()).isTrue();
  }

  @Test
  void splitsOrdinaryLinesLikeReadLine() throws IOException {
    List<String> lines = new ArrayList<>();

    StderrLines.drain(
        new ByteArrayInputStream("a\n\nWarning: é\n".getBytes(StandardCharsets.UTF_8)),
        StderrLines.MAX_LINE_BYTES,
        lines::add);

    assertThat(lines).containsExactly("a", "", "Warning: é");
  }

  /** A head, {@code count} bytes of 'y' produced on demand, and a tail. */
  private static final class CountingStream extends InputStream {
    private final byte[] head;
    private final byte[] tail;
    private final long count;
    private long position;

    CountingStream(byte[] head, long count, byte[] tail) {
      this.head = head;
      this.count = count;
      this.tail = tail;
    }

    @Override
    public int read() {
      long total = head.length + count + tail.length;
      if (position >= total) {
        return -1;
      }
      long at = position++;
      if (at < head.length) {
        return head[(int) at];
      }
      if (at < head.length + count) {
        return 'y';
      }
      return tail[(int) (at - head.length - count)];
    }

    @Override
    public int read(byte[] buffer, int offset, int length) {
      int n = 0;
      while (n < length) {
        int b = read();
        if (b < 0) {
          return n == 0 ? -1 : n;
        }
        buffer[offset + n++] = (byte) b;
      }
      return n;
    }

    boolean exhausted() {
      return position == head.length + count + tail.length;
    }
  }
}

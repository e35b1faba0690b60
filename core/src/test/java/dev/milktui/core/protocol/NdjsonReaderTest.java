package dev.milktui.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.testkit.Recordings;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class NdjsonReaderTest {

  /** Records everything the reader delivers, in order. */
  static class Recorder implements LineSink {
    final List<CliMessage> messages = new ArrayList<>();
    final List<MalformedLine> malformed = new ArrayList<>();
    final List<String> rawLines = new ArrayList<>();
    final List<IOException> ends = new ArrayList<>();

    @Override
    public void message(CliMessage message) {
      messages.add(message);
    }

    @Override
    public void malformed(MalformedLine line) {
      malformed.add(line);
    }

    @Override
    public void end(IOException failure) {
      ends.add(failure);
    }

    @Override
    public void rawLine(byte[] bytes, int offset, int length) {
      rawLines.add(new String(bytes, offset, length, StandardCharsets.UTF_8));
    }

    List<String> types() {
      return messages.stream().map(m -> m.raw().path("type").asText()).toList();
    }
  }

  static Recorder read(String input) {
    return read(input.getBytes(StandardCharsets.UTF_8), Integer.MAX_VALUE);
  }

  static Recorder read(byte[] input, int maxLineBytes) {
    Recorder recorder = new Recorder();
    new NdjsonReader(new ByteArrayInputStream(input), maxLineBytes, recorder).run();
    assertThat(recorder.ends).hasSize(1);
    return recorder;
  }

  @Test
  void framesLfAndCrlfLinesAlikeAndStripsTheCr() {
    Recorder r = read("{\"type\":\"a\"}\n{\"type\":\"b\"}\r\n{\"type\":\"c\"}\n");

    assertThat(r.types()).containsExactly("a", "b", "c");
    assertThat(r.rawLines)
        .containsExactly("{\"type\":\"a\"}", "{\"type\":\"b\"}", "{\"type\":\"c\"}");
    assertThat(r.malformed).isEmpty();
    assertThat(r.ends).containsExactly((IOException) null);
  }

  @Test
  void skipsBlankAndWhitespaceOnlyLinesWithoutReportingThem() {
    Recorder r = read("\n\r\n  \t \n{\"type\":\"a\"}\n\n\n{\"type\":\"b\"}\n \n");

    assertThat(r.types()).containsExactly("a", "b");
    assertThat(r.malformed).isEmpty();
    assertThat(r.rawLines).hasSize(2);
  }

  @Test
  void replacesInvalidUtf8InsteadOfLosingTheLine() {
    byte[] prefix = "{\"type\":\"x\",\"t\":\"a".getBytes(StandardCharsets.UTF_8);
    byte[] suffix = "b\"}\n{\"type\":\"next\"}\n".getBytes(StandardCharsets.UTF_8);
    byte[] input = new byte[prefix.length + 2 + suffix.length];
    System.arraycopy(prefix, 0, input, 0, prefix.length);
    input[prefix.length] = (byte) 0xff;
    input[prefix.length + 1] = (byte) 0xc3; // a lead byte without its continuation
    System.arraycopy(suffix, 0, input, prefix.length + 2, suffix.length);

    Recorder r = read(input, Integer.MAX_VALUE);

    assertThat(r.malformed).isEmpty();
    assertThat(r.types()).containsExactly("x", "next");
    assertThat(r.messages.get(0).raw().get("t").textValue()).isEqualTo("a\uFFFD\uFFFDb");
  }

  @Test
  void parsesACompleteLastLineWithoutNewline() {
    Recorder r = read("{\"type\":\"a\"}\n{\"type\":\"b\"}");

    assertThat(r.types()).containsExactly("a", "b");
    assertThat(r.ends).containsExactly((IOException) null);
  }

  @Test
  void reportsATruncatedLastLineAndEndsCleanly() {
    Recorder r = read("{\"type\":\"a\"}\n{\"type\":\"result\",\"is_er");

    assertThat(r.types()).containsExactly("a");
    assertThat(r.malformed)
        .singleElement()
        .satisfies(
            m -> {
              assertThat(m.lineNumber()).isEqualTo(2);
              assertThat(m.reason()).startsWith("invalid JSON");
              assertThat(m.excerpt()).isEqualTo("{\"type\":\"result\",\"is_er");
            });
    assertThat(r.ends).containsExactly((IOException) null);
  }

  @Test
  void reportsNonJsonAndNonObjectLinesAndGoesOnWithTheNext() {
    Recorder r =
        read("not json at all\n{\"type\":\"a\"}\n[1,2]\n42\n\"text\"\nnull\n{\"type\":\"b\"}\n");

    assertThat(r.types()).containsExactly("a", "b");
    assertThat(r.malformed)
        .extracting(MalformedLine::lineNumber)
        .containsExactly(1L, 3L, 4L, 5L, 6L);
    assertThat(r.malformed.get(0).reason()).startsWith("invalid JSON");
    assertThat(r.malformed.get(0).excerpt()).isEqualTo("not json at all");
    assertThat(r.malformed.get(1).reason()).isEqualTo("not a JSON object");
  }

  @Test
  void reportsTrailingGarbageAfterAnObject() {
    Recorder r =
        read("{\"type\":\"a\"} trailing\n{\"type\":\"a\"}{\"type\":\"b\"}\n{\"type\":\"c\"}\n");

    assertThat(r.types()).containsExactly("c");
    assertThat(r.malformed).extracting(MalformedLine::lineNumber).containsExactly(1L, 2L);
  }

  @Test
  void cutsTheExcerptOfALongBadLine() {
    Recorder r = read("x".repeat(10_000) + "\n");

    assertThat(r.malformed)
        .singleElement()
        .satisfies(
            m -> {
              assertThat(m.sizeBytes()).isEqualTo(10_000);
              assertThat(m.excerpt()).hasSize(201).endsWith("…");
            });
  }

  @Test
  void keepsUnknownTypesWithTheirRawJson() {
    Recorder r = read("{\"type\":\"from_the_future\",\"payload\":{\"n\":[1,2]}}\n");

    assertThat(r.messages).singleElement().isInstanceOf(UnknownMessage.class);
    UnknownMessage unknown = (UnknownMessage) r.messages.get(0);
    assertThat(unknown.type()).isEqualTo("from_the_future");
    assertThat(unknown.raw().at("/payload/n/1").intValue()).isEqualTo(2);
  }

  @Test
  void skipsALineAboveTheCapReportsItAndReadsTheNextLine() {
    String big = "{\"type\":\"user\",\"pad\":\"" + "p".repeat(5_000) + "\"}";
    String input = "{\"type\":\"a\"}\n" + big + "\n{\"type\":\"b\"}\n";

    Recorder r = read(input.getBytes(StandardCharsets.UTF_8), 1_024);

    assertThat(r.types()).containsExactly("a", "b");
    assertThat(r.malformed)
        .singleElement()
        .satisfies(
            m -> {
              assertThat(m.lineNumber()).isEqualTo(2);
              assertThat(m.sizeBytes()).isEqualTo(big.length());
              assertThat(m.reason()).contains("exceeds the cap of 1024 bytes");
            });
    assertThat(r.rawLines).hasSize(2);
  }

  @Test
  void acceptsA64MibToolResultLineAndKeepsItsFirstMebibyteWithAMarker() {
    int size = 64 * 1024 * 1024;
    String head =
        "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\","
            + "\"tool_use_id\":\"big\",\"is_error\":false,\"content\":\"";
    InputStream in =
        new SequenceInputStream(
            Collections.enumeration(
                List.of(
                    stream(head),
                    new RepeatedByteStream((byte) 'a', size),
                    stream("\"}]}}\n{\"type\":\"after\"}\n"))));
    List<String> resultEnds = new ArrayList<>();
    List<String> types = new ArrayList<>();
    Recorder failures = new Recorder();

    new NdjsonReader(
            in,
            new LineSink() {
              @Override
              public void message(CliMessage message) {
                types.add(message.raw().path("type").asText());
                if (message instanceof UserMessage user) {
                  String text = ((ContentBlock.ToolResult) user.content().get(0)).text();
                  resultEnds.add(text.length() + ":" + text.substring(text.length() - 30));
                }
              }

              @Override
              public void malformed(MalformedLine line) {
                failures.malformed(line);
              }

              @Override
              public void end(IOException failure) {
                failures.end(failure);
              }
            })
        .run();

    assertThat(failures.malformed).isEmpty();
    assertThat(failures.ends).containsExactly((IOException) null);
    assertThat(types).containsExactly("user", "after");
    String marker = "… [" + (size - NdjsonReader.MAX_STRING_BYTES) + " bytes cut]";
    assertThat(resultEnds)
        .containsExactly(
            (NdjsonReader.MAX_STRING_BYTES + marker.length())
                + ":"
                + ("a".repeat(30) + marker).substring(marker.length()));
  }

  @Test
  void cutsLongStringsWithAVisibleMarkerAndTheLineStillParses() {
    String line =
        "{\"type\":\"user\",\"short\":\"ok\",\"long\":\"" + "é".repeat(40) + "\\\"q\\u00e9\"}\n";
    Recorder r = new Recorder();

    new NdjsonReader(stream(line), Integer.MAX_VALUE, 15, r).run();

    assertThat(r.malformed).isEmpty();
    JsonNode parsed = r.messages.get(0).raw();
    assertThat(parsed.get("short").textValue()).isEqualTo("ok");
    // 15 bytes is seven and a half é: the cut waits for the next whole character.
    assertThat(parsed.get("long").textValue()).isEqualTo("é".repeat(8) + "… [73 bytes cut]");
    assertThat(r.rawLines).containsExactly(line.strip());
  }

  @Test
  void keepsAPermissionRequestWholeBecauseItsInputIsSentBack() {
    String content = "x".repeat(200);
    String line =
        "{\"request\":{\"subtype\":\"can_use_tool\",\"input\":{\"content\":\""
            + content
            + "\"}},\"type\":\"control_request\",\"request_id\":\"r1\"}\n";
    Recorder r = new Recorder();

    new NdjsonReader(stream(line), Integer.MAX_VALUE, 15, r).run();

    assertThat(r.messages.get(0).raw().at("/request/input/content").textValue()).isEqualTo(content);
  }

  @Test
  void aLineThatDoesNotFitInMemoryIsSkippedWithANoticeAndTheNextLinesStillArrive() {
    Recorder r =
        new Recorder() {
          @Override
          public void message(CliMessage message) {
            if (message.raw().path("type").asText().equals("huge")) {
              throw new OutOfMemoryError("Java heap space");
            }
            super.message(message);
          }
        };

    new NdjsonReader(stream("{\"type\":\"huge\"}\n{\"type\":\"after\"}\n"), r).run();

    assertThat(r.types()).containsExactly("after");
    assertThat(r.malformed)
        .singleElement()
        .satisfies(
            m -> {
              assertThat(m.lineNumber()).isEqualTo(1);
              assertThat(m.reason()).contains("does not fit in memory", "MILK_TUI_JAVA_OPTS");
            });
    assertThat(r.ends).containsExactly((IOException) null);
  }

  @Test
  void theLineCapIsAQuarterOfASmallHeapAndNeverAboveTheDefault() {
    assertThat(NdjsonReader.maxLineBytesFor(512L << 20)).isEqualTo(128 << 20);
    assertThat(NdjsonReader.maxLineBytesFor(1L << 30))
        .isEqualTo(NdjsonReader.DEFAULT_MAX_LINE_BYTES);
    assertThat(NdjsonReader.maxLineBytesFor(8L << 30))
        .isEqualTo(NdjsonReader.DEFAULT_MAX_LINE_BYTES);
  }

  @Test
  void endsWithTheFailureWhenTheStreamThrowsAfterDeliveringEarlierLines() {
    IOException broken = new IOException("pipe broke");
    InputStream in =
        new SequenceInputStream(
            stream("{\"type\":\"a\"}\n{\"type\":\"b\""),
            new InputStream() {
              @Override
              public int read() throws IOException {
                throw broken;
              }
            });
    Recorder r = new Recorder();

    new NdjsonReader(in, r).run();

    assertThat(r.types()).containsExactly("a");
    assertThat(r.ends).containsExactly(broken);
  }

  @Test
  void framingDoesNotDependOnHowTheStreamIsChunked() throws IOException {
    byte[] transcript = Files.readAllBytes(Recordings.ndjson("k-long-tool-keepalive"));
    Recorder whole = read(transcript, Integer.MAX_VALUE);
    Recorder chunked = new Recorder();

    new NdjsonReader(new RandomChunks(transcript, new Random(42)), 300, chunked).run();

    assertThat(whole.malformed).isEmpty();
    assertThat(chunked.rawLines)
        .isEqualTo(whole.rawLines.stream().filter(l -> l.length() <= 300).toList());
    assertThat(chunked.malformed).isNotEmpty().allMatch(m -> m.sizeBytes() > 300);
    assertThat(chunked.messages.size() + chunked.malformed.size()).isEqualTo(whole.messages.size());
  }

  @Test
  void countsLinesAndMalformedLines() {
    Recorder r = new Recorder();
    NdjsonReader reader =
        new NdjsonReader(
            new ByteArrayInputStream("{\"type\":\"a\"}\n\nbad\n".getBytes(StandardCharsets.UTF_8)),
            r);

    reader.run();

    assertThat(reader.lines()).isEqualTo(3);
    assertThat(reader.malformedLines()).isEqualTo(1);
  }

  private static InputStream stream(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }

  /** {@code count} copies of one byte, produced on demand. */
  private static final class RepeatedByteStream extends InputStream {
    private final byte value;
    private long remaining;

    RepeatedByteStream(byte value, long count) {
      this.value = value;
      this.remaining = count;
    }

    @Override
    public int read() {
      if (remaining == 0) {
        return -1;
      }
      remaining--;
      return value;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (remaining == 0) {
        return -1;
      }
      int n = (int) Math.min(len, remaining);
      Arrays.fill(b, off, off + n, value);
      remaining -= n;
      return n;
    }
  }

  /** Hands out the bytes in random small pieces, as a pipe might. */
  private static final class RandomChunks extends InputStream {
    private final byte[] data;
    private final Random random;
    private int position;

    RandomChunks(byte[] data, Random random) {
      this.data = data;
      this.random = random;
    }

    @Override
    public int read() {
      return position < data.length ? data[position++] & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (position == data.length) {
        return -1;
      }
      int n = Math.min(Math.min(len, 1 + random.nextInt(97)), data.length - position);
      System.arraycopy(data, position, b, off, n);
      position += n;
      return n;
    }
  }

  /**
   * The newline search that tests eight bytes at once finds the first newline wherever it lies in a
   * word, among bytes that differ from it by one bit or a borrow (0x0B, 0x8A, 0x09, 0x00, 0xFF).
   */
  @Test
  void theWordWiseNewlineSearchFindsTheFirstNewlineAsAByteByByteSearchDoes() {
    byte[] alphabet = {'\n', 0x0B, (byte) 0x8A, 0x09, 0x00, (byte) 0xFF, 'a', '{'};
    Random random = new Random(8);
    for (int round = 0; round < 20_000; round++) {
      byte[] bytes = new byte[1 + random.nextInt(40)];
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] = random.nextInt(4) == 0 ? alphabet[random.nextInt(alphabet.length)] : (byte) 'x';
      }
      int from = random.nextInt(bytes.length);
      int end = from + random.nextInt(bytes.length - from + 1);
      int expected = end;
      for (int i = from; i < end; i++) {
        if (bytes[i] == '\n') {
          expected = i;
          break;
        }
      }
      assertThat(NdjsonReader.newline(bytes, from, end))
          .as(Arrays.toString(bytes))
          .isEqualTo(expected);
    }
  }
}

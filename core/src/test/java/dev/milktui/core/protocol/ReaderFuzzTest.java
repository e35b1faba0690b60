package dev.milktui.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.session.SessionEngine;
import dev.milktui.core.testkit.Recordings;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Mutations of the recorded transcripts (truncation, byte flips, invalid UTF-8, 10 MB strings, deep
 * nesting, wrong JSON types for known fields, interleaved garbage) go through the real reader, the
 * session engine and the turn accumulator. Nothing may escape the reader; every non-blank line is
 * either a message or counted as malformed; the lines after a bad one still parse.
 *
 * <p>The build runs a fixed seed within a small budget. {@code scripts/fuzz SEED ITERATIONS} runs
 * longer: {@code -Dmilk.fuzz.seed}, {@code -Dmilk.fuzz.iterations}, {@code -Dmilk.fuzz.seconds}.
 */
class ReaderFuzzTest {
  private static final long SEED = Long.getLong("milk.fuzz.seed", 20261202L);
  private static final int ITERATIONS = Integer.getInteger("milk.fuzz.iterations", 300);
  private static final long SECONDS = Long.getLong("milk.fuzz.seconds", 4L);
  private static final String SENTINEL =
      "{\"type\":\"system\",\"subtype\":\"status\",\"status\":\"requesting\","
          + "\"session_id\":\"fuzz-sentinel\"}";

  /** Every recording, as lines without their newline. */
  private static final List<List<byte[]>> RECORDINGS = load();

  private static List<List<byte[]>> load() {
    List<List<byte[]>> all = new ArrayList<>();
    for (String name : Recordings.names()) {
      try {
        List<byte[]> lines = new ArrayList<>();
        for (String line : Files.readAllLines(Recordings.ndjson(name))) {
          lines.add(line.getBytes(StandardCharsets.UTF_8));
        }
        all.add(lines);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return all;
  }

  @Test
  void mutatedTranscriptsNeverEscapeTheReaderAndEveryLineIsAMessageOrCountedMalformed() {
    long deadline = System.nanoTime() + SECONDS * 1_000_000_000L;
    int done = 0;
    for (int i = 0; i < ITERATIONS && (done < 20 || System.nanoTime() < deadline); i++) {
      long seed = SEED + i;
      try {
        runOnce(new Random(seed));
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError(
            "fuzz case failed; reproduce with -Dmilk.fuzz.seed="
                + seed
                + " -Dmilk.fuzz.iterations=1",
            e);
      }
      done++;
    }
    System.out.println("ReaderFuzzTest: " + done + " cases from seed " + SEED);
    assertThat(done).isPositive();
  }

  private static void runOnce(Random random) {
    List<byte[]> source = RECORDINGS.get(random.nextInt(RECORDINGS.size()));
    List<byte[]> lines = new ArrayList<>();
    int untouched = 0;
    int garbage = 0;
    for (byte[] line : source) {
      if (random.nextInt(100) < 8) {
        lines.add(garbageLine(random));
        garbage++;
      }
      if (random.nextInt(100) < 25) {
        lines.add(mutate(line, random));
      } else {
        lines.add(line);
        untouched++;
      }
    }
    lines.add(SENTINEL.getBytes(StandardCharsets.UTF_8));
    long nonBlank = lines.stream().filter(l -> !isBlank(l)).count();

    ByteArrayOutputStream stream = new ByteArrayOutputStream();
    for (byte[] line : lines) {
      stream.writeBytes(line);
      stream.write(random.nextInt(10) == 0 ? '\r' : ' ');
      stream.write('\n');
    }

    List<SessionEvent> events = new ArrayList<>();
    SessionEngine engine = new SessionEngine(events::add);
    List<CliMessage> messages = new ArrayList<>();
    List<MalformedLine> malformed = new ArrayList<>();
    IOException[] ended = new IOException[1];
    boolean[] endCalled = new boolean[1];
    NdjsonReader reader =
        new NdjsonReader(
            new ByteArrayInputStream(stream.toByteArray()),
            new LineSink() {
              @Override
              public void message(CliMessage message) {
                messages.add(message);
                engine.route(
                    message,
                    id -> (PermissionRequest request, String answer) -> true,
                    unsupported -> {});
              }

              @Override
              public void malformed(MalformedLine line) {
                malformed.add(line);
                engine.malformed(line);
              }

              @Override
              public void end(IOException failure) {
                endCalled[0] = true;
                ended[0] = failure;
              }
            });
    try {
      reader.run();
    } catch (Throwable e) {
      fail("escaped the reader: " + e, e);
    }
    assertThat(endCalled[0]).isTrue();
    assertThat(ended[0]).isNull();
    assertThat(reader.malformedLines()).isEqualTo(malformed.size());
    assertThat(malformed.size()).isGreaterThanOrEqualTo(garbage);
    assertThat(messages.size()).isGreaterThanOrEqualTo(untouched + 1);
    assertThat(messages.size() + malformed.size()).isEqualTo(nonBlank);
    assertThat(messages.get(messages.size() - 1).sessionId()).isEqualTo("fuzz-sentinel");
    assertThat(events.stream().filter(SessionEvent.Malformed.class::isInstance).count())
        .isEqualTo(malformed.size());
    for (MalformedLine line : malformed) {
      assertThat(line.excerpt().length()).isLessThanOrEqualTo(201);
    }
  }

  private static boolean isBlank(byte[] line) {
    for (byte b : line) {
      if (b != ' ' && b != '\t' && b != '\r') {
        return false;
      }
    }
    return true;
  }

  /** A line that is never valid JSON. */
  private static byte[] garbageLine(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> "@@ not json at all \u001b[2J".getBytes(StandardCharsets.UTF_8);
      case 1 -> new byte[] {'#', (byte) 0xff, (byte) 0xfe, 0, 1, 2, '{'};
      case 2 -> "{\"type\":\"assistant\",".getBytes(StandardCharsets.UTF_8);
      default -> ("}" + "x".repeat(random.nextInt(5000))).getBytes(StandardCharsets.UTF_8);
    };
  }

  private static byte[] mutate(byte[] line, Random random) {
    return switch (random.nextInt(8)) {
      case 0 -> java.util.Arrays.copyOf(line, line.length == 0 ? 0 : random.nextInt(line.length));
      case 1 -> flipBytes(line, random);
      case 2 -> invalidUtf8(line, random);
      case 3 -> random.nextInt(20) == 0 ? hugeString(line) : wrongTypes(line, random);
      case 4 -> deepNesting(line, random);
      default -> wrongTypes(line, random);
    };
  }

  private static byte[] flipBytes(byte[] line, Random random) {
    byte[] out = line.clone();
    int flips = 1 + random.nextInt(4);
    for (int i = 0; i < flips && out.length > 0; i++) {
      int at = random.nextInt(out.length);
      byte b = (byte) (out[at] ^ (1 << random.nextInt(8)));
      out[at] = b == '\n' ? (byte) '?' : b;
    }
    return out;
  }

  private static byte[] invalidUtf8(byte[] line, Random random) {
    if (line.length == 0) {
      return line;
    }
    byte[][] bad = {
      {(byte) 0xc3}, {(byte) 0xff}, {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, {(byte) 0xf8, 0x41}
    };
    byte[] insert = bad[random.nextInt(bad.length)];
    int at = random.nextInt(line.length);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(line, 0, at);
    out.writeBytes(insert);
    out.write(line, at, line.length - at);
    return out.toByteArray();
  }

  private static byte[] hugeString(byte[] line) {
    JsonNode node = tree(line);
    if (!(node instanceof ObjectNode object)) {
      return line;
    }
    object.put("huge", "y".repeat(10 * 1024 * 1024));
    return object.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] deepNesting(byte[] line, Random random) {
    int depth = random.nextBoolean() ? 500 : 5_000;
    String nested = "[".repeat(depth) + "]".repeat(depth);
    JsonNode node = tree(line);
    if (!(node instanceof ObjectNode object)) {
      return line;
    }
    String json = object.toString();
    return (json.substring(0, json.length() - 1) + ",\"deep\":" + nested + "}")
        .getBytes(StandardCharsets.UTF_8);
  }

  /** Replaces random fields (known ones first) with a value of another JSON type. */
  private static byte[] wrongTypes(byte[] line, Random random) {
    JsonNode node = tree(line);
    if (node == null) {
      return line;
    }
    List<ObjectNode> objects = new ArrayList<>();
    collect(node, objects);
    int changes = 1 + random.nextInt(3);
    for (int c = 0; c < changes && !objects.isEmpty(); c++) {
      ObjectNode target = objects.get(random.nextInt(objects.size()));
      List<String> names = new ArrayList<>();
      target.fieldNames().forEachRemaining(names::add);
      if (names.isEmpty()) {
        continue;
      }
      String field = names.get(random.nextInt(names.size()));
      target.set(field, otherType(target.get(field), random));
    }
    return node.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static JsonNode otherType(JsonNode was, Random random) {
    List<JsonNode> options = new ArrayList<>();
    if (!was.isTextual()) {
      options.add(Json.mapper().getNodeFactory().textNode("wrong"));
    }
    if (!was.isNumber()) {
      options.add(Json.mapper().getNodeFactory().numberNode(-1));
    }
    if (!was.isObject()) {
      options.add(Json.object().put("unexpected", true));
    }
    if (!was.isArray()) {
      ArrayNode array = Json.mapper().createArrayNode();
      array.add(1).add("two").addNull();
      options.add(array);
    }
    if (!was.isNull()) {
      options.add(Json.mapper().getNodeFactory().nullNode());
    }
    if (!was.isBoolean()) {
      options.add(Json.mapper().getNodeFactory().booleanNode(true));
    }
    return options.get(random.nextInt(options.size()));
  }

  private static void collect(JsonNode node, List<ObjectNode> out) {
    if (node instanceof ObjectNode object) {
      out.add(object);
    }
    if (node.isContainerNode()) {
      for (JsonNode child : node) {
        collect(child, out);
      }
    }
  }

  private static JsonNode tree(byte[] line) {
    try {
      return Json.mapper().readTree(line);
    } catch (IOException e) {
      return null;
    }
  }
}

package dev.milktui.core.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.milktui.core.protocol.HostMessages;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.replay.ReplayFile.Kind;
import dev.milktui.core.replay.ReplayLine.Parsed;
import dev.milktui.core.scan.RecordedLine;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ReplayLinesTest {
  private static final String[] PIECES = {
    "{\\\"type\\\":\\\"user\\\",\\\"message\\\":{\\\"role\\\":\\\"user\\\",\\\"content\\\":\\\"",
    "{\\\"type\\\":\\\"control_response\\\",\\\"response\\\":{\\\"request_id\\\":\\\"r1\\\","
        + "\\\"response\\\":{\\\"behavior\\\":\\\"deny\\\",\\\"message\\\":\\\"",
    "\\\"}}}",
    "\\\"}}",
    "plain words ",
    "é😀",
    "\\u00e9",
    "\\ud83d\\ude00",
    "\\ud800",
    "\\udc00x",
    "\\\\n",
    "\\n\\t\\/\\b\\f\\r",
    "\\\\\\\"",
    "\\u0000",
    "\\x",
    "\\u12",
    "\t",
  };

  /**
   * An entry of what milk-tui sent in the exact shape is read on the quick path as the general path
   * reads the same entry spaced out of that shape: the same time and the same part, or skipped
   * alike; random lines with escapes, surrogates, broken UTF-8 and broken JSON.
   */
  @Test
  void aHostEntryInTheExactShapeReadsAsTheGeneralPathReadsIt() {
    Random random = new Random(5);
    String[] times = {
      "2026-12-03T10:00:00.5Z", "2026-12-03T10:00:00.25Z", "2026-12-03T10:00:01Z", "not a time", "é"
    };
    int quick = 0;
    for (int i = 0; i < 4000; i++) {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      int pieces = 1 + random.nextInt(6);
      for (int p = 0; p < pieces; p++) {
        line.writeBytes(PIECES[random.nextInt(PIECES.length)].getBytes(StandardCharsets.UTF_8));
      }
      byte[] content = line.toByteArray();
      if (random.nextInt(5) == 0 && content.length > 0) {
        content[random.nextInt(content.length)] = (byte) (0x80 + random.nextInt(0x80));
      }
      String ts = times[random.nextInt(times.length)];
      byte[] exact = entry("{\"ts\":\"" + ts + "\",\"dir\":\"host\",\"line\":\"", content);
      byte[] spaced = entry("{ \"ts\":\"" + ts + "\",\"dir\":\"host\",\"line\":\"", content);
      ReplayLine read = read(exact, random.nextBoolean() ? null : Kind.RECORD);
      ReplayLine general = read(spaced, null);
      if (read instanceof Parsed parsed && general instanceof Parsed expected) {
        assertThat(parsed.kind()).isEqualTo(expected.kind());
        assertThat(parsed.at()).isEqualTo(expected.at());
        assertThat(parsed.part())
            .as(new String(exact, StandardCharsets.UTF_8))
            .isEqualTo(expected.part());
      } else {
        assertThat(read.getClass()).isEqualTo(general.getClass());
      }
      quick += RecordedLine.hostStart(exact, 0, exact.length) >= 0 ? 1 : 0;
    }
    assertThat(quick).as("entries read on the quick path").isGreaterThan(500);
  }

  private static final String[] PROMPT_OPENINGS = {
    "{\\\"type\\\":\\\"user\\\",\\\"message\\\":{\\\"role\\\":\\\"user\\\",\\\"content\\\":\\\"",
    "{\\\"type\\\":\\\"user\\\",\\\"uuid\\\":\\\"u-1\\\",\\\"message\\\":{\\\"role\\\":\\\"user\\\","
        + "\\\"content\\\":\\\"",
    "{\\\"type\\\":\\\"user\\\",\\\"uuid\\\":\\\"\\\",\\\"message\\\":{\\\"role\\\":\\\"user\\\","
        + "\\\"content\\\":\\\"",
    "{\\\"type\\\":\\\"user\\\",\\\"uuid\\\":\\\"a\\\\\\\"b\\\",\\\"message\\\":{\\\"role\\\":\\\"user\\\","
        + "\\\"content\\\":\\\"",
    "{\\\"type\\\":\\\"user\\\",\\\"message\\\":{\\\"role\\\":\\\"user\\\",\\\"content\\\":[{\\\"type\\\":"
        + "\\\"text\\\",\\\"text\\\":\\\"",
  };

  private static final String[] PROMPT_TEXTS = {
    "go",
    "fix the tests ",
    "   ",
    "",
    "é😀",
    "\\u00e9",
    "\\n",
    "\\\\\\\"",
    "<command-name>/compact</command-name>",
    "<command-args>x</command-args>",
    "<local-command-stdout>",
    "\\u0000",
    "\t",
  };

  private static final String[] PROMPT_CLOSINGS = {
    "\\\"}}", "\\\"}} ", "\\\"}]}}", "\\\"},\\\"x\\\":1}", "\\\"}"
  };

  /**
   * A prompt milk-tui sent, in the exact shape its messages take, is read from its bytes as the
   * general path reads it: the same prompt, or none alike (a blank one, a local command's output),
   * a command as its name; random texts with escapes and broken UTF-8, in lines of other shapes
   * too.
   */
  @Test
  void aPromptInTheShapeMilkTuiWritesReadsAsTheGeneralPathReadsIt() {
    Random random = new Random(9);
    int prompts = 0;
    int quick = 0;
    for (int i = 0; i < 4000; i++) {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      line.writeBytes(bytes(PROMPT_OPENINGS[random.nextInt(PROMPT_OPENINGS.length)]));
      int pieces = random.nextInt(4);
      for (int p = 0; p < pieces; p++) {
        line.writeBytes(bytes(PROMPT_TEXTS[random.nextInt(PROMPT_TEXTS.length)]));
      }
      line.writeBytes(bytes(PROMPT_CLOSINGS[random.nextInt(PROMPT_CLOSINGS.length)]));
      byte[] content = line.toByteArray();
      if (random.nextInt(8) == 0) {
        content[random.nextInt(content.length)] = (byte) (0x80 + random.nextInt(0x80));
      }
      byte[] exact =
          entry("{\"ts\":\"2026-12-03T10:00:00Z\",\"dir\":\"host\",\"line\":\"", content);
      byte[] spaced =
          entry("{ \"ts\":\"2026-12-03T10:00:00Z\",\"dir\":\"host\",\"line\":\"", content);
      ReplayLine read = read(exact, Kind.RECORD);
      ReplayLine general = read(spaced, null);
      if (general instanceof Parsed expected) {
        assertThat(read).isInstanceOf(Parsed.class);
        assertThat(((Parsed) read).part())
            .as(new String(exact, StandardCharsets.UTF_8))
            .isEqualTo(expected.part());
        prompts += expected.part() instanceof ReplayLine.Prompt ? 1 : 0;
      } else {
        assertThat(read.getClass()).isEqualTo(general.getClass());
      }
      quick += readFromItsBytes(exact) ? 1 : 0;
    }
    assertThat(prompts).as("prompts read").isGreaterThan(500);
    assertThat(quick).as("prompts read from their bytes").isGreaterThan(200);
  }

  @Test
  void aPromptHostMessagesWritesIsReadFromItsBytes() {
    for (String text :
        new String[] {"go", "caf\u00e9 😀", "<command-name>/compact</command-name>"}) {
      for (String line :
          new String[] {HostMessages.userMessage(text), HostMessages.userMessage(text, "u-7")}) {
        byte[] bytes = bytes(line);
        assertThat(HostPrompt.text(bytes, 0, bytes.length)).as(line).isEqualTo(text);
      }
    }
    byte[] escaped = bytes(HostMessages.userMessage("two\nlines"));
    assertThat(HostPrompt.text(escaped, 0, escaped.length)).isNull();
  }

  /** Whether the exact entry's line, unescaped, is one {@link HostPrompt} reads. */
  private static boolean readFromItsBytes(byte[] entry) {
    byte[] bytes = entry.clone();
    int host = RecordedLine.hostStart(bytes, 0, bytes.length);
    if (host < 0) {
      return false;
    }
    try {
      int end = RecordedLine.unescape(bytes, host, bytes.length);
      return HostPrompt.text(bytes, host, end - host) != null;
    } catch (RecordedLine.Malformed e) {
      return false;
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Read before the file's kind is known, the entry keeps its bytes as read beside its unescaped
   * line: a file of another kind (a script's played line) reads it as written.
   */
  @Test
  void aHostEntryReadBeforeTheKindIsKnownKeepsItsBytesAsRead() {
    byte[] line =
        ("{\"ts\":\"2026-12-03T10:00:00Z\",\"dir\":\"host\",\"line\":\"{\\\"type\\\":\\\"user\\\","
                + "\\\"message\\\":{\\\"role\\\":\\\"user\\\",\\\"content\\\":\\\"hi\\\\nthere\\\"}}\"}")
            .getBytes(StandardCharsets.UTF_8);

    ReplayLine read = read(line, null);

    assertThat(read).isInstanceOf(Parsed.class);
    Parsed parsed = (Parsed) read;
    assertThat(parsed.kind()).isEqualTo(Kind.RECORD);
    assertThat(parsed.part()).isEqualTo(new ReplayLine.Prompt("hi\nthere"));
    assertThat(
            Arrays.copyOfRange(parsed.bytes(), parsed.offset(), parsed.offset() + parsed.length()))
        .isEqualTo(line);
  }

  /**
   * A permission request whose type is spelled with a unicode escape is still a request: it becomes
   * the note of what was asked, never a line played to the engine, in a record's entry and as
   * claude's own line.
   */
  @Test
  void aRequestSpelledWithUnicodeEscapesIsStillAskedNotPlayed() {
    String request =
        "{\"type\":\"control\\u005frequest\",\"request_id\":\"r1\",\"request\":{"
            + "\"subtype\":\"can_use_tool\",\"tool_name\":\"Bash\",\"input\":{}}}";
    byte[] entry =
        bytes(
            "{\"ts\":\"2026-12-03T10:00:00Z\",\"dir\":\"cli\",\"line\":"
                + Json.write(TextNode.valueOf(request))
                + "}");
    ReplayLine recorded = read(entry, Kind.RECORD);
    assertThat(recorded).isInstanceOf(ReplayLine.Recorded.class);
    assertThat(((ReplayLine.Recorded) recorded).claude())
        .isEqualTo(new ReplayLine.Asked("r1", "Bash"));

    ReplayLine own = read(bytes(request), Kind.STREAM_JSON);
    assertThat(((Parsed) own).part()).isEqualTo(new ReplayLine.Asked("r1", "Bash"));
  }

  private static byte[] entry(String opening, byte[] content) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(opening.getBytes(StandardCharsets.UTF_8));
    out.writeBytes(content);
    out.writeBytes("\"}".getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }

  private static ReplayLine read(byte[] line, Kind seen) {
    ReplayLines lines =
        new ReplayLines(new ToolPreviews(ToolPreviews.BUDGET_CHARS), () -> seen, null);
    return lines.read(line.clone(), 0, line.length, 1);
  }
}

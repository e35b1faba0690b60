package dev.milktui.core.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RecordedLineTest {
  private static final String PREFIX =
      "{\"ts\":\"2026-01-01T00:00:00Z\",\"dir\":\"cli\",\"line\":\"";

  private static String unescaped(String entry) throws RecordedLine.Malformed {
    byte[] bytes = entry.getBytes(StandardCharsets.UTF_8);
    int start = RecordedLine.start(bytes, 0, bytes.length);
    int end = RecordedLine.unescape(bytes, start, bytes.length);
    return new String(bytes, start, end - start, StandardCharsets.UTF_8);
  }

  @Test
  void everyJsonEscapeIsReadInPlaceAsTheTextItStandsFor() throws Exception {
    String entry =
        PREFIX
            + "{\\\"a\\\":\\\"q\\\\\\\" \\n\\r\\t\\b\\f\\/ \\u001b é \\u00e9 \\ud83d\\ude00 😀\\\"}\"}\n";

    assertThat(unescaped(entry)).isEqualTo("{\"a\":\"q\\\" \n\r\t\b\f/ \u001b é é 😀 😀\"}");
  }

  @Test
  void aLoneSurrogateEscapeBecomesTheReplacementCharacter() throws Exception {
    assertThat(unescaped(PREFIX + "x\\ud800y\"}")).isEqualTo("x\uFFFDy");
  }

  @Test
  void onlyTheExactShapeMilkTuiWritesForClaudesLinesIsTakenByTheFastPath() {
    byte[] host = "{\"ts\":\"t\",\"dir\":\"host\",\"line\":\"x\"}".getBytes(StandardCharsets.UTF_8);
    byte[] reordered =
        "{\"dir\":\"cli\",\"ts\":\"t\",\"line\":\"x\"}".getBytes(StandardCharsets.UTF_8);

    assertThat(RecordedLine.start(host, 0, host.length)).isEqualTo(-1);
    assertThat(RecordedLine.start(reordered, 0, reordered.length)).isEqualTo(-1);
  }

  @Test
  void aTornEntryOrOneWithMoreAfterItsLineIsMalformed() {
    assertThatThrownBy(() -> unescaped(PREFIX + "{\\\"type\\\":"))
        .hasMessageContaining("not closed");
    assertThatThrownBy(() -> unescaped(PREFIX + "{}\",\"x\":1}"))
        .hasMessageContaining("does not end");
    assertThatThrownBy(() -> unescaped(PREFIX + "\\q\"}")).hasMessageContaining("unknown escape");
  }

  private static final String HOST = "{\"ts\":\"t\",\"dir\":\"host\",\"line\":\"";

  private static boolean settledAsOther(String entry) {
    byte[] bytes = entry.getBytes(StandardCharsets.UTF_8);
    return RecordedLine.isWellFormedOtherEntry(bytes, 0, bytes.length);
  }

  /** What the general path (Jackson) makes of the line: the outcome, or its malformed reason. */
  private static Object general(String entry) {
    byte[] bytes = entry.getBytes(StandardCharsets.UTF_8);
    try {
      return LineSkim.skimmed(bytes, 0, bytes.length);
    } catch (LineSkim.Malformed e) {
      return e.getMessage();
    }
  }

  @Test
  void anEntryOfWhatMilkTuiSentOrOfStderrIsSettledFromItsBytesOnlyWhenWellFormed() {
    assertThat(settledAsOther(HOST + "{\\\"type\\\":\\\"user\\\"} \\u00e9\\n\"}\n")).isTrue();
    assertThat(settledAsOther("{\"ts\":\"t\",\"dir\":\"stderr\",\"line\":\"oops\"}")).isTrue();
    assertThat(settledAsOther(PREFIX + "{}\"}")).as("claude's own line").isFalse();
    assertThat(settledAsOther("{\"ts\":\"t\",\"dir\":\"c\\u006ci\",\"line\":\"{}\"}"))
        .as("a direction that spells claude's through an escape")
        .isFalse();
    assertThat(settledAsOther(HOST + "x\\q\"}")).as("an unknown escape").isFalse();
    assertThat(settledAsOther(HOST + "x\u0001\"}")).as("a control character").isFalse();
    assertThat(settledAsOther(HOST + "x\\u12g4\"}")).as("a bad unicode escape").isFalse();
    assertThat(settledAsOther(HOST + "x\"} {}")).as("more after the entry").isFalse();
    assertThat(settledAsOther(HOST + "x")).as("a torn entry").isFalse();
    assertThat(settledAsOther("{\"ts\":\"t\u0001\",\"dir\":\"host\",\"line\":\"x\"}"))
        .as("a control character in the time")
        .isFalse();
  }

  @Test
  void aControlCharacterInTheTimeLeavesClaudesEntryToTheGeneralPathWhichCallsItMalformed() {
    String entry = "{\"ts\":\"t\u0001\",\"dir\":\"cli\",\"line\":\"{}\"}";
    byte[] bytes = entry.getBytes(StandardCharsets.UTF_8);

    assertThat(RecordedLine.start(bytes, 0, bytes.length)).isEqualTo(-1);
    assertThat(general(entry)).isInstanceOf(String.class);
  }

  @Test
  void whatIsSettledAsAnotherDirectionsEntryTheGeneralPathReadsAsOneToo() {
    String seed =
        HOST + "{\\\"type\\\":\\\"user\\\",\\\"a\\\":\\\"\\\\u00e9 é\\\"}\\n\\t\\u0041\"}";
    String alphabet = "{}[]\",:\\ 0123456789abcdefu/\u00e9\t\u0001";
    Random random = new Random(24);
    int settled = 0;
    for (int i = 0; i < 20_000; i++) {
      StringBuilder entry = new StringBuilder(seed);
      for (int edit = 0; edit < 1 + random.nextInt(3); edit++) {
        int at = random.nextInt(entry.length());
        char c = alphabet.charAt(random.nextInt(alphabet.length()));
        switch (random.nextInt(3)) {
          case 0 -> entry.deleteCharAt(at);
          case 1 -> entry.insert(at, c);
          default -> entry.setCharAt(at, c);
        }
      }
      if (settledAsOther(entry.toString())) {
        settled++;
        assertThat(general(entry.toString()))
            .as(entry.toString())
            .isEqualTo(LineOutcome.Other.LINE);
      }
    }
    assertThat(settled).isGreaterThan(1_000);
  }

  private static final String[] WATCH_PIECES = {
    "\\\"control_request\\\"",
    "\\\"control_request",
    "control_request\\\"",
    "\\u0022control_request\\u0022",
    "\\\"control_request\\u0022",
    "\\\\\\\"control_request\\\\\\\"",
    "\\\"control_reques\\\"",
    "\\\"type\\\":",
    "\\\"t\\\"",
    "{",
    "x",
    "\\\"",
    "\\n",
    "é",
    "control\\\\u005frequest",
    "\\\\u",
    "\\u005c",
    "\\u0075",
    "\\\\\\\\",
    "u",
  };

  /**
   * A string watched for while unescaping is seen exactly when the unescaped line holds it,
   * wherever its quotes came from (an escaped quote, a unicode escape); the line is unescaped the
   * same.
   */
  @Test
  void aWatchedStringIsSeenExactlyWhenTheUnescapedLineHoldsIt() throws Exception {
    Random random = new Random(17);
    RecordedLine.Watched watched = new RecordedLine.Watched("\"control_request\"");
    int seen = 0;
    for (int i = 0; i < 5000; i++) {
      StringBuilder line = new StringBuilder();
      for (int p = random.nextInt(6); p >= 0; p--) {
        line.append(WATCH_PIECES[random.nextInt(WATCH_PIECES.length)]);
      }
      byte[] bytes = (PREFIX + line + "\"}").getBytes(StandardCharsets.UTF_8);
      byte[] plain = bytes.clone();
      int start = RecordedLine.start(bytes, 0, bytes.length);
      int end = RecordedLine.unescape(plain, start, plain.length);
      assertThat(RecordedLine.unescape(bytes, start, bytes.length, watched)).isEqualTo(end);
      assertThat(bytes).isEqualTo(plain);
      String unescaped = new String(plain, start, end - start, StandardCharsets.UTF_8);
      assertThat(watched.seen())
          .as(unescaped)
          .isEqualTo(unescaped.contains("\"control_request\"") || unescaped.contains("\\u"));
      seen += watched.seen() ? 1 : 0;
    }
    assertThat(seen).isGreaterThan(500);
  }
}

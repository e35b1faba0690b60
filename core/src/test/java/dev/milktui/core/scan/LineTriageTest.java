package dev.milktui.core.scan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.AssistantMessage;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.ContentBlock;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.MessageParser;
import dev.milktui.core.protocol.ResultMessage;
import dev.milktui.core.protocol.StreamEvent;
import dev.milktui.core.protocol.StreamEventMessage;
import dev.milktui.core.protocol.SystemMessage;
import dev.milktui.core.protocol.UserMessage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class LineTriageTest {
  private final LineTriage triage = new LineTriage();

  private LineOutcome.Facts facts(String line) {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    return triage.facts(bytes, 0, bytes.length);
  }

  private static final String ENTRY_OPENING = "{\"ts\":\"t\",\"dir\":\"cli\",\"line\":";

  /** A session record's entry of a line from claude, escaped as the record writes it. */
  private static String entry(String line) {
    try {
      return ENTRY_OPENING + Json.mapper().writeValueAsString(line) + "}";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The triage of an entry's line still escaped; the entry must have the record's shape. */
  private LineOutcome.Facts recorded(String entry) {
    byte[] bytes = entry.getBytes(StandardCharsets.UTF_8);
    int start = RecordedLine.start(bytes, 0, bytes.length);
    assertThat(start).as(entry).isPositive();
    return triage.recordedFacts(bytes, start, bytes.length);
  }

  /** The triage of an entry's line once unescaped; null when it cannot be unescaped. */
  private LineOutcome.Facts unescaped(String entry) {
    byte[] bytes = entry.getBytes(StandardCharsets.UTF_8);
    int start = RecordedLine.start(bytes, 0, bytes.length);
    try {
      int end = RecordedLine.unescape(bytes, start, bytes.length);
      return triage.facts(bytes, start, end - start);
    } catch (RecordedLine.Malformed e) {
      return null;
    }
  }

  /** What Jackson reads of a line, or null when it is not one JSON object. */
  private static JsonNode jackson(String line) {
    try {
      JsonNode node =
          Json.mapper()
              .reader()
              .with(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
              .readTree(line);
      return node != null && node.isObject() ? node : null;
    } catch (IOException e) {
      return null;
    }
  }

  @Test
  void aStatusLineIsSettledWithItsSessionIdAndAnInitWithItsFolderAndVersion() {
    assertThat(
            facts(
                "{\"type\":\"system\",\"subtype\":\"status\",\"session_id\":\"s1\",\"x\":[1],"
                    + "\"cwd\":\"/q\"}"))
        .isEqualTo(new LineOutcome.Facts("s1", null, null));
    LineOutcome.Facts init =
        facts(
            "{\"type\":\"system\",\"subtype\":\"init\",\"cwd\":\"/p\",\"session_id\":\"s\","
                + "\"tools\":[\"Bash\"],\"claude_code_version\":\"2.1.332\",\"n\":-1.5e+3}");
    assertThat(init).isEqualTo(new LineOutcome.Facts("s", "/p", "2.1.332"));
  }

  @Test
  void linesThatCanChangeTheReportAreLeftToTheSkim() {
    for (String line :
        List.of(
            TOOL_USE,
            TOOL_RESULT,
            "{\"type\":\"result\",\"subtype\":\"success\"}",
            "{\"type\":\"system\",\"subtype\":\"permission_denied\"}",
            q(
                "{'type':'stream_event','event':{'type':'content_block_start',"
                    + "'content_block':{'type':'tool_use','id':'t'}}}"),
            "{\"ts\":\"t\",\"dir\":\"host\",\"line\":\"x\"}",
            "{\"type\":1}",
            "{\"type\":\"system\",\"session_id\":\"\\u0073\"}",
            "{\"typ\\u0065\":\"user\"}",
            "{\"type\":\"system\",\"cwd\":\"/caf\u00e9\"}")) {
      assertThat(facts(line)).as(line).isNull();
    }
  }

  @Test
  void theLastOfARepeatedFieldCountsAsJacksonReadsIt() {
    assertThat(facts("{\"type\":\"system\",\"type\":\"result\"}")).isNull();
    assertThat(
            facts(
                "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_start\"},"
                    + "\"event\":{\"type\":\"content_block_delta\"}}"))
        .isNotNull();
    assertThat(facts("{\"type\":\"system\",\"session_id\":\"a\",\"session_id\":2}").sessionId())
        .isNull();
  }

  @Test
  void onlyWellFormedJsonObjectsAreSettled() {
    for (String line :
        List.of(
            "[1]",
            "{\"type\":\"system\"",
            "{\"type\":\"system\"} x",
            "{\"type\":\"system\",}",
            "{\"type\":\"system\",\"n\":01}",
            "{\"type\":\"system\",\"n\":1.}",
            "{\"type\":\"system\",\"n\":.5}",
            "{\"type\":\"system\",\"n\":+1}",
            "{\"type\":\"system\",\"n\":NaN}",
            "{\"type\":\"system\",\"n\":truex}",
            "{\"type\":\"system\",\"s\":\"a\u0001\"}",
            "{\"type\":\"system\",\"s\":\"\\q\"}",
            "{\"type\":\"system\",\"s\":\"\\u12G4\"}",
            "{\"type\":\"system\" /* c */}",
            "{'type':\"system\"}",
            "{type:\"system\"}",
            "\uFEFF{\"type\":\"system\"}",
            "{\"type\":\"system\",\"a\":" + "[".repeat(100) + "]".repeat(100) + "}")) {
      assertThat(facts(line)).as(line).isNull();
    }
  }

  /**
   * Lines made by breaking well-formed ones at random: whatever the triage settles, Jackson reads
   * as one object with the same type, subtype and session id.
   */
  @Test
  void whatTheTriageSettlesJacksonReadsTheSame() {
    String seed =
        "{\"type\":\"system\",\"subtype\":\"status\",\"session_id\":\"abc\",\"a\":[1,-2.5e3,true,"
            + "false,null,{\"b\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9 é\"}],\"c\":{}, \"d\" : [ ] }";
    String alphabet = "{}[]\",:\\ 0123456789.eE+-tfnulrsaxyz\u00e9\t\u0001";
    Random random = new Random(24);
    int settled = 0;
    for (int i = 0; i < 20_000; i++) {
      String line = broken(seed, 0, alphabet, random);
      LineOutcome.Facts facts = facts(line);
      if (facts == null) {
        continue;
      }
      settled++;
      JsonNode full = jackson(line);
      assertThat(full).as(line).isNotNull();
      assertThat(Json.text(full, "type")).as(line).isNotEqualTo("result");
      assertThat(facts.sessionId()).as(line).isEqualTo(Json.text(full, "session_id"));
    }
    assertThat(settled).isGreaterThan(100);
  }

  @Test
  void aRecordedLineIsSettledStillEscapedWithTheFactsOfTheLineItself() {
    for (String line :
        List.of(
            "{\"type\":\"system\",\"subtype\":\"status\",\"session_id\":\"s1\",\"x\":[1]}",
            "{\"type\":\"system\",\"subtype\":\"init\",\"cwd\":\"/p\",\"session_id\":\"s\","
                + "\"claude_code_version\":\"2.1.332\",\"n\":-1.5e+3}",
            "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_delta\","
                + "\"delta\":{\"text\":\"caf\u00e9 \\\"q\\\" \\\\ \\n \\u0041 \\/\"}},\"session_id\":\"s\"}",
            "{\"type\":\"control_request\",\"request\":{}} ")) {
      String entry = entry(line);
      assertThat(recorded(entry)).as(entry).isNotNull().isEqualTo(unescaped(entry));
    }
  }

  @Test
  void contentThatSpellsATypeFieldInsideAnEscapedStringIsContent() {
    String line =
        "{\"type\":\"system\",\"session_id\":\"s\",\"text\":\"\\\",\\\"type\\\":\\\"user\\\\\"}";
    assertThat(recorded(entry(line))).isEqualTo(new LineOutcome.Facts("s", null, null));
    assertThat(recorded(entry("{\"type\":\"system\",\"x\":\"a\",\"type\":\"result\"}"))).isNull();
  }

  @Test
  void recordedLinesThatMatterOrAreNotPlainlyWellFormedAreLeftToTheGeneralPath() {
    for (String entry :
        List.of(
            entry(TOOL_USE),
            entry(TOOL_RESULT),
            entry("{\"type\":\"result\",\"subtype\":\"success\"}"),
            entry("{\"session_id\":\"s\",\"type\":\"system\"}"),
            entry("{\"type\":\"system\",\"subtype\":\"permission_denied\"}"),
            entry("{\"type\":\"system\"\n}"),
            entry("{\"type\":\"system\",\"text\":\"a\u0001\"}"),
            entry("{\"type\":\"system\""),
            // A quote or a backslash of the line written as a unicode escape of the entry.
            "{\"ts\":\"t\",\"dir\":\"cli\",\"line\":\"{\\\"type\\\":\\\"system\\\",\\\"x\\\":\\\"\\u0022}\"}",
            "{\"ts\":\"t\",\"dir\":\"cli\",\"line\":\"{\\\"type\\\":\\\"system\\u005c\\\"}\"}",
            // The entry's string ends inside the line's string, right after its backslash.
            "{\"ts\":\"t\",\"dir\":\"cli\",\"line\":\"{\\\"type\\\":\\\"system\\\",\\\"x\\\":\\\"a\\\\\"\\\"}\"}",
            // Something after the entry's string.
            "{\"ts\":\"t\",\"dir\":\"cli\",\"line\":\"{\\\"type\\\":\\\"system\\\"}\",\"x\":1}",
            "{\"ts\":\"t\",\"dir\":\"cli\",\"line\":\"{\\\"type\\\":\\\"system\\\"}\"")) {
      assertThat(recorded(entry)).as(entry).isNull();
    }
  }

  @Test
  void anEntryOfAnotherShapeGoesTheGeneralPathAndTellsTheSame() throws LineSkim.Malformed {
    String line = "{\"type\":\"system\",\"subtype\":\"status\",\"session_id\":\"s1\"}";
    String shaped = entry(line);
    String reordered = "{\"dir\":\"cli\"," + shaped.substring(1).replace(",\"dir\":\"cli\"", "");
    byte[] bytes = reordered.getBytes(StandardCharsets.UTF_8);
    assertThat(RecordedLine.start(bytes, 0, bytes.length)).isNegative();
    LineOutcome general = LineSkim.claudeLine(bytes, 0, bytes.length, triage);
    assertThat(general).isInstanceOf(LineOutcome.Message.class);
    assertThat(((LineOutcome.Message) general).message().sessionId())
        .isEqualTo(recorded(shaped).sessionId());
  }

  /**
   * Entries made by breaking a record's entry at random, around its escapes: whatever the triage
   * settles still escaped, unescaping succeeds and the line is settled with the same facts.
   */
  @Test
  void whatIsSettledInTheEntryIsSettledTheSameOnceUnescaped() {
    String seed =
        entry(
            "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"abc\",\"cwd\":\"/p\","
                + "\"a\":[1,-2.5e3,true,false,null,{\"b\":\"\\\"\\\\\\/\\b\\n\\u00e9 é\"}],"
                + "\"claude_code_version\":\"1\",\"c\":{}, \"d\" : [ ] }");
    String alphabet = "{}[]\",:\\ 0123456789.eE+-tfnulrsaxyz/\u00e9\t\u0001";
    Random random = new Random(24);
    int settled = 0;
    for (int i = 0; i < 20_000; i++) {
      // The entry's opening and its string's quote stay: other shapes are not read here.
      // here.
      String entry = broken(seed, ENTRY_OPENING.length() + 1, alphabet, random);
      LineOutcome.Facts facts = recorded(entry);
      if (facts != null) {
        settled++;
        assertThat(unescaped(entry)).as(entry).isEqualTo(facts);
      }
    }
    assertThat(settled).isGreaterThan(100);
  }

  /** A line written with ' for " to be read more easily. */
  private static String q(String line) {
    return line.replace('\'', '"');
  }

  private static final String TOOL_USE =
      q(
          "{'type':'assistant','message':{'id':'m','content':[{'type':'text','text':'a'},"
              + "{'type':'tool_use','id':'t1','name':'Bash','input':{'command':'ls'}}]},"
              + "'session_id':'s'}");

  private static final String TOOL_RESULT =
      q(
          "{'type':'user','message':{'role':'user','content':[{'tool_use_id':'t1',"
              + "'type':'tool_result','content':'ok','is_error':false}]},'session_id':'s'}");

  /**
   * What a scan takes from an outcome of the general path, as {@code TranscriptScanner} sums it up,
   * when that is only what facts carry; null when it tells the scan more (a call, a result, a
   * denial) or is no message.
   */
  private static LineOutcome.Facts factsOf(LineOutcome outcome) {
    if (!(outcome instanceof LineOutcome.Message read)) {
      return null;
    }
    CliMessage message = read.message();
    boolean more;
    if (message instanceof AssistantMessage assistant) {
      more =
          assistant.content().stream()
              .anyMatch(b -> b instanceof ContentBlock.ToolUse use && use.id() != null);
    } else if (message instanceof UserMessage user) {
      more =
          user.content().stream()
              .anyMatch(b -> b instanceof ContentBlock.ToolResult r && r.toolUseId() != null);
    } else if (message instanceof SystemMessage.PermissionDenied denied) {
      more = denied.toolUseId() != null;
    } else if (message instanceof StreamEventMessage event) {
      more =
          event.event() instanceof StreamEvent.ContentBlockStart start
              && start.block() instanceof ContentBlock.ToolUse use
              && use.id() != null;
    } else {
      more = message instanceof ResultMessage;
    }
    if (more) {
      return null;
    }
    return message instanceof SystemMessage.Init init
        ? new LineOutcome.Facts(init.sessionId(), init.cwd(), init.claudeVersion())
        : new LineOutcome.Facts(message.sessionId(), null, null);
  }

  /** The general path's reading of the line, as a scan without the triage reads it. */
  private static LineOutcome skimmed(String line) {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    try {
      return LineSkim.skimmed(bytes, 0, bytes.length);
    } catch (LineSkim.Malformed e) {
      throw new AssertionError(line + ": " + e.getMessage(), e);
    }
  }

  /**
   * That a line settled with {@code facts} tells a scan just those facts when the general path
   * reads it, and when the live parser reads Jackson's whole tree of the line; true when it is one
   * of claude's messages.
   */
  private static boolean settledAsTheGeneralPathReadsIt(
      String entryOrLine, String line, LineOutcome.Facts facts) {
    CliMessage message = generalReading(entryOrLine, line, facts);
    return message instanceof AssistantMessage || message instanceof UserMessage;
  }

  /**
   * {@link #settledAsTheGeneralPathReadsIt}'s checks; the message the general path reads of the
   * line.
   */
  private static CliMessage generalReading(
      String entryOrLine, String line, LineOutcome.Facts facts) {
    LineOutcome general = skimmed(entryOrLine);
    assertThat(factsOf(general)).as(entryOrLine).isEqualTo(facts);
    JsonNode full = jackson(line);
    assertThat(full).as(line).isNotNull();
    assertThat(factsOf(new LineOutcome.Message(MessageParser.parse(full))))
        .as(line)
        .isEqualTo(facts);
    return ((LineOutcome.Message) general).message();
  }

  @Test
  void aMessageWithoutACallIsSettledWithItsSessionIdAsItIsAndInAnEntry() {
    for (String line :
        List.of(
            q(
                "{'type':'assistant','message':{'id':'m','type':'message','role':'assistant',"
                    + "'content':[{'type':'thinking','thinking':'hm','signature':'x'},"
                    + "{'type':'text','text':'caf\u00e9 \\n \\u0041 \\\\ \\/'}],"
                    + "'usage':{'input_tokens':3,'x':[1.5e3,true,null]}},"
                    + "'parent_tool_use_id':null,'session_id':'s'}"),
            q("{'type':'user','message':{'role':'user','content':'go'},'session_id':'s'}"),
            q(
                "{'type':'user','message':{'role':'user','content':[{'type':'text','text':'go'}]},"
                    + "'session_id':'s','uuid':'u'}"),
            // Not a block straight in a content array: never a call, but read as one, and harmless.
            q(
                "{'type':'user','message':{'content':[{'type':'text','x':{'type':'image'}}]},"
                    + "'session_id':'s'}"))) {
      assertThat(facts(line)).as(line).isEqualTo(new LineOutcome.Facts("s", null, null));
      assertThat(settledAsTheGeneralPathReadsIt(line, line, facts(line))).isTrue();
      String entry = entry(line);
      assertThat(recorded(entry)).as(entry).isEqualTo(new LineOutcome.Facts("s", null, null));
      assertThat(unescaped(entry)).as(entry).isEqualTo(recorded(entry));
      assertThat(settledAsTheGeneralPathReadsIt(entry, line, recorded(entry))).isTrue();
    }
  }

  @Test
  void aMessageThatHoldsOrCouldHideACallIsLeftToTheGeneralPath() {
    for (String line :
        List.of(
            TOOL_USE,
            TOOL_RESULT,
            q("{'type':'assistant','message':{'content':[{'type':'server_tool_use','id':'t'}]}}"),
            // A call's type in a message of the other kind is read no differently.
            q("{'type':'user','message':{'content':[{'type':'tool_use','id':'t'}]}}"),
            // Escapes in a block's type, or in a name of a block or a message, could spell a call.
            q("{'type':'assistant','message':{'content':[{'type':'tool\\u005fuse','id':'t'}]}}"),
            q("{'type':'assistant','message':{'content':[{'type':'t\\u0065xt','text':'a'}]}}"),
            q("{'type':'assistant','message':{'content':[{'typ\\u0065':'tool_use','id':'t'}]}}"),
            q("{'type':'assistant','message':{'c\\u006fntent':[{'type':'tool_use','id':'t'}]}}"),
            q("{'type':'user','message':{'content':[{'type':'text','caf\u00e9':1}]}}"),
            // Repeated fields: the skim keeps an earlier object when a later field is not one.
            q(
                "{'type':'assistant','message':{'content':[{'type':'tool_use','id':'t'}]},"
                    + "'message':1}"),
            q(
                "{'type':'assistant','message':{'content':[{'type':'tool_use','id':'t'}],"
                    + "'content':'a'}}"),
            q(
                "{'type':'assistant','message':{'content':[]},"
                    + "'message':{'content':[{'type':'tool_use','id':'t'}]}}"),
            q("{'type':'assistant','message':{'content':[{'type':'text','type':'tool_use'}]}}"),
            q("{'type':'assistant','message':{'content':[{'type':'tool_use','type':'text'}]}}"),
            // A type read later makes the line a message; a call before it still counts.
            q(
                "{'type':'system','message':{'content':[{'type':'tool_use','id':'t'}]},"
                    + "'type':'assistant'}"),
            // A call-like block anywhere in a message's content.
            q("{'type':'user','message':{'content':{'type':'tool_result','tool_use_id':'t'}}}"),
            q("{'type':'user','message':{'content':[[{'type':'tool_result'}]]}}"),
            // Not plainly a message.
            q("{'type':'assistant','session_id':'\\u0073','message':{'content':'a'}}"),
            q("{'type':'assistant','message':{'content':'a'}} x"))) {
      assertThat(facts(line)).as(line).isNull();
      assertThat(recorded(entry(line))).as(line).isNull();
    }
  }

  @Test
  void aMessageFieldOfAnotherLineIsReadAsBefore() {
    String line =
        q(
            "{'type':'system','subtype':'status','session_id':'s',"
                + "'message':{'content':[{'type':'tool_use','typ\\u0065':'x'}]}}");
    assertThat(facts(line)).isEqualTo(new LineOutcome.Facts("s", null, null));
    assertThat(recorded(entry(line))).isEqualTo(new LineOutcome.Facts("s", null, null));
  }

  private static final List<String> MESSAGE_SEEDS =
      List.of(
          q(
              "{'type':'assistant','message':{'id':'m','role':'assistant','content':["
                  + "{'type':'thinking','thinking':'a\\nb'},{'type':'text','text':'x\\u00e9 \u00e9'}],"
                  + "'usage':{'n':[1,-2.5e3,true,false,null]}},'session_id':'abc','e':{}}"),
          TOOL_USE,
          q(
              "{'type':'assistant','message':{'content':[{'type':'server_tool_use','id':'t',"
                  + "'input':{}}]},'session_id':'abc'}"),
          q("{'type':'user','message':{'role':'user','content':'go \\'q\\''},'session_id':'abc'}"),
          q(
              "{'type':'user','message':{'content':[{'type':'text','text':'go'},"
                  + "{'type':'text','text':'on'}]},'session_id':'abc','tool_use_result':[]}"),
          TOOL_RESULT);

  private static final String MESSAGE_ALPHABET = "{}[]\",:\\ 0123456789.eE+-tfnulrsaxyz_\u00e9\t";

  /**
   * Messages made by breaking ones with and without calls at random, as they are and in record
   * entries (around their escapes): whatever the triage settles, the general path reads as a
   * message that tells a scan of no call, with the same session id; and what is settled still
   * escaped in an entry is settled the same once unescaped.
   */
  @Test
  void aMessageTheTriageSettlesTellsTheGeneralPathNoCallAsItIsAndInAnEntry() {
    int[] settled =
        settledOfBroken(
            MESSAGE_SEEDS, 7, m -> m instanceof AssistantMessage || m instanceof UserMessage);
    assertThat(settled[0]).as("lines").isGreaterThan(2_000);
    assertThat(settled[1]).as("entries").isGreaterThan(2_000);
  }

  /**
   * Of 20,000 lines broken from {@code seeds} at random, as they are and in record entries: how
   * many lines and how many entries the triage settled and the general path reads as a message
   * {@code counted} takes, each settled one checked to tell the general path and the live parser
   * the same facts, and each settled entry to be settled the same once unescaped.
   */
  private int[] settledOfBroken(List<String> seeds, long seed, Predicate<CliMessage> counted) {
    Random random = new Random(seed);
    int lines = 0;
    int entries = 0;
    for (int i = 0; i < 20_000; i++) {
      String unbroken = seeds.get(i % seeds.size());
      String line = broken(unbroken, 0, MESSAGE_ALPHABET, random);
      LineOutcome.Facts facts = facts(line);
      if (facts != null && counted.test(generalReading(line, line, facts))) {
        lines++;
      }
      String entry =
          broken(entry(unbroken), ENTRY_OPENING.length() + 1, MESSAGE_ALPHABET + "/", random);
      LineOutcome.Facts recorded = recorded(entry);
      if (recorded != null) {
        assertThat(unescaped(entry)).as(entry).isEqualTo(recorded);
        if (counted.test(generalReading(entry, line(entry), recorded))) {
          entries++;
        }
      }
    }
    return new int[] {lines, entries};
  }

  @Test
  void theStartOfABlockOfTextOrThinkingIsSettledAsItIsAndInAnEntry() {
    for (String line :
        List.of(
            q(
                "{'type':'stream_event','event':{'type':'content_block_start','index':0,"
                    + "'content_block':{'type':'text','text':''}},'session_id':'s',"
                    + "'parent_tool_use_id':null,'uuid':'u'}"),
            q(
                "{'type':'stream_event','event':{'type':'content_block_start','index':1,"
                    + "'content_block':{'type':'thinking','thinking':'','signature':''}},"
                    + "'session_id':'s'}"),
            // No block, or one of another shape: the live parser makes no call of it either.
            q("{'type':'stream_event','event':{'type':'content_block_start'},'session_id':'s'}"),
            q(
                "{'type':'stream_event','event':{'type':'content_block_start',"
                    + "'content_block':'tool_use'},'session_id':'s'}"))) {
      assertThat(facts(line)).as(line).isEqualTo(new LineOutcome.Facts("s", null, null));
      assertThat(generalReading(line, line, facts(line))).isInstanceOf(StreamEventMessage.class);
      String entry = entry(line);
      assertThat(recorded(entry)).as(entry).isEqualTo(new LineOutcome.Facts("s", null, null));
      assertThat(unescaped(entry)).as(entry).isEqualTo(recorded(entry));
      assertThat(generalReading(entry, line, recorded(entry)))
          .isInstanceOf(StreamEventMessage.class);
    }
  }

  @Test
  void theStartOfACallOrOfABlockThatCouldHideOneIsLeftToTheGeneralPath() {
    for (String line :
        List.of(
            q(
                "{'type':'stream_event','event':{'type':'content_block_start','index':1,"
                    + "'content_block':{'type':'tool_use','id':'t','name':'Bash','input':{}}},"
                    + "'session_id':'s'}"),
            q(
                "{'type':'stream_event','event':{'type':'content_block_start',"
                    + "'content_block':{'type':'server_tool_use','id':'t'}}}"),
            // Escapes in the block's type or in one of its names could spell a call.
            q(
                "{'type':'stream_event','event':{'type':'content_block_start',"
                    + "'content_block':{'type':'tool\\u005fuse','id':'t'}}}"),
            q(
                "{'type':'stream_event','event':{'type':'content_block_start',"
                    + "'content_block':{'typ\\u0065':'tool_use','id':'t'}}}"),
            // A repeated type: Jackson keeps the last.
            q(
                "{'type':'stream_event','event':{'type':'content_block_start',"
                    + "'content_block':{'type':'text','type':'tool_use','id':'t'}}}"),
            // A repeated block: the skim keeps an earlier object when a later field is not one.
            q(
                "{'type':'stream_event','event':{'type':'content_block_start',"
                    + "'content_block':{'type':'tool_use','id':'t'},'content_block':1}}"),
            // The event's type read after its block.
            q(
                "{'type':'stream_event','event':{'content_block':{'type':'tool_use','id':'t'},"
                    + "'type':'content_block_start'}}"))) {
      assertThat(facts(line)).as(line).isNull();
      assertThat(recorded(entry(line))).as(line).isNull();
    }
  }

  private static final List<String> BLOCK_START_SEEDS =
      List.of(
          q(
              "{'type':'stream_event','event':{'type':'content_block_start','index':0,"
                  + "'content_block':{'type':'text','text':'a\\nb'}},'session_id':'abc'}"),
          q(
              "{'type':'stream_event','event':{'type':'content_block_start','index':1,"
                  + "'content_block':{'type':'tool_use','id':'t1','name':'Bash','input':{}}},"
                  + "'session_id':'abc'}"),
          q(
              "{'type':'stream_event','event':{'type':'content_block_start','index':2,"
                  + "'content_block':{'type':'server_tool_use','id':'t2','name':'x',"
                  + "'input':{'q':'\\u00e9'}}},'session_id':'abc'}"));

  /**
   * Starts of blocks made by breaking ones of text and of calls at random, as they are and in
   * record entries: whatever the triage settles, the general path and the live parser read as
   * announcing no call, with the same session id; and what is settled in an entry is settled the
   * same once unescaped.
   */
  @Test
  void aBlockStartTheTriageSettlesAnnouncesNoCallAsItIsAndInAnEntry() {
    int[] settled = settledOfBroken(BLOCK_START_SEEDS, 11, m -> m instanceof StreamEventMessage);
    assertThat(settled[0]).as("lines").isGreaterThan(1_000);
    assertThat(settled[1]).as("entries").isGreaterThan(1_000);
  }

  private static final String RESULT =
      q(
          "{'duration_ms':12,'usage':{'input_tokens':3,'cache':{'a':[1,2.50,null]},"
              + "'server_tool_use':{'web_search_requests':0}},'subtype':'error_during_execution',"
              + "'is_error':true,'result':'Stream closed\\n\\u00e9 é','total_cost_usd':0.0364,"
              + "'permission_denials':[{'tool_name':'Bash','tool_use_id':'t1',"
              + "'tool_input':{'command':'rm \\'x\\''}}],'errors':['e1'],"
              + "'terminal_reason':'tool_error','session_id':'s','uuid':'u','type':'result'}");

  /** A line's outcome in a scan: the triage first, then what it kept or the general path. */
  private LineOutcome scanned(String line) {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    try {
      return LineSkim.claudeLine(bytes, 0, bytes.length, triage);
    } catch (LineSkim.Malformed e) {
      return new LineOutcome.Malformed(0, e.getMessage());
    }
  }

  /** The general path's outcome, malformed or not. */
  private static LineOutcome general(String line) {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    try {
      return LineSkim.skimmed(bytes, 0, bytes.length);
    } catch (LineSkim.Malformed e) {
      return new LineOutcome.Malformed(0, e.getMessage());
    }
  }

  @Test
  void aResultIsReadFromTheFieldsTheSkimReadsAloneAsItIsAndInAnEntry() {
    assertThat(facts(RESULT)).isNull();
    assertThat(triage.keptLength()).isPositive();
    assertThat(new String(triage.kept(), 0, triage.keptLength(), StandardCharsets.UTF_8))
        .doesNotContain("usage", "duration_ms", "uuid")
        .contains("permission_denials", "total_cost_usd", "result");
    for (String line : List.of(RESULT, entry(RESULT))) {
      LineOutcome outcome = scanned(line);
      assertThat(outcome).as(line).isInstanceOf(LineOutcome.Message.class);
      assertThat(outcome).as(line).isEqualTo(general(line));
      ResultMessage result = (ResultMessage) ((LineOutcome.Message) outcome).message();
      assertThat(result.permissionDenials()).hasSize(1);
      assertThat(result.result()).isEqualTo("Stream closed\né é");
    }
  }

  /**
   * Random breaks of a result, as it is and in an entry: the scan's outcome, from the kept fields
   * or the general path, is always the general path's, malformed lines included.
   */
  @Test
  void aResultReadFromItsKeptFieldsIsWhatTheGeneralPathReads() {
    Random random = new Random(11);
    int kept = 0;
    for (int i = 0; i < 20_000; i++) {
      String line = broken(RESULT, 0, MESSAGE_ALPHABET, random);
      String entry = broken(entry(RESULT), ENTRY_OPENING.length() + 1, MESSAGE_ALPHABET, random);
      for (String tried : List.of(line, entry)) {
        LineOutcome outcome = scanned(tried);
        if (triage.keptLength() >= 0) {
          kept++;
        }
        assertThat(outcome).as(tried).isEqualTo(general(tried));
      }
    }
    assertThat(kept).isGreaterThan(5_000);
  }

  @Test
  void aNameLongerThanJacksonTakesLeavesTheLineToTheGeneralPathWhichCallsItMalformed() {
    String line =
        "{\"type\":\"system\",\"subtype\":\"status\",\"session_id\":\"s\",\"x\":{\""
            + "a".repeat(50_001)
            + "\":1}}";

    assertThat(facts(line)).isNull();
    assertThat(recorded(entry(line))).isNull();
    assertThat(general(line)).isInstanceOf(LineOutcome.Malformed.class);
    assertThat(facts(line.replace("a".repeat(50_001), "a".repeat(50_000)))).isNotNull();
  }

  @Test
  void inAnEntryOnlyWellFormedUtf8IsSettledForTheGeneralPathRefusesTheRest() {
    String line =
        "{\"type\":\"assistant\",\"session_id\":\"s\",\"message\":{\"content\":"
            + "[{\"type\":\"text\",\"text\":\"ab\"}]}}";
    byte[] opening = entry(line).getBytes(StandardCharsets.UTF_8);
    int text = new String(opening, StandardCharsets.UTF_8).indexOf("ab");
    for (byte[] inserted :
        List.of(
            new byte[] {(byte) 0xFF},
            new byte[] {(byte) 0xC0, (byte) 0x80},
            new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            new byte[] {(byte) 0xE2, (byte) 0x82},
            new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            "é😀".getBytes(StandardCharsets.UTF_8))) {
      byte[] bytes = new byte[opening.length + inserted.length];
      System.arraycopy(opening, 0, bytes, 0, text + 1);
      System.arraycopy(inserted, 0, bytes, text + 1, inserted.length);
      System.arraycopy(
          opening, text + 1, bytes, text + 1 + inserted.length, opening.length - text - 1);
      int start = RecordedLine.start(bytes, 0, bytes.length);
      LineOutcome.Facts settled = triage.recordedFacts(bytes, start, bytes.length);
      LineOutcome general;
      try {
        general = LineSkim.skimmed(bytes.clone(), 0, bytes.length);
      } catch (LineSkim.Malformed e) {
        general = new LineOutcome.Malformed(0, e.getMessage());
      }
      if (inserted.length == 6) {
        assertThat(settled).isEqualTo(new LineOutcome.Facts("s", null, null));
        assertThat(general).isInstanceOf(LineOutcome.Message.class);
      } else {
        assertThat(settled).as("%s", java.util.Arrays.toString(inserted)).isNull();
        assertThat(general).isInstanceOf(LineOutcome.Malformed.class);
      }
    }
  }

  /** The line inside an entry, as the record's reader reads it. */
  private static String line(String entry) {
    return Json.text(jackson(entry), "line");
  }

  /** {@code seed} with one to three characters from {@code from} on deleted, added or replaced. */
  private static String broken(String seed, int from, String alphabet, Random random) {
    StringBuilder text = new StringBuilder(seed);
    int edits = 1 + random.nextInt(3);
    for (int e = 0; e < edits; e++) {
      int at = from + random.nextInt(text.length() - from);
      char c = alphabet.charAt(random.nextInt(alphabet.length()));
      switch (random.nextInt(3)) {
        case 0 -> text.deleteCharAt(at);
        case 1 -> text.insert(at, c);
        default -> text.setCharAt(at, c);
      }
    }
    return text.toString();
  }
}

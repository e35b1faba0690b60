package dev.milktui.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.testkit.JsonNodeKinds;
import org.junit.jupiter.api.Test;

class TerminalSafeJsonTest {
  private static final String HOSTILE =
      "a\u001b]52;c;x\u0007\u007f\u0085\u009b2J\u202aL\u202eR\u2066\u2069\u200e\u200f\u061cé😀";

  @Test
  void c1AndBidiControlsAreWrittenAsEscapesAndEveryOtherCharacterAsItIs() {
    ObjectNode node = Json.object().put("t", HOSTILE);

    String json = TerminalSafeJson.write(node);

    assertThat(json)
        .isEqualTo(
            "{\"t\":\"a\\u001B]52;c;x\\u0007\\u007F\\u0085\\u009B2J\\u202AL\\u202ER"
                + "\\u2066\\u2069\\u200E\\u200F\\u061Cé😀\"}");
    assertThat(json.chars().filter(c -> c < 0x20 || (c >= 0x7f && c <= 0x9f))).isEmpty();
  }

  @Test
  void everyKindOfNodeIsWrittenAsTheMapperWroteIt() {
    ObjectNode node = JsonNodeKinds.everyKind();
    node.put("hostile", HOSTILE);

    assertThat(TerminalSafeJson.write(node))
        .isEqualTo(
            "{\"int\":-7,\"long\":1099511627776,\"short\":3,"
                + "\"big_integer\":123456789012345678901234567890,"
                + "\"double\":0.1,\"tiny_double\":1.0E-9,\"float\":2.5,\"nan\":\"NaN\","
                + "\"decimal\":1.50,\"decimal_exponent\":1E+3,\"decimal_small\":1E-8,"
                + "\"decimal_zero\":0,\"null\":null,\"true\":true,\"false\":false,"
                + "\"empty_array\":[],\"empty_object\":{},\"array\":[1,null,\"x\",[-2.0]],"
                + "\"nested\":{\"deeper\":{\"é\":\"ünï\\u0000\\\"\\\\/\\t\"}},"
                + "\"hostile\":\"a\\u001B]52;c;x\\u0007\\u007F\\u0085\\u009B2J\\u202AL\\u202ER"
                + "\\u2066\\u2069\\u200E\\u200F\\u061Cé😀\"}");
  }

  @Test
  void theEscapedJsonReadsBackAsTheSameValue() throws Exception {
    ObjectNode node = Json.object().put("t", HOSTILE);

    assertThat(Json.mapper().readTree(TerminalSafeJson.write(node))).isEqualTo(node);
  }
}

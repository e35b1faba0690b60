package dev.milktui.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.protocol.Json;
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
  void theEscapedJsonReadsBackAsTheSameValue() throws Exception {
    ObjectNode node = Json.object().put("t", HOSTILE);

    assertThat(Json.MAPPER.readTree(TerminalSafeJson.write(node))).isEqualTo(node);
  }
}

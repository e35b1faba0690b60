package dev.milktui.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LongStringsTest {
  @Test
  void neverCutsInsideAnEscapeAndLeavesValidJson() throws Exception {
    String json = "{\"a\":\"" + "\\u00e9\\\"".repeat(50) + "\",\"b\":[\"short\"]}";
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);

    for (int cap = 1; cap < 40; cap++) {
      byte[] copy = bytes.clone();
      int length = LongStrings.trim(copy, copy.length, cap);

      var node = Json.mapper().readTree(new String(copy, 0, length, StandardCharsets.UTF_8));
      assertThat(node.get("a").textValue()).endsWith(" bytes cut]").startsWith("é");
      assertThat(node.get("b").get(0).textValue()).isEqualTo("short");
    }
  }

  @Test
  void leavesAStringAloneWhenTheMarkerWouldNotBeShorterThanWhatIsCut() {
    byte[] bytes = "[\"abcdefgh\"]".getBytes(StandardCharsets.UTF_8);

    assertThat(LongStrings.trim(bytes, bytes.length, 4)).isEqualTo(bytes.length);
    assertThat(new String(bytes, StandardCharsets.UTF_8)).isEqualTo("[\"abcdefgh\"]");
  }

  @Test
  void findsTheTypeOfAPermissionRequestWhereverItStands() {
    byte[] request =
        "{\"request\":{\"type\":\"x\"},\"type\":\"control_request\"}"
            .getBytes(StandardCharsets.UTF_8);
    byte[] user = "{\"type\":\"user\",\"x\":\"control_request\"}".getBytes(StandardCharsets.UTF_8);

    assertThat(LongStrings.isControlRequest(request, request.length)).isTrue();
    assertThat(LongStrings.isControlRequest(user, user.length)).isFalse();
  }
}

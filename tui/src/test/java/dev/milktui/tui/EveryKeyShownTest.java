package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every key a permission request's input holds is on the screen before "allow" sends it back. */
class EveryKeyShownTest {

  private static JsonNode sentInput(String answer) throws IOException {
    return Json.MAPPER.readTree(answer).path("response").path("response").path("updatedInput");
  }

  @Test
  void aBashCallsSandboxEscapeAndBackgroundKeysAreShownInWordsAt80x24() throws IOException {
    Harness h = new Harness(80, 24);
    List<String> answers = Events.answers();
    JsonNode input =
        Json.MAPPER.readTree(
            "{\"command\":\"ls\",\"description\":\"list\","
                + "\"dangerouslyDisableSandbox\":true,\"run_in_background\":true}");
    PermissionRequest r = Events.request("r1", "Bash", input, List.of(), answers);
    h.events(new SessionEvent.PermissionRequested(r));
    String screen = h.screen().replaceAll("\\s+", " ");
    assertThat(screen)
        .contains("$ ls")
        .contains("# list")
        .contains("runs outside the sandbox")
        .contains("keeps running in the background")
        .contains("dangerouslyDisableSandbox = true")
        .contains("run_in_background = true");
    h.type("y");
    assertThat(sentInput(answers.get(0))).isEqualTo(input);
  }

  @Test
  void anMcpToolsNestedKeysAreShownAndALongInputScrollsToItsLastKeyOnASmallScreen()
      throws IOException {
    Harness h = new Harness(60, 16);
    ObjectNode input = Json.object();
    input.put("path", "/srv/data");
    for (int i = 0; i < 30; i++) {
      input.putObject("opt" + i).putArray("v").add("value " + i);
    }
    input.putObject("zz").put("dangerouslySkipChecks", true);
    List<String> answers = Events.answers();
    PermissionRequest r = Events.request("r1", "mcp__files__sync", input, List.of(), answers);
    h.events(new SessionEvent.PermissionRequested(r));
    String first = h.screen();
    assertThat(first)
        .contains("path = \"/srv/data\"")
        .contains("more line(s)")
        .doesNotContain("zz.dangerouslySkipChecks = true");
    assertThat(first).contains("zz.dangerouslySkipChecks: a key the tool itself calls");
    h.key(KeyType.End);
    assertThat(h.screen())
        .contains("opt29.v[0] = \"value 29\"")
        .contains("zz.dangerouslySkipChecks = true");
    h.type("y");
    assertThat(sentInput(answers.get(0))).isEqualTo(input);
  }

  @Test
  void lookalikeLettersAndBlankLookingCharactersInARequestAreMarkedAndNamed() {
    Harness h = new Harness(100, 30);
    h.events(
        new SessionEvent.PermissionRequested(
            Events.request(
                "r1",
                "WebFetch",
                Events.input("url", "https://\u0430pple.com/login", "prompt", "read\u3164it"),
                List.of(),
                Events.answers())));
    assertThat(h.screen())
        .contains("lookalikes")
        .contains("https://\\u0430pple.com/login")
        .contains("read\\u3164it");
  }
}

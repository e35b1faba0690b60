package dev.milktui.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.testkit.Recordings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The host's stdin lines must have exactly the shapes the real CLI accepted in the recordings. */
class HostMessagesTest {

  /** Line {@code index} of what the host wrote in a recording, as a JSON tree. */
  static JsonNode recordedStdin(String transcript, int index) {
    try {
      return tree(Files.readAllLines(Recordings.stdin(transcript)).get(index));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static JsonNode tree(String json) {
    try {
      return Json.mapper().readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static ControlRequest.CanUseTool request(String transcript) {
    return (ControlRequest.CanUseTool)
        MessageParserTest.first(transcript, ControlRequestMessage.class).request();
  }

  @Test
  void userMessageHasRoleAndStringContentLikeTheRecordedOne() {
    assertThat(tree(HostMessages.userMessage("Create a file with touch")))
        .isEqualTo(recordedStdin("d-allow", 0));
  }

  @Test
  void userMessageWithUuidIsTheRecordedLineThatGotLifecycleReports() {
    assertThat(tree(HostMessages.userMessage("/context", "78ad4f03-f0a0-460c-8baa-764fc2f6c1d2")))
        .isEqualTo(recordedStdin("p6-slash-commands", 1));
  }

  @Test
  void stopTaskIsTheLineThePinnedClaudeAccepted() {
    assertThat(tree(HostMessages.stopTask("milk-stop-1", "ac6f77810a70c6ed8")))
        .isEqualTo(recordedStdin("p20-stop-task", 1));
  }

  @Test
  void stopTaskAndContextUsageAreControlRequestsInTheFormTheCliDeclares() {
    assertThat(tree(HostMessages.stopTask("milk-stop-1", "ae579ff383922bc1d")))
        .isEqualTo(
            tree(
                """
                {"type":"control_request","request_id":"milk-stop-1",
                 "request":{"subtype":"stop_task","task_id":"ae579ff383922bc1d"}}
                """));
    assertThat(tree(HostMessages.getContextUsage("milk-context-1")))
        .isEqualTo(
            tree(
                """
                {"type":"control_request","request_id":"milk-context-1",
                 "request":{"subtype":"get_context_usage","detail":"summary"}}
                """));
  }

  @Test
  void allowEchoesTheRequestInput() {
    String line =
        HostMessages.allow(
            "8074ccc0-9c33-420f-9b88-bec04041c737", request("d-allow").input(), List.of());

    assertThat(tree(line)).isEqualTo(recordedStdin("d-allow", 1));
    assertThat(line).doesNotContain("\n");
  }

  @Test
  void allowWithUpdatedPermissionsHandsTheSuggestionsBackVerbatim() {
    ControlRequest.CanUseTool request = request("d-allow-updated-permissions");
    List<JsonNode> suggestions =
        request.permissionSuggestions().stream().map(PermissionSuggestion::raw).toList();

    String line =
        HostMessages.allow("bd903b87-f811-4ca1-b0de-1c4df6314497", request.input(), suggestions);

    assertThat(tree(line)).isEqualTo(recordedStdin("d-allow-updated-permissions", 1));
  }

  @Test
  void denyCarriesTheMessage() {
    assertThat(
            tree(
                HostMessages.deny(
                    "042cb738-e294-48c2-ba49-ba7bd690c351",
                    "The user denied this in the TUI.",
                    false)))
        .isEqualTo(recordedStdin("d-deny", 1));
  }

  @Test
  void denyAndInterruptAddsInterruptTrue() {
    assertThat(
            tree(
                HostMessages.deny(
                    "f9aa4dd7-024c-4ff4-8ea6-1648ae963fed", "Denied and stop.", true)))
        .isEqualTo(recordedStdin("d-deny-interrupt", 1));
  }

  @Test
  void denyWithoutAMessageStillSendsOneBecauseTheCliRejectsItOtherwise() {
    JsonNode response = tree(HostMessages.deny("r1", " ", false)).at("/response/response");

    assertThat(response.get("behavior").textValue()).isEqualTo("deny");
    assertThat(response.get("message").textValue()).isNotBlank();
    assertThat(response.has("interrupt")).isFalse();
  }

  @Test
  void interruptIsAWrappedControlRequest() {
    assertThat(tree(HostMessages.interrupt("host-interrupt-1")))
        .isEqualTo(recordedStdin("h-interrupt", 1));
  }

  @Test
  void errorAnswerHasSubtypeErrorAndTheText() {
    assertThat(tree(HostMessages.error("r7", "host could not show the prompt")))
        .isEqualTo(
            tree(
                """
                {"type":"control_response","response":{"subtype":"error","request_id":"r7",
                 "error":"host could not show the prompt"}}
                """));
  }

  @Test
  void setPermissionModeAndInitializeAreControlRequests() {
    assertThat(tree(HostMessages.setPermissionMode("host-mode-1", "acceptEdits")))
        .isEqualTo(
            tree(
                """
                {"type":"control_request","request_id":"host-mode-1",
                 "request":{"subtype":"set_permission_mode","mode":"acceptEdits"}}
                """));
    assertThat(tree(HostMessages.initialize("host-init-1")))
        .isEqualTo(
            tree(
                "{\"type\":\"control_request\",\"request_id\":\"host-init-1\","
                    + "\"request\":{\"subtype\":\"initialize\"}}"));
  }
}

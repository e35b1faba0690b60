package dev.milktui.core.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class ToolInputTest {

  private static JsonNode json(String text) throws IOException {
    return Json.mapper().readTree(text);
  }

  @Test
  void aQuestionCallShowsItsFirstQuestionAndHowManyMoreNotItsJson() throws IOException {
    JsonNode input =
        json(
            "{\"questions\":[{\"question\":\"Which database?\",\"options\":[]},"
                + "{\"question\":\"Which port?\",\"options\":[]}]}");

    assertThat(ToolInput.summary("AskUserQuestion", input)).isEqualTo("Which database? (+1 more)");
  }

  @Test
  void aPlanCallSaysThePlanIsReadyRatherThanItsText() throws IOException {
    assertThat(ToolInput.summary("ExitPlanMode", json("{\"plan\":\"# Plan\\n1. a\"}")))
        .isEqualTo("plan ready for review");
  }

  @Test
  void aGrepShowsItsPatternAndWhereItSearched() throws IOException {
    assertThat(ToolInput.summary("Grep", json("{\"pattern\":\"TODO\",\"path\":\"src\"}")))
        .isEqualTo("TODO  in src");
  }
}

package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One question of AskUserQuestion's input ({@code questions[]}): its text (the key of its answer),
 * a short header, single or multiple choice, and the options with their descriptions
 * [p8-askuserquestion-exitplan-echo].
 */
public record AskedQuestion(
    String question, String header, boolean multiSelect, List<Option> options) {

  public record Option(String label, String description) {}

  /** The questions of an AskUserQuestion input; empty when it holds none a picker can show. */
  public static Optional<List<AskedQuestion>> parse(JsonNode input) {
    List<AskedQuestion> questions = new ArrayList<>();
    for (JsonNode node : Json.elements(input, "questions")) {
      String text = Json.text(node, "question");
      if (text == null || text.isBlank()) {
        return Optional.empty();
      }
      List<Option> options = new ArrayList<>();
      for (JsonNode option : Json.elements(node, "options")) {
        String label = Json.text(option, "label");
        if (label != null && !label.isBlank()) {
          options.add(new Option(label, Json.text(option, "description")));
        }
      }
      questions.add(
          new AskedQuestion(
              text,
              Json.text(node, "header"),
              Json.isTrue(node, "multiSelect"),
              List.copyOf(options)));
    }
    return questions.isEmpty() ? Optional.empty() : Optional.of(List.copyOf(questions));
  }
}

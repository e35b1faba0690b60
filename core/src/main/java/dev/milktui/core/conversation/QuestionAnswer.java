package dev.milktui.core.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One question of an AskUserQuestion call and the answer it got, whole (a written answer can be a
 * paragraph), raw: each rendering cleans it.
 */
public record QuestionAnswer(String question, String answer) {

  /**
   * The answers in the order the questions were asked, then any answer to a question the input does
   * not hold; a multi-select answer given as a list is joined by ", ".
   */
  static List<QuestionAnswer> of(JsonNode input, JsonNode answers) {
    if (answers == null || !answers.isObject()) {
      return List.of();
    }
    Set<String> order = new LinkedHashSet<>();
    JsonNode questions = input == null ? null : input.get("questions");
    if (questions != null && questions.isArray()) {
      questions.forEach(q -> order.add(ToolInput.text(q, "question")));
    }
    answers.fieldNames().forEachRemaining(order::add);
    List<QuestionAnswer> shown = new ArrayList<>();
    for (String question : order) {
      JsonNode answer = answers.get(question);
      if (answer != null) {
        shown.add(new QuestionAnswer(question, text(answer)));
      }
    }
    return shown;
  }

  private static String text(JsonNode answer) {
    if (answer.isArray()) {
      List<String> parts = new ArrayList<>();
      answer.forEach(part -> parts.add(text(part)));
      return String.join(", ", parts);
    }
    return answer.isValueNode() ? answer.asText() : answer.toString();
  }
}

package dev.milktui.tui.dialog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.conversation.ShownInput;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The keys of a request's input that a dialog of its own (the questions, the plan) does not render,
 * since answering sends the whole input back: every other leaf as core's {@link ShownInput} shows
 * it ({@code path = value}, a key that widens the call named in words).
 */
final class OtherKeys {
  static final String HEADING = "Also in this request:";

  private OtherKeys() {}

  /**
   * The leaves of {@code input} outside {@code rendered} (paths as {@link ShownInput#leaves} writes
   * them) under a heading; empty when the dialog renders every leaf.
   */
  static String text(String toolName, JsonNode input, Set<String> rendered) {
    List<String> lines = new ArrayList<>();
    for (ShownInput.Part part : ShownInput.of(toolName, input).parts()) {
      if (!part.leaves().isEmpty() && !rendered.containsAll(part.leaves())) {
        lines.add(part.text());
      }
    }
    return lines.isEmpty() ? "" : HEADING + "\n" + String.join("\n", lines);
  }
}

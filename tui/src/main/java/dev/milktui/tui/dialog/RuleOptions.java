package dev.milktui.tui.dialog;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** The rules that could allow a call: the first is tool-wide, the rest narrower. Never empty. */
@FunctionalInterface
public interface RuleOptions {
  List<String> rulesFor(String toolName, JsonNode input);
}

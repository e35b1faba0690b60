package dev.milktui.tui.dialog;

import java.util.ArrayList;
import java.util.List;

/** Rules as one editable line: separated by commas, except commas inside a rule's parentheses. */
public final class RuleText {
  private RuleText() {}

  public static String join(List<String> rules) {
    return String.join(", ", rules);
  }

  public static List<String> split(String text) {
    List<String> rules = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    int depth = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')' && depth > 0) {
        depth--;
      }
      if (c == ',' && depth == 0) {
        addRule(rules, current);
      } else {
        current.append(c);
      }
    }
    addRule(rules, current);
    return rules;
  }

  private static void addRule(List<String> rules, StringBuilder current) {
    String rule = current.toString().strip();
    if (!rule.isEmpty() && !rules.contains(rule)) {
      rules.add(rule);
    }
    current.setLength(0);
  }
}

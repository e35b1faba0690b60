package dev.milktui.core.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A tool call's input as it is shown before it is allowed: every key of it, since "allow" sends the
 * whole input back. The keys a person reads best in their own form come first (Bash's {@code $
 * command}, an Edit's old and new text), then every other leaf — for every tool, MCP ones included,
 * nested objects and arrays flattened — as {@code path = value}. A key that widens what the call
 * may do ({@code dangerouslyDisableSandbox}, {@code run_in_background}, …) is also named in plain
 * words ({@link WideningKeys}). The text is raw; the screen reveals it ({@code TerminalText}).
 */
public final class ShownInput {

  /**
   * One part of what is shown.
   *
   * @param text what the part shows (raw: newlines kept, controls not yet marked)
   * @param leaves the input's leaf paths this part shows the value of
   */
  public record Part(String text, List<String> leaves) {
    public Part {
      leaves = List.copyOf(leaves);
    }
  }

  private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");

  /** The path of an input that is not an object but a single value. */
  static final String ROOT = "input";

  private final List<Part> parts;
  private final List<String> widening;

  private ShownInput(List<Part> parts, List<String> widening) {
    this.parts = List.copyOf(parts);
    this.widening = List.copyOf(widening);
  }

  public static ShownInput of(String toolName, JsonNode input) {
    if (input == null || input.isMissingNode()) {
      return new ShownInput(List.of(), List.of());
    }
    Map<String, JsonNode> leaves = leaves(input);
    List<Part> parts = new ArrayList<>(KnownKeys.parts(toolName == null ? "" : toolName, input));
    boolean known = !parts.isEmpty();
    List<String> rest = new ArrayList<>(leaves.keySet());
    parts.forEach(part -> rest.removeAll(part.leaves()));
    if (!rest.isEmpty()) {
      parts.add(new Part(known ? "▸ more keys:" : "▸ input:", List.of()));
    }
    List<String> widening = new ArrayList<>();
    for (Map.Entry<String, JsonNode> leaf : leaves.entrySet()) {
      Optional<String> words = WideningKeys.meaning(lastKey(leaf.getKey()), leaf.getValue());
      words.ifPresent(w -> widening.add(leaf.getKey() + ": " + w));
      if (rest.contains(leaf.getKey())) {
        String line = leaf.getKey() + " = " + value(leaf.getValue());
        parts.add(new Part(words.map(w -> line + "  ⚠ " + w).orElse(line), List.of(leaf.getKey())));
      }
    }
    return new ShownInput(parts, widening);
  }

  public List<Part> parts() {
    return parts;
  }

  /**
   * What the call's keys would let it do beyond the plain call, one {@code path: words} each
   * ({@code dangerouslyDisableSandbox: runs outside the sandbox}); empty for a plain call.
   */
  public List<String> widening() {
    return widening;
  }

  /** Everything, one part after another. */
  public String text() {
    StringBuilder out = new StringBuilder();
    for (Part part : parts) {
      if (out.length() > 0) {
        out.append('\n');
      }
      out.append(part.text());
    }
    return out.toString();
  }

  /**
   * Every leaf of {@code input} by its path, in document order: strings, numbers, booleans, nulls
   * and empty objects or arrays. A path is keys joined by dots and array indices ({@code
   * edits[0].old_string}); a key that is not a plain name is written as a JSON string in brackets
   * ({@code ["a.b"]}), so two different leaves never share a path.
   */
  public static Map<String, JsonNode> leaves(JsonNode input) {
    Map<String, JsonNode> leaves = new LinkedHashMap<>();
    collect("", input, leaves);
    return leaves;
  }

  private static void collect(String path, JsonNode node, Map<String, JsonNode> leaves) {
    if (node.isObject() && !node.isEmpty()) {
      for (Map.Entry<String, JsonNode> field : node.properties()) {
        collect(child(path, field.getKey()), field.getValue(), leaves);
      }
    } else if (node.isArray() && !node.isEmpty()) {
      for (int i = 0; i < node.size(); i++) {
        collect(path + "[" + i + "]", node.get(i), leaves);
      }
    } else {
      leaves.put(path.isEmpty() ? ROOT : path, node);
    }
  }

  /** The path of key {@code key} under {@code parent} (empty for the input itself). */
  static String child(String parent, String key) {
    if (PLAIN_KEY.matcher(key).matches()) {
      return parent.isEmpty() ? key : parent + "." + key;
    }
    return parent + "[" + quoted(key) + "]";
  }

  private static String quoted(String key) {
    StringBuilder out = new StringBuilder("\"");
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\');
      }
      out.append(c);
    }
    return out.append('"').toString();
  }

  /** The last key of a path, where the widening words look. */
  private static String lastKey(String path) {
    int dot = path.lastIndexOf('.');
    String last = dot < 0 ? path : path.substring(dot + 1);
    return last.endsWith("]") ? "" : last;
  }

  /** A leaf as shown: a string in quotes (its newlines kept), anything else as JSON. */
  static String value(JsonNode leaf) {
    return leaf.isTextual() ? "\"" + leaf.asText() + "\"" : leaf.toString();
  }
}

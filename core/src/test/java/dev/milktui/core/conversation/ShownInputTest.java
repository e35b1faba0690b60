package dev.milktui.core.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.protocol.Json;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ShownInputTest {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final List<String> TOOLS =
      List.of(
          "Bash",
          "Edit",
          "MultiEdit",
          "Write",
          "Read",
          "Glob",
          "Grep",
          "WebFetch",
          "WebSearch",
          "NotebookEdit",
          "Agent",
          "TodoWrite",
          "ExitPlanMode",
          "mcp__files__delete",
          "SomethingNew");
  private static final List<String> KEYS =
      List.of(
          "command",
          "description",
          "file_path",
          "content",
          "old_string",
          "new_string",
          "replace_all",
          "edits",
          "dangerouslyDisableSandbox",
          "run_in_background",
          "timeout",
          "a.b",
          "",
          "we\"ird]",
          "x\u001b]0;y\u0007",
          "d\u0430ngerous",
          "0",
          "[0]",
          "nested");

  private static JsonNode parse(String json) throws Exception {
    return Json.mapper().readTree(json);
  }

  @Test
  void aBashCallsSandboxEscapeAndBackgroundKeysAreShownAndNamedInWords() throws Exception {
    ShownInput shown =
        ShownInput.of(
            "Bash",
            parse(
                "{\"command\":\"ls\",\"description\":\"list\","
                    + "\"dangerouslyDisableSandbox\":true,\"run_in_background\":true}"));
    assertThat(shown.text())
        .contains("$ ls")
        .contains("# list")
        .contains("dangerouslyDisableSandbox = true  ⚠ runs outside the sandbox")
        .contains("run_in_background = true  ⚠ keeps running in the background");
    assertThat(shown.widening())
        .containsExactly(
            "dangerouslyDisableSandbox: runs outside the sandbox",
            "run_in_background: keeps running in the background after the call returns");
  }

  @Test
  void anMcpToolsNestedObjectsAndArraysAreShownLeafByLeaf() throws Exception {
    ShownInput shown =
        ShownInput.of(
            "mcp__db__query",
            parse("{\"sql\":\"select 1\",\"opts\":{\"dangerous\":{\"drop\":[true,{}]}},\"e\":[]}"));
    assertThat(shown.text())
        .isEqualTo(
            "▸ input:\nsql = \"select 1\"\nopts.dangerous.drop[0] = true\n"
                + "opts.dangerous.drop[1] = {}\ne = []");
  }

  @Test
  void anEditsOwnFormCoversItsKeysAndAnUnexpectedTypeFallsToTheListing() throws Exception {
    ShownInput shown =
        ShownInput.of(
            "Edit",
            parse(
                "{\"file_path\":\"/w/a\",\"old_string\":\"x\",\"new_string\":\"y\","
                    + "\"replace_all\":\"yes\"}"));
    assertThat(shown.text())
        .startsWith("File: /w/a\n▸ replace:\nx\n▸ with:\ny\n▸ more keys:\n")
        .contains("replace_all = \"yes\"  ⚠ replaces every occurrence");
  }

  @Test
  void keysThatAreNotPlainNamesGetPathsNoOtherLeafHas() throws Exception {
    JsonNode input = parse("{\"a.b\":1,\"a\":{\"b\":2},\"\":3,\"q\\\"\":4,\"l\":[[5]]}");
    assertThat(ShownInput.leaves(input).keySet())
        .containsExactly("[\"a.b\"]", "a.b", "[\"\"]", "[\"q\\\"\"]", "l[0][0]");
  }

  /**
   * Generated inputs for every tool kind, with random extra keys (odd names, controls, lookalikes)
   * and nesting: every leaf of what "allow" sends is covered by exactly the parts that claim it, a
   * part claims only leaves the input has, and each leaf's value is in the part that shows it.
   */
  @Test
  void everyLeafOfEveryGeneratedInputIsShownWithItsValueAndNothingShownIsNotSent() {
    Random random = new Random(21);
    for (int run = 0; run < 3000; run++) {
      String tool = TOOLS.get(random.nextInt(TOOLS.size()));
      ObjectNode input = object(random, 0);
      ShownInput shown = ShownInput.of(tool, input);
      Map<String, JsonNode> leaves = ShownInput.leaves(input);
      assertThat(leaves).hasSize(countLeaves(input));
      Set<String> covered = new HashSet<>();
      for (ShownInput.Part part : shown.parts()) {
        for (String leaf : part.leaves()) {
          assertThat(leaves).as("%s claims %s of %s", tool, leaf, input).containsKey(leaf);
          assertThat(covered.add(leaf)).as("%s shown twice in %s", leaf, input).isTrue();
          JsonNode value = leaves.get(leaf);
          assertThat(part.text())
              .as("%s of %s", leaf, input)
              .contains(value.isTextual() ? value.asText() : "");
          if (!ownForm(part)) {
            assertThat(part.text()).startsWith(leaf + " = " + ShownInput.value(value));
          }
        }
      }
      assertThat(covered).as("%s %s", tool, input).isEqualTo(leaves.keySet());
    }
  }

  /** A part in a tool's own form; every other part is one {@code path = value} line. */
  private static boolean ownForm(ShownInput.Part part) {
    String text = part.text();
    return text.startsWith("$ ")
        || text.startsWith("# ")
        || text.startsWith("File: ")
        || text.startsWith("▸ ");
  }

  private static int countLeaves(JsonNode node) {
    if ((node.isObject() || node.isArray()) && !node.isEmpty()) {
      int n = 0;
      for (JsonNode child : node) {
        n += countLeaves(child);
      }
      return n;
    }
    return 1;
  }

  private static ObjectNode object(Random random, int depth) {
    ObjectNode node = NODES.objectNode();
    int keys = random.nextInt(depth == 0 ? 7 : 4);
    for (int i = 0; i < keys; i++) {
      String key =
          random.nextInt(4) == 0
              ? "k" + random.nextInt(1000)
              : KEYS.get(random.nextInt(KEYS.size()));
      node.set(key, value(random, depth + 1));
    }
    return node;
  }

  private static JsonNode value(Random random, int depth) {
    int kind = random.nextInt(depth > 3 ? 5 : 8);
    return switch (kind) {
      case 0 -> NODES.textNode(text(random));
      case 1 -> NODES.booleanNode(random.nextBoolean());
      case 2 -> NODES.numberNode(random.nextInt(100_000));
      case 3 -> NODES.nullNode();
      case 4 -> NODES.textNode(text(random) + "\n" + text(random));
      case 5 -> object(random, depth);
      case 6 -> array(random, depth);
      default -> NODES.objectNode();
    };
  }

  private static ArrayNode array(Random random, int depth) {
    ArrayNode array = NODES.arrayNode();
    int n = random.nextInt(4);
    for (int i = 0; i < n; i++) {
      array.add(random.nextBoolean() ? object(random, depth) : value(random, depth + 1));
    }
    return array;
  }

  private static String text(Random random) {
    String[] pieces = {"ls", "rm -rf ~", "\u001b[8m", "/etc/passwd", "\u0430", "\u3164", " ", "="};
    StringBuilder out = new StringBuilder();
    int n = random.nextInt(4);
    for (int i = 0; i < n; i++) {
      out.append(pieces[random.nextInt(pieces.length)]);
    }
    return out.toString();
  }
}

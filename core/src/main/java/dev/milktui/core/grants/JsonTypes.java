package dev.milktui.core.grants;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Typed access to a member that must be an object or array when present; anything else is refused.
 */
final class JsonTypes {

  private JsonTypes() {}

  static String describe(JsonNode node) {
    return "a JSON " + node.getNodeType().name().toLowerCase(Locale.ROOT);
  }

  /** The object at {@code parent[name]}, created (appended last) when {@code create} and absent. */
  static ObjectNode object(Path file, ObjectNode parent, String path, String name, boolean create)
      throws SettingsException {
    JsonNode node = parent.get(name);
    if (node == null) {
      return create ? parent.putObject(name) : null;
    }
    if (!node.isObject()) {
      throw new SettingsException(file, path + " is " + describe(node) + ", expected an object");
    }
    return (ObjectNode) node;
  }

  /** The array at {@code parent[name]}, created (appended last) when {@code create} and absent. */
  static ArrayNode array(Path file, ObjectNode parent, String path, String name, boolean create)
      throws SettingsException {
    JsonNode node = parent.get(name);
    if (node == null) {
      return create ? parent.putArray(name) : null;
    }
    if (!node.isArray()) {
      throw new SettingsException(file, path + " is " + describe(node) + ", expected an array");
    }
    return (ArrayNode) node;
  }
}

package dev.milktui.core.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.tinylog.Logger;

/**
 * The JSON given to claude's {@code --settings} for one launch: the session's ask rules added to
 * {@code permissions.ask} of the user's named settings file, read afresh at each launch. Nothing is
 * written anywhere.
 */
final class SessionSettings {

  private SessionSettings() {}

  static String withAskRules(Optional<Path> userFile, List<String> askRules) {
    ObjectNode settings = userFile.map(SessionSettings::read).orElseGet(Json::object);
    JsonNode permissions = settings.path("permissions");
    ObjectNode permissionsObject =
        permissions.isObject() ? (ObjectNode) permissions : settings.putObject("permissions");
    JsonNode ask = permissionsObject.path("ask");
    ArrayNode asks = ask.isArray() ? (ArrayNode) ask : permissionsObject.putArray("ask");
    askRules.forEach(asks::add);
    return settings.toString();
  }

  private static ObjectNode read(Path file) {
    try {
      if (!Files.exists(file)) {
        return Json.object();
      }
      JsonNode content = Json.mapper().readTree(file.toFile());
      if (content instanceof ObjectNode object) {
        return object;
      }
      Logger.warn("{} is not a JSON object; the session gets only its ask rules", file);
    } catch (IOException e) {
      Logger.warn(e, "cannot read {}; the session gets only its ask rules", file);
    }
    return Json.object();
  }
}

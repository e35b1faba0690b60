package dev.milktui.core.event;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.ControlRequest;
import dev.milktui.core.protocol.HostMessages;
import dev.milktui.core.protocol.Json;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * An MCP server asks the user for values (an {@code elicitation} control request
 * [p17-mcp-elicitation]); this is the reply handle. The first answer wins. The requested schema is
 * read into {@link #fields()} when every property is a kind a form can show (string, enum, number,
 * integer, boolean); otherwise {@link #unsupported()} says why, and the only answers are decline or
 * cancel.
 */
public final class ElicitationRequest {

  /** The kinds of field a form can show. */
  public enum Kind {
    STRING,
    ENUM,
    NUMBER,
    INTEGER,
    BOOLEAN
  }

  /**
   * One property of the requested schema.
   *
   * @param choices an enum's values, as sent back
   * @param choiceTitles what the form shows for each value ({@code enumNames}, or the titles of a
   *     {@code oneOf} of constants), the same length as {@code choices}
   * @param defaultValue the schema's {@code default} as text, or null
   */
  public record Field(
      String name,
      String title,
      String description,
      Kind kind,
      List<String> choices,
      List<String> choiceTitles,
      String defaultValue,
      boolean required) {

    /** What a form shows as the field's label. */
    public String label() {
      return title == null || title.isBlank() ? name : title;
    }
  }

  private final String requestId;
  private final ControlRequest.Elicitation request;
  private final Predicate<String> channel;
  private final List<Field> fields;
  private final Optional<String> unsupported;
  private final AtomicBoolean answered = new AtomicBoolean();

  /**
   * @param channel writes the answer line; false when it could not be sent
   */
  public ElicitationRequest(
      String requestId, ControlRequest.Elicitation request, Predicate<String> channel) {
    this.requestId = requestId;
    this.request = request;
    this.channel = channel;
    List<Field> read = new ArrayList<>();
    this.unsupported = readSchema(request, read);
    this.fields = unsupported.isPresent() ? List.of() : List.copyOf(read);
  }

  public String requestId() {
    return requestId;
  }

  public String serverName() {
    return request.serverName() == null ? "an MCP server" : request.serverName();
  }

  public String message() {
    return request.message() == null ? "" : request.message();
  }

  public List<Field> fields() {
    return fields;
  }

  /** Why no form can be shown for this request, or empty when one can. */
  public Optional<String> unsupported() {
    return unsupported;
  }

  public boolean isOpen() {
    return !answered.get();
  }

  /** Sends the user's values (an object of field name to value). */
  public boolean accept(JsonNode content) {
    if (unsupported.isPresent()) {
      throw new IllegalStateException("no form can answer this request: " + unsupported.get());
    }
    return answer(HostMessages.elicitationAnswer(requestId, "accept", content));
  }

  /** The user said no: the server is told the request was declined. */
  public boolean decline() {
    return answer(HostMessages.elicitationAnswer(requestId, "decline", null));
  }

  /** The user dismissed the form without deciding. */
  public boolean cancel() {
    return answer(HostMessages.elicitationAnswer(requestId, "cancel", null));
  }

  /**
   * The process that asked is gone: the request is closed without an answer (nobody could read
   * one); false when it was answered already.
   */
  public boolean abandon() {
    return answered.compareAndSet(false, true);
  }

  private boolean answer(String line) {
    return answered.compareAndSet(false, true) && channel.test(line);
  }

  private static Optional<String> readSchema(ControlRequest.Elicitation request, List<Field> out) {
    if (!"form".equals(request.mode()) && request.mode() != null) {
      return Optional.of("the request is of mode \"" + request.mode() + "\", not a form");
    }
    JsonNode schema = request.requestedSchema();
    JsonNode properties = Json.objectOrNull(schema, "properties");
    if (properties == null) {
      return Optional.of("the request has no form fields");
    }
    Set<String> required = new LinkedHashSet<>(Json.strings(schema, "required"));
    Set<String> order = new LinkedHashSet<>(request.propertyOrder());
    properties.fieldNames().forEachRemaining(order::add);
    for (String name : order) {
      JsonNode property = properties.get(name);
      if (property == null || !property.isObject()) {
        continue;
      }
      String type = Json.text(property, "type");
      List<String> choices = new ArrayList<>(Json.strings(property, "enum"));
      List<String> titles = new ArrayList<>(Json.strings(property, "enumNames"));
      if (choices.isEmpty()) {
        // A titled enum: oneOf [{const, title}].
        for (JsonNode option : Json.elements(property, "oneOf")) {
          String value = Json.text(option, "const");
          if (value != null) {
            choices.add(value);
            String title = Json.text(option, "title");
            titles.add(title == null || title.isBlank() ? value : title);
          }
        }
      }
      if (titles.size() != choices.size()) {
        titles = choices;
      }
      JsonNode fallback = property.get("default");
      String defaultValue =
          fallback == null || fallback.isNull() || fallback.isContainerNode()
              ? null
              : fallback.asText();
      Kind kind;
      if ("string".equals(type) && !choices.isEmpty()) {
        kind = Kind.ENUM;
      } else if ("string".equals(type)) {
        kind = Kind.STRING;
      } else if ("number".equals(type)) {
        kind = Kind.NUMBER;
      } else if ("integer".equals(type)) {
        kind = Kind.INTEGER;
      } else if ("boolean".equals(type)) {
        kind = Kind.BOOLEAN;
      } else {
        return Optional.of(
            "its field \"" + name + "\" is of a type milk-tui cannot show (" + type + ")");
      }
      out.add(
          new Field(
              name,
              Json.text(property, "title"),
              Json.text(property, "description"),
              kind,
              List.copyOf(choices),
              List.copyOf(titles),
              defaultValue,
              required.contains(name)));
    }
    return out.isEmpty() ? Optional.of("the request has no form fields") : Optional.empty();
  }

  @Override
  public String toString() {
    return "ElicitationRequest[" + requestId + ", " + request.serverName() + "]";
  }
}

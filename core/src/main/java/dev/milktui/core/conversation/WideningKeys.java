package dev.milktui.core.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Input keys that let a call do more than its plain form, in plain words, whatever the tool (the
 * keys are those of the pinned CLI's tool schemas; an MCP tool may use the same names). A key
 * counts unless it is absent, {@code false} or {@code null}: an unexpected value is named too.
 */
final class WideningKeys {
  /** The permission modes an Agent call may ask for, other than the default. */
  private static final Set<String> PERMISSION_MODES =
      Set.of("acceptEdits", "auto", "bypassPermissions", "dontAsk", "plan");

  private WideningKeys() {}

  static Optional<String> meaning(String key, JsonNode value) {
    if (value == null || value.isNull() || (value.isBoolean() && !value.asBoolean())) {
      return Optional.empty();
    }
    String text = value.isTextual() ? value.asText() : value.toString();
    return switch (key) {
      case "dangerouslyDisableSandbox" -> Optional.of("runs outside the sandbox");
      case "run_in_background" ->
          Optional.of("keeps running in the background after the call returns");
      case "timeout" -> Optional.of("may run for up to " + text + " ms");
      case "replace_all" -> Optional.of("replaces every occurrence, not just one");
      case "allow_large" -> Optional.of("reads past the usual size limit");
      case "isolation" ->
          Optional.of(
              text.equals("remote")
                  ? "runs in a remote cloud environment"
                  : "runs in an isolated copy (" + text + ")");
      case "mode" ->
          PERMISSION_MODES.contains(text)
              ? Optional.of("asks for permission mode " + text)
              : Optional.empty();
      case "durable" -> Optional.of("is saved and survives restarts");
      case "recurring" -> Optional.of("fires again on every match until deleted");
      case "edit_mode" -> text.equals("delete") ? Optional.of("deletes a cell") : Optional.empty();
      default ->
          key.toLowerCase(Locale.ROOT).contains("dangerous")
              ? Optional.of("a key the tool itself calls dangerous")
              : Optional.empty();
    };
  }
}

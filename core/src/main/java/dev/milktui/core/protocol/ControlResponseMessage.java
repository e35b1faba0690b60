package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** The CLI's answer to a host control request ({@code subtype} "success" or "error"). */
public record ControlResponseMessage(
    String requestId, String subtype, JsonNode response, String error, JsonNode raw)
    implements CliMessage {
  public boolean success() {
    return "success".equals(subtype);
  }
}

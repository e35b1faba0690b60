package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Optional;

/**
 * {@code type:"rate_limit_event"}: the CLI's news about a usage limit, in {@code rate_limit_info}
 * ({@code status} allowed, allowed_warning or rejected; {@code resetsAt} in epoch seconds; {@code
 * rateLimitType} such as five_hour). The CLI sends none with an API key [p16-rate-limit-headers].
 */
public record RateLimitEvent(JsonNode raw) implements CliMessage {

  private JsonNode info() {
    return Json.objectOrNull(raw, "rate_limit_info");
  }

  public String status() {
    return Json.text(info(), "status");
  }

  /** Which limit, e.g. {@code five_hour} or {@code seven_day}; null when not said. */
  public String rateLimitType() {
    return Json.text(info(), "rateLimitType");
  }

  /** When the limit resets; epoch seconds on the wire (milliseconds are recognised too). */
  public Optional<Instant> resetsAt() {
    JsonNode value = info() == null ? null : info().get("resetsAt");
    if (value == null || !value.isNumber()) {
      return Optional.empty();
    }
    long number = value.asLong();
    return Optional.of(
        number > 100_000_000_000L ? Instant.ofEpochMilli(number) : Instant.ofEpochSecond(number));
  }

  /** How much of the limit is used (0 to 1), when the CLI says. */
  public Optional<Double> utilization() {
    JsonNode value = info() == null ? null : info().get("utilization");
    return value != null && value.isNumber() ? Optional.of(value.asDouble()) : Optional.empty();
  }
}

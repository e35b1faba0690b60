package dev.milktui.core.testkit;

/** The Anthropic error {@code type}s a scripted HTTP error can carry, with their usual status. */
public enum ErrorType {
  INVALID_REQUEST("invalid_request_error", 400, "Invalid request"),
  AUTHENTICATION("authentication_error", 401, "invalid x-api-key"),
  RATE_LIMIT("rate_limit_error", 429, "Rate limited"),
  API_ERROR("api_error", 500, "Internal server error"),
  OVERLOADED("overloaded_error", 529, "Overloaded");

  private final String wireName;
  private final int defaultStatus;
  private final String defaultMessage;

  ErrorType(String wireName, int defaultStatus, String defaultMessage) {
    this.wireName = wireName;
    this.defaultStatus = defaultStatus;
    this.defaultMessage = defaultMessage;
  }

  /** The value of {@code error.type} in the response body. */
  public String wireName() {
    return wireName;
  }

  public int defaultStatus() {
    return defaultStatus;
  }

  public String defaultMessage() {
    return defaultMessage;
  }
}

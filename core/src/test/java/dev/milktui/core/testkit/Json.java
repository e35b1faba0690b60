package dev.milktui.core.testkit;

import com.fasterxml.jackson.databind.ObjectMapper;

/** The one Jackson mapper of the test kit; ObjectMapper is thread-safe once configured. */
final class Json {
  static final ObjectMapper MAPPER = new ObjectMapper();

  private Json() {}
}

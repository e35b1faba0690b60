package dev.milktui.core.testkit;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** One server-sent event of the Messages API stream: {@code event: NAME} plus a JSON payload. */
record SseEvent(String name, ObjectNode data) {

  boolean isDelta() {
    return name.equals("content_block_delta");
  }

  String frame() {
    return "event: " + name + "\ndata: " + data + "\n\n";
  }
}

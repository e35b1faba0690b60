package dev.milktui.tui.bench;

import java.io.IOException;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;

/**
 * Writes the recordings {@code -XX:StartFlightRecording=filename=…} started: a benchmark that ends
 * with {@link Runtime#halt} runs no shutdown hook, and so would leave the file empty.
 */
final class FlightRecordings {
  private FlightRecordings() {}

  static void dump() {
    if (!FlightRecorder.isInitialized()) {
      return;
    }
    for (Recording recording : FlightRecorder.getFlightRecorder().getRecordings()) {
      if (recording.getDestination() != null) {
        try {
          recording.dump(recording.getDestination());
        } catch (IOException e) {
          System.err.println("flight recording not written: " + e.getMessage());
        }
      }
    }
  }
}

package dev.milktui.tui;

import java.io.IOException;
import java.nio.file.Path;

/** Saves the session's transcript (Ctrl+S); the app decides the format and where it goes. */
@FunctionalInterface
public interface TranscriptExporter {
  /** Returns the file written. */
  Path export() throws IOException;

  TranscriptExporter NONE =
      () -> {
        throw new IOException("exporting the transcript is not available here");
      };
}

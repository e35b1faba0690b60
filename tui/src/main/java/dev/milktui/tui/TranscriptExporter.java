package dev.milktui.tui;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Saves the session's transcript (Ctrl+S) as the Markdown the screen's cells render to; the app
 * decides where it goes. Called off the UI thread.
 */
@FunctionalInterface
public interface TranscriptExporter {
  /** Writes {@code markdown}; returns the file written. */
  Path export(String markdown) throws IOException;

  TranscriptExporter NONE =
      markdown -> {
        throw new IOException("exporting the transcript is not available here");
      };
}

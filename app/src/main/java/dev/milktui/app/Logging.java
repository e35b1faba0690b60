package dev.milktui.app;

import dev.milktui.core.io.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.tinylog.configuration.Configuration;

/**
 * Sends every log line to a file, never to the terminal: the screen owns the terminal while it is
 * up. Must run before the first log call, which freezes tinylog's configuration.
 */
final class Logging {
  private Logging() {}

  /**
   * Logs to {@code file}, created readable by the user only (prompts and paths end up in it), in
   * folders made likewise; if they cannot be made, logging is off rather than on screen.
   */
  static void toFile(Path file) {
    if (Configuration.isFrozen()) {
      return;
    }
    try {
      OwnerOnlyFiles.createFileIfMissing(file);
      Configuration.replace(
          Map.of(
              "writer", "file",
              "writer.file", file.toString(),
              "writer.append", "true",
              "writer.charset", "UTF-8",
              "writer.level", System.getProperty("milk.logLevel", "info"),
              "writer.format",
                  "{date:yyyy-MM-dd HH:mm:ss.SSS} {level} [{thread}] {class-name}: {message}",
              "writingthread", "true",
              "autoshutdown", "true"));
    } catch (IOException | RuntimeException e) {
      // Off, and no file writer: tinylog's file writer cannot open /dev/null either (EINVAL) and
      // says so on standard error as LOGGER ERROR. The default console writer never writes at off.
      Configuration.replace(Map.of("level", "off"));
    }
  }
}

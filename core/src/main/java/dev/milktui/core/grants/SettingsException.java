package dev.milktui.core.grants;

import java.nio.file.Path;

/**
 * A JSON file Claude owns could not be read, understood or written. The file is left exactly as it
 * was; the message names it (and the line and column when it does not parse).
 */
public final class SettingsException extends Exception {
  private static final long serialVersionUID = 1L;

  private final Path file;

  public SettingsException(Path file, String message) {
    super(file + ": " + message);
    this.file = file;
  }

  public SettingsException(Path file, String message, Throwable cause) {
    super(file + ": " + message, cause);
    this.file = file;
  }

  public Path file() {
    return file;
  }
}

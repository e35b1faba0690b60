package dev.milktui.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * What the build wrote into {@code version.properties}: milk-tui's version and the claude version
 * it is tested with. The parent POM's {@code claude.version} is the one place that pin is written.
 */
final class BuildInfo {
  private static final Properties BUILD = load();

  /** milk-tui's own version. */
  static final String VERSION = BUILD.getProperty("version", "unknown");

  /** The pinned claude version: what the install script installs and the tests run. */
  static final String CLAUDE_VERSION = BUILD.getProperty("claude.version", "unknown");

  private BuildInfo() {}

  private static Properties load() {
    Properties build = new Properties();
    try (InputStream in = BuildInfo.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        build.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read milk-tui's version.properties", e);
    }
    return build;
  }
}

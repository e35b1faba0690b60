package dev.milktui.app;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** milk-tui's version (from the build) and the claude version it is built and tested with. */
final class VersionProvider implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() throws IOException {
    Properties build = new Properties();
    try (InputStream in =
        VersionProvider.class.getResourceAsStream("/dev/milktui/app/version.properties")) {
      if (in != null) {
        build.load(in);
      }
    }
    return new String[] {
      "milk-tui " + build.getProperty("version", "unknown"),
      "tested with claude " + build.getProperty("claude.version", "unknown")
    };
  }
}

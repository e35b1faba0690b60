package dev.milktui.app;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine;

/** milk-tui's version (from the build) and the claude it would run, with that claude's version. */
final class VersionProvider implements CommandLine.IVersionProvider {
  private final Environment environment;

  VersionProvider() {
    this(Environment.system());
  }

  VersionProvider(Environment environment) {
    this.environment = environment;
  }

  @Override
  public String[] getVersion() {
    return new String[] {"milk-tui " + BuildInfo.VERSION, claudeLine()};
  }

  private String claudeLine() {
    String tested = " (milk-tui is tested with " + ClaudeVersion.PINNED + ")";
    Optional<ClaudeLocator.Found> found = ClaudeLocator.of(environment).locate(Optional.empty());
    if (found.isEmpty()) {
      return "claude: not found" + tested;
    }
    Path path = found.get().path();
    try {
      return "claude "
          + ClaudeVersionProbe.run(path, ClaudeVersionProbe.TIMEOUT).number()
          + " at "
          + path
          + tested;
    } catch (IOException e) {
      return "claude at " + path + " does not answer --version (" + e.getMessage() + ")" + tested;
    }
  }
}

package dev.milktui.app;

import dev.milktui.core.grants.AlwaysAsk;
import java.nio.file.Path;

/** Where the user's list of always-asking commands lives for this environment. */
final class AlwaysAskFile {
  private AlwaysAskFile() {}

  static Path of(Environment environment) {
    return AlwaysAsk.configDirectory(environment.variables(), environment.home())
        .resolve(AlwaysAsk.FILE_NAME);
  }
}

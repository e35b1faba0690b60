package dev.milktui.app;

import dev.milktui.core.grants.AlwaysAsk;
import dev.milktui.tui.keys.KeyFile;
import java.nio.file.Path;

/** Where the user's key bindings live for this environment: beside the always-ask list. */
final class KeysFile {
  private KeysFile() {}

  static Path of(Environment environment) {
    return AlwaysAsk.configDirectory(environment.variables(), environment.home())
        .resolve(KeyFile.FILE_NAME);
  }
}

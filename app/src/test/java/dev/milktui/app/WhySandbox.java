package dev.milktui.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A working folder and Claude's user settings file inside {@code temp}, with an environment that
 * points claude's and milk-tui's configuration there: what {@code why} reads, and nothing of this
 * machine's.
 */
record WhySandbox(Path work, Path userSettings, Environment environment) {
  static WhySandbox in(Path temp) throws IOException {
    Path work = Files.createDirectories(temp.resolve("work")).toRealPath();
    Path configDir = Files.createDirectories(temp.resolve("config"));
    return new WhySandbox(
        work,
        configDir.resolve("settings.json"),
        new Environment(
            Map.of(
                "CLAUDE_CONFIG_DIR",
                configDir.toString(),
                "XDG_CONFIG_HOME",
                temp.resolve("xdg").toString()),
            temp.resolve("home")));
  }
}

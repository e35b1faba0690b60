package dev.milktui.app;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --project DIR} option: whose project and local settings Claude would read. */
final class ProjectOption {

  @Option(
      names = "--project",
      paramLabel = "DIR",
      description =
          "project whose .claude/settings.json and .claude/settings.local.json are read"
              + " (default: the current directory)")
  Path project;

  Path resolve() {
    return (project == null ? Path.of("") : project).toAbsolutePath().normalize();
  }
}

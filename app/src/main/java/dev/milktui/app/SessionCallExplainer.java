package dev.milktui.app;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.session.LaunchSpec;
import dev.milktui.core.why.CallExplainer;
import dev.milktui.core.why.Explanation;
import dev.milktui.core.why.SettingsGathering;
import dev.milktui.tui.dialog.RequestExplainer;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The permission dialog's "why" for the running session: the request's tool and input exactly as
 * claude sent them, judged against what that session was launched with (working directory, mode,
 * baseline, allowed tools and grants, added folders, {@code --settings}, the always-ask list) — the
 * same answer {@code milk-tui why} gives with those flags. Reads settings files: a worker calls it.
 */
final class SessionCallExplainer implements RequestExplainer {
  private final Environment environment;
  private final Optional<Path> askRulesFile;
  private final Supplier<Optional<LaunchSpec>> running;

  /**
   * @param askRulesFile where the session's always-ask rules were read, if from a file
   * @param running the launch spec of the session now running, empty before one starts
   */
  SessionCallExplainer(
      Environment environment,
      Optional<Path> askRulesFile,
      Supplier<Optional<LaunchSpec>> running) {
    this.environment = environment;
    this.askRulesFile = askRulesFile;
    this.running = running;
  }

  @Override
  public Explanation explain(PermissionRequest request) {
    LaunchSpec spec =
        running.get().orElseThrow(() -> new IllegalStateException("no claude session is running"));
    return explain(environment, spec, askRulesFile, request.toolName(), request.request().input());
  }

  /** What claude, launched as {@code spec}, does with {@code tool} called with {@code input}. */
  static Explanation explain(
      Environment environment,
      LaunchSpec spec,
      Optional<Path> askRulesFile,
      String tool,
      JsonNode input) {
    Path workingDirectory = spec.workingDirectory();
    return new CallExplainer(
            new SettingsGathering(environment.variables(), environment.home())
                .gather(
                    workingDirectory,
                    workingDirectory,
                    SettingsGathering.Launch.of(spec, askRulesFile)))
        .explain(tool, input);
  }
}

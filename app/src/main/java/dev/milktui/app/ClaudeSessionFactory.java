package dev.milktui.app;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.grants.SettingsGrantPersister;
import dev.milktui.core.grants.SettingsStore;
import dev.milktui.core.record.RecordFile;
import dev.milktui.core.session.ClaudeSession;
import dev.milktui.core.session.LaunchSpec;
import dev.milktui.core.session.Session;
import dev.milktui.core.session.SessionRecorder;
import dev.milktui.tui.SessionFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.tinylog.Logger;

/**
 * Opens real claude sessions for the UI: the launch spec with the grants already saved in Claude's
 * settings, a record file per session, grants saved through the settings store.
 */
final class ClaudeSessionFactory implements SessionFactory {
  private final LaunchSpec template;
  private final SettingsStore settings;
  private final AppPaths paths;
  private final Clock clock;
  private ClaudeSession last;

  ClaudeSessionFactory(LaunchSpec template, SettingsStore settings, AppPaths paths, Clock clock) {
    this.template = template;
    this.settings = settings;
    this.paths = paths;
    this.clock = clock;
  }

  @Override
  public Session open(Consumer<SessionEvent> listener, Optional<String> resumeSessionId) {
    LaunchSpec spec = template.withResume(resumeSessionId.orElse(null));
    if (last != null && resumeSessionId.isPresent()) {
      // Restart and resume: the model and mode claude last reported go on, not the launch-time
      // ones.
      LaunchSpec previous = last.launchSpec();
      spec =
          spec.toBuilder()
              .model(previous.model().orElse(null))
              .permissionMode(previous.permissionMode().orElse(null))
              .build();
    }
    ClaudeSession session =
        new ClaudeSession(
            spec,
            listener,
            new SettingsGrantPersister(settings, spec.workingDirectory()),
            recorder(listener));
    // Reading Claude's settings happens on the session's effects thread, not the UI's.
    session.start(this::persistedDirectories);
    last = session;
    return session;
  }

  private UnaryOperator<LaunchSpec> persistedDirectories() {
    try {
      List<Path> saved = settings.list().directories().stream().map(Path::of).toList();
      return spec -> spec.withPersistedDirectories(saved);
    } catch (SettingsException e) {
      throw new IllegalStateException(
          "Claude's settings could not be read, so saved directories are not added: "
              + e.getMessage(),
          e);
    }
  }

  private SessionRecorder recorder(Consumer<SessionEvent> listener) {
    Path file = paths.newRecordFile(clock.instant());
    try {
      RecordFile record = RecordFile.open(file, clock);
      Logger.info("recording the session to {}", file);
      return record;
    } catch (IOException e) {
      listener.accept(
          new SessionEvent.Notice(
              SessionEvent.Level.WARNING,
              "The session is not recorded (" + file + ": " + e.getMessage() + ")."));
      return SessionRecorder.NONE;
    }
  }
}

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

  ClaudeSessionFactory(LaunchSpec template, SettingsStore settings, AppPaths paths, Clock clock) {
    this.template = template;
    this.settings = settings;
    this.paths = paths;
    this.clock = clock;
  }

  @Override
  public Session open(Consumer<SessionEvent> listener, Optional<String> resumeSessionId) {
    LaunchSpec spec =
        withPersistedDirectories(template.withResume(resumeSessionId.orElse(null)), listener);
    ClaudeSession session =
        new ClaudeSession(
            spec,
            listener,
            new SettingsGrantPersister(settings, spec.workingDirectory()),
            recorder(listener));
    session.start();
    return session;
  }

  private LaunchSpec withPersistedDirectories(LaunchSpec spec, Consumer<SessionEvent> listener) {
    try {
      List<Path> saved = settings.list().directories().stream().map(Path::of).toList();
      return spec.withPersistedDirectories(saved);
    } catch (SettingsException e) {
      listener.accept(
          new SessionEvent.Notice(
              SessionEvent.Level.WARNING,
              "Claude's settings could not be read, so saved directories are not added: "
                  + e.getMessage()));
      return spec;
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

package dev.milktui.app;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.grants.SettingsGrantPersister;
import dev.milktui.core.grants.SettingsStore;
import dev.milktui.core.history.ClaudeProjects;
import dev.milktui.core.history.PastSession;
import dev.milktui.core.history.SessionFile;
import dev.milktui.core.ledger.DecisionLedger;
import dev.milktui.core.record.RecordFile;
import dev.milktui.core.session.ClaudeSession;
import dev.milktui.core.session.LaunchSpec;
import dev.milktui.core.session.Session;
import dev.milktui.core.session.SessionRecorder;
import dev.milktui.tui.SessionFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
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
  private final ClaudeProjects projects;
  private final DecisionLedger ledger;
  // Written on the UI thread, read by the "why" key's worker.
  private volatile ClaudeSession last;

  ClaudeSessionFactory(
      LaunchSpec template,
      SettingsStore settings,
      AppPaths paths,
      Clock clock,
      ClaudeProjects projects) {
    this(template, settings, paths, clock, projects, DecisionLedger.NONE);
  }

  /** With {@code ledger}, every session's decisions are written to it before claude hears them. */
  ClaudeSessionFactory(
      LaunchSpec template,
      SettingsStore settings,
      AppPaths paths,
      Clock clock,
      ClaudeProjects projects,
      DecisionLedger ledger) {
    this.ledger = ledger;
    this.template = template;
    this.settings = settings;
    this.paths = paths;
    this.clock = clock;
    this.projects = projects;
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
            recorder(listener),
            ledger);
    // Reading Claude's settings and session file happens on the session's effects thread.
    session.start(
        this::persistedDirectories,
        () -> resumeSessionId.map(this::earlierConversation).orElse(List.of()));
    last = session;
    return session;
  }

  /** The launch spec of the session last opened (its grants and mode), empty before one opens. */
  Optional<LaunchSpec> running() {
    ClaudeSession session = last;
    return session == null ? Optional.empty() : Optional.ofNullable(session.launchSpec());
  }

  @Override
  public List<PastSession> pastSessions() {
    return projects.sessions(template.workingDirectory());
  }

  /** The resumed session as Claude kept it, or a notice that it cannot be shown. */
  private List<SessionEvent> earlierConversation(String sessionId) {
    Optional<Path> file = projects.sessionFile(template.workingDirectory(), sessionId);
    if (file.isEmpty()) {
      return List.of(
          new SessionEvent.Notice(
              SessionEvent.Level.INFO,
              "Claude keeps no file of session "
                  + sessionId
                  + " for this directory, so the earlier conversation is not shown."));
    }
    try {
      return SessionFile.read(file.get());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "the session file " + file.get() + " could not be read: " + e.getMessage(), e);
    }
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

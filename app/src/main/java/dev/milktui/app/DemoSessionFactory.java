package dev.milktui.app;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.SettingsGrantPersister;
import dev.milktui.core.grants.SettingsStore;
import dev.milktui.core.replay.ReplayFile;
import dev.milktui.core.replay.ReplayScript;
import dev.milktui.core.replay.ReplaySession;
import dev.milktui.core.session.Session;
import dev.milktui.tui.SessionFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.tinylog.Logger;

/**
 * Sessions played from a recording, through the same engine and screen as a live one: {@code
 * milk-tui replay FILE} (read-only, from the start) and the offline demo, which is the replay of
 * its bundled script. Grants made in a replayed script go to a throw-away settings file, never the
 * user's.
 */
final class DemoSessionFactory implements SessionFactory, AutoCloseable {
  static final String SCRIPT = "/dev/milktui/app/demo.ndjson";
  static final String WELCOME =
      "Offline demo: a recorded session, nothing is sent anywhere. Type any message and press"
          + " Enter: turn 1 runs a tool, turn 2 asks for a permission (y/n), turn 3 fails with"
          + " \"Stream closed\" and offers the grant dialog.";

  /** The directory the recording wrote to; the demo points it at a scratch folder of its own. */
  static final String RECORDED_OUTSIDE_DIRECTORY = "/tmp/fake-anthropic-outside";

  private final SettingsStore settings;
  private final Path scratch;
  private final Path workingDirectory;
  private final double speed;

  /**
   * The script, or null for the bundled demo's (read for each session, into the scratch folder).
   */
  private final ReplayScript recorded;

  private final String welcome;

  /** Removes the scratch folder when the JVM ends without {@link #close} (SIGTERM, SIGHUP). */
  private final Thread exitHook;

  private DemoSessionFactory(
      Path scratch,
      Path home,
      Path workingDirectory,
      double speed,
      ReplayScript recorded,
      String welcome) {
    this.settings = new SettingsStore(scratch.resolve("settings.json"), home);
    this.scratch = scratch;
    this.workingDirectory = workingDirectory;
    this.speed = speed;
    this.recorded = recorded;
    this.welcome = welcome;
    this.exitHook = new Thread(this::removeQuietly, "milk-tui-demo-cleanup");
    Runtime.getRuntime().addShutdownHook(exitHook);
  }

  /**
   * A new temporary folder named for {@code kind} and this process, so that a stale one can be told
   * apart from another run's (and a test can find its own).
   */
  static Path scratchFolder(String kind) throws IOException {
    return Files.createTempDirectory(
        "milk-tui-" + kind + "-" + ProcessHandle.current().pid() + "-");
  }

  /** A demo with its own scratch folder (settings file, the folder the demo writes to). */
  static DemoSessionFactory create(Path home, Path workingDirectory, double speed)
      throws IOException {
    Path scratch = scratchFolder("demo");
    Files.createDirectories(scratch.resolve("outside"));
    return new DemoSessionFactory(scratch, home, workingDirectory, speed, null, WELCOME);
  }

  /**
   * The replay of a file already read ({@code milk-tui replay}); {@code speed} multiplies its
   * pauses (0: none).
   */
  static DemoSessionFactory replay(
      ReplayFile.Loaded loaded, String name, Path home, Path workingDirectory, double speed)
      throws IOException {
    Path scratch = scratchFolder("replay");
    return new DemoSessionFactory(
        scratch,
        home,
        workingDirectory,
        speed,
        loaded.script(),
        "Replay of "
            + name
            + " ("
            + loaded.kind().description()
            + (loaded.script().fromStart() ? "), read-only." : ")."));
  }

  @Override
  public Optional<String> readOnly() {
    return recorded != null && recorded.fromStart()
        ? Optional.of("Replay: read-only, nothing is sent.")
        : Optional.empty();
  }

  SettingsStore settings() {
    return settings;
  }

  /**
   * The script played: the file replayed, or the demo's, read as any replayed file is, with the
   * recording's outside folder moved into the scratch folder.
   */
  ReplayScript script() {
    if (recorded != null) {
      return recorded;
    }
    try (InputStream in = DemoSessionFactory.class.getResourceAsStream(SCRIPT)) {
      if (in == null) {
        throw new IOException("the demo script " + SCRIPT + " is missing from the jar");
      }
      String text =
          new String(in.readAllBytes(), StandardCharsets.UTF_8)
              .replace(RECORDED_OUTSIDE_DIRECTORY, scratch.resolve("outside").toString());
      return ReplayFile.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)))
          .script();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ReplayFile.NotReplayable e) {
      throw new IllegalStateException("the demo script " + SCRIPT + " " + e.getMessage(), e);
    }
  }

  /** Removes the scratch folder and everything the demo wrote into it. */
  @Override
  public void close() throws IOException {
    try {
      Runtime.getRuntime().removeShutdownHook(exitHook);
    } catch (IllegalStateException e) {
      // The JVM is already ending: the hook removes the folder too; deleting twice is harmless.
    }
    remove();
  }

  private void removeQuietly() {
    try {
      remove();
    } catch (IOException | UncheckedIOException e) {
      Logger.warn(e, "could not remove the demo folder {}", scratch);
    }
  }

  private void remove() throws IOException {
    if (!Files.exists(scratch)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(scratch)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  Path scratch() {
    return scratch;
  }

  @Override
  public Session open(Consumer<SessionEvent> listener, Optional<String> resumeSessionId) {
    listener.accept(new SessionEvent.Notice(SessionEvent.Level.INFO, welcome));
    return new ReplaySession(
        script(), listener, new SettingsGrantPersister(settings, workingDirectory), speed);
  }
}

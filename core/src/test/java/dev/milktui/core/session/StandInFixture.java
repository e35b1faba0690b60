package dev.milktui.core.session;

import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.testkit.Recordings;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session tests against a scripted stand-in claude ({@link FakeClaude}): its folder, the session,
 * the events it sent, and the pieces its scripts are made of.
 */
abstract class StandInFixture {
  static final String SID = "457dcd2e-618a-4ba4-806f-8c466d9a2436";

  @TempDir Path dir;
  final EventLog events = new EventLog();
  ClaudeSession session;

  @AfterEach
  final void closeSession() {
    if (session != null) {
      session.close();
    }
  }

  ClaudeSession open(FakeClaude fake) {
    return open(fake, GrantPersister.REFUSE);
  }

  ClaudeSession open(FakeClaude fake, GrantPersister persister) {
    session = new ClaudeSession(fake.spec(dir), events, persister, SessionRecorder.NONE);
    return session;
  }

  /**
   * The first run does {@code first}; every later run (a resume or a restart) answers each message
   * with a whole recorded turn.
   */
  FakeClaude firstRunThen(String first) {
    return FakeClaude.script(
        dir,
        "if [ -e \"$LOG/first-run-done\" ]; then\n"
            + "  while next_line; do cat '"
            + transcript("b-stdin-stream-json")
            + "'; done; exit 0\n"
            + "fi\n"
            + "touch \"$LOG/first-run-done\"\n"
            + first);
  }

  static String transcript(String name) {
    return Recordings.ndjson(name).toString();
  }

  /**
   * Bash for claude's start of recording d-allow, up to its permission request for a Bash touch: it
   * reads the message, prints the init and the request.
   */
  static String asksToTouch() {
    return "next_line; head -n 2 '"
        + transcript("d-allow")
        + "'; grep control_request '"
        + transcript("d-allow")
        + "'; ";
  }

  /** Bash that prints each line on stdout, as claude would. */
  static String printf(String... lines) {
    StringBuilder out = new StringBuilder();
    for (String line : lines) {
      out.append("printf '%s\\n' '").append(line).append("'\n");
    }
    return out.toString();
  }

  /** claude's first line for session {@link #SID}. */
  static String init() {
    return "{\"type\":\"system\",\"subtype\":\"init\",\"cwd\":\"/tmp\",\"session_id\":\""
        + SID
        + "\",\"model\":\"m\",\"permissionMode\":\"default\"}";
  }
}

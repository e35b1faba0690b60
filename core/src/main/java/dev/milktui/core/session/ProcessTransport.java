package dev.milktui.core.session;

import java.io.IOException;
import java.util.Optional;
import java.util.function.Function;

/**
 * How turns reach claude processes: the one behaviour that differs between {@link Transport}s. The
 * session actor calls it on its own thread only.
 */
interface ProcessTransport {

  static ProcessTransport of(Transport transport) {
    return switch (transport) {
      case STREAM -> new StreamTransport();
      case ONE_SHOT -> new OneShotTransport();
    };
  }

  /** Whether a process starts with the session, before any message. */
  boolean startsWithSession();

  /**
   * Starts a process; {@code turn} is the message that made it needed, if any (its uuid names it in
   * the CLI's lifecycle reports).
   *
   * @return the process, and whether starting it already delivered {@code turn}
   */
  Launched launch(
      LaunchSpec spec, Optional<Outgoing> turn, Function<ClaudeProcess, ProcessListener> listener)
      throws IOException;

  /** Hands a turn to a running process; false when it cannot take one (it waits for the next). */
  boolean deliver(ClaudeProcess process, Outgoing turn);

  /** Sends a host control request; false when this process cannot hear one. */
  boolean control(ClaudeProcess process, String line);

  /** Stops the running turn; false when that ends the process (it is then being killed). */
  boolean interrupt(ClaudeProcess process, String requestId);

  /** Tells a running process about a new permission mode, when it can hear one. */
  void setPermissionMode(ClaudeProcess process, String requestId, String mode);

  /** Whether a process ending once its turns are done is the normal course. */
  boolean endsAfterTurn();

  record Launched(ClaudeProcess process, boolean deliveredTurn) {}

  /** A user message on its way to claude, with the uuid the CLI reports its progress under. */
  record Outgoing(String uuid, String text) {}
}

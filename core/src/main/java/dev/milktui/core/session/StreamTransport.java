package dev.milktui.core.session;

import dev.milktui.core.protocol.HostMessages;
import java.io.IOException;
import java.util.Optional;
import java.util.function.Function;

/** One long-lived process per session: turns, answers and control requests go to its stdin. */
final class StreamTransport implements ProcessTransport {

  @Override
  public boolean startsWithSession() {
    return true;
  }

  @Override
  public Launched launch(
      LaunchSpec spec, Optional<Outgoing> turn, Function<ClaudeProcess, ProcessListener> listener)
      throws IOException {
    ClaudeProcess process =
        ClaudeProcess.start(spec.command(Optional.empty()), spec, true, listener);
    return new Launched(process, turn.isPresent() && deliver(process, turn.get()));
  }

  @Override
  public boolean deliver(ClaudeProcess process, Outgoing turn) {
    return process.write(HostMessages.userMessage(turn.text(), turn.uuid()));
  }

  @Override
  public boolean control(ClaudeProcess process, String line) {
    return process.isAlive() && process.write(line);
  }

  @Override
  public boolean interrupt(ClaudeProcess process, String requestId) {
    process.write(HostMessages.interrupt(requestId));
    return true;
  }

  @Override
  public void setPermissionMode(ClaudeProcess process, String requestId, String mode) {
    process.write(HostMessages.setPermissionMode(requestId, mode));
  }

  @Override
  public boolean endsAfterTurn() {
    return false;
  }
}

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
      LaunchSpec spec, Optional<String> turn, Function<ClaudeProcess, ProcessListener> listener)
      throws IOException {
    ClaudeProcess process =
        ClaudeProcess.start(spec.command(Optional.empty()), spec, true, listener);
    return new Launched(process, turn.isPresent() && deliver(process, turn.get()));
  }

  @Override
  public boolean deliver(ClaudeProcess process, String text) {
    return process.write(HostMessages.userMessage(text));
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

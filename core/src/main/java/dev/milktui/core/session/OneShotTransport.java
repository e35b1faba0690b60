package dev.milktui.core.session;

import java.io.IOException;
import java.util.Optional;
import java.util.function.Function;

/** A process per turn, the prompt as an argument and stdin at {@code /dev/null}. */
final class OneShotTransport implements ProcessTransport {

  @Override
  public boolean startsWithSession() {
    return false;
  }

  @Override
  public Launched launch(
      LaunchSpec spec, Optional<Outgoing> turn, Function<ClaudeProcess, ProcessListener> listener)
      throws IOException {
    return new Launched(
        ClaudeProcess.start(spec.command(turn.map(Outgoing::text)), spec, false, listener), true);
  }

  @Override
  public boolean deliver(ClaudeProcess process, Outgoing turn) {
    return false;
  }

  @Override
  public boolean control(ClaudeProcess process, String line) {
    return false;
  }

  @Override
  public boolean interrupt(ClaudeProcess process, String requestId) {
    // A one-shot child has no stdin to hear an interrupt; stopping it is all there is.
    process.kill();
    return false;
  }

  @Override
  public void setPermissionMode(ClaudeProcess process, String requestId, String mode) {
    // It has no stdin; the mode applies from the next turn's process (through the launch spec).
  }

  @Override
  public boolean endsAfterTurn() {
    return true;
  }
}

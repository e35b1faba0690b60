package dev.milktui.tui.bench;

import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.session.Session;
import java.util.Optional;

/** A session that does nothing: the benchmark pushes events into the UI itself. */
final class QuietSession implements Session {
  @Override
  public void send(String text) {}

  @Override
  public void interrupt() {}

  @Override
  public void setPermissionMode(String mode) {}

  @Override
  public void resumeWithGrants(GrantDecision decision) {}

  @Override
  public Optional<String> sessionId() {
    return Optional.empty();
  }

  @Override
  public boolean busy() {
    return false;
  }

  @Override
  public void close() {}
}

package dev.milktui.tui;

import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantException;
import dev.milktui.core.session.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Records every command the UI gives; can be told to be busy or to refuse grants. */
final class FakeSession implements Session {
  final List<String> sent = new ArrayList<>();
  final List<String> modes = new ArrayList<>();
  final List<GrantDecision> decisions = new ArrayList<>();
  final List<String> stoppedTasks = new ArrayList<>();
  int stopTasksAndGoOn;
  int interrupts;
  boolean closed;
  boolean busy;
  String id;
  GrantException refuseNextGrant;

  @Override
  public void send(String text) {
    sent.add(text);
  }

  @Override
  public void interrupt() {
    interrupts++;
  }

  @Override
  public void setPermissionMode(String mode) {
    modes.add(mode);
  }

  @Override
  public void resumeWithGrants(GrantDecision decision) throws GrantException {
    if (refuseNextGrant != null) {
      GrantException e = refuseNextGrant;
      refuseNextGrant = null;
      throw e;
    }
    decisions.add(decision);
  }

  @Override
  public void stopTask(String taskId) {
    stoppedTasks.add(taskId);
  }

  @Override
  public void stopTasksAndGoOn() {
    stopTasksAndGoOn++;
  }

  @Override
  public Optional<String> sessionId() {
    return Optional.ofNullable(id);
  }

  @Override
  public boolean busy() {
    return busy;
  }

  @Override
  public void close() {
    closed = true;
  }
}

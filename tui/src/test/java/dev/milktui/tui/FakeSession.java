package dev.milktui.tui;

import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantException;
import dev.milktui.core.session.Session;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

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

  /** When set, grants are "being saved" until the test completes it. */
  CompletableFuture<Void> grantSaving;

  /** How the save in progress reports a held settings lock (as the saving thread would). */
  Consumer<Path> lockHeld;

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
  public CompletionStage<Void> resumeWithGrantsAsync(
      GrantDecision decision, Consumer<Path> lockHeld) {
    if (grantSaving == null) {
      return Session.super.resumeWithGrantsAsync(decision, lockHeld);
    }
    decisions.add(decision);
    this.lockHeld = lockHeld;
    return grantSaving;
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

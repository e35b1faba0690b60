package dev.milktui.tui.dialog;

import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.grants.GrantException;
import dev.milktui.core.grants.LockWaits;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.FutureTask;
import java.util.function.BiConsumer;

/**
 * One "allow always" save of what {@link AlwaysForm} decided (the wide rules the user chose among
 * them), run on a worker: the lock it waits for and its outcome are reported back on the UI thread;
 * cancelling its task interrupts the wait, and nothing is written then.
 */
final class RuleSave implements Runnable {
  final PermissionRequest request;
  final AlwaysForm.Decision decision;
  final FutureTask<Void> task = new FutureTask<>(this, null);
  private final GrantSaver saver;
  private final DialogHost host;
  private final BiConsumer<RuleSave, Path> lockHeld;
  private final BiConsumer<RuleSave, Optional<String>> saved;

  RuleSave(
      PermissionRequest request,
      AlwaysForm.Decision decision,
      GrantSaver saver,
      DialogHost host,
      BiConsumer<RuleSave, Path> lockHeld,
      BiConsumer<RuleSave, Optional<String>> saved) {
    this.request = request;
    this.decision = decision;
    this.saver = saver;
    this.host = host;
    this.lockHeld = lockHeld;
    this.saved = saved;
  }

  @Override
  @SuppressWarnings("try") // the scope reports lock waits for the block, never read
  public void run() {
    Optional<String> failure;
    try (LockWaits.Scope scope =
        LockWaits.listen(lock -> host.later(() -> lockHeld.accept(this, lock)))) {
      saver.save(decision.rules(), decision.confirmed());
      failure = Optional.empty();
    } catch (GrantException | RuntimeException e) {
      failure = Optional.of(String.valueOf(e.getMessage()));
    }
    Optional<String> result = failure;
    host.later(() -> saved.accept(this, result));
  }
}

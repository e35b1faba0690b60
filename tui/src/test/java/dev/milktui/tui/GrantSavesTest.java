package dev.milktui.tui;

import static dev.milktui.tui.Events.input;
import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.StreamClosedRecord;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantException;
import dev.milktui.core.grants.SavedGrants;
import dev.milktui.core.grants.SettingsGrantPersister;
import dev.milktui.core.grants.SettingsStore;
import dev.milktui.core.testkit.Persisters;
import dev.milktui.tui.dialog.GrantSaver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both saves to Claude's settings — "allow always" in the permission dialog and "remember" in the
 * stream-closed grant dialog — are one effect of the runner: the same progress while Claude's lock
 * is held, the same cancel (Esc) and the same bound, and what they write is exactly what was chosen
 * or nothing at all. Never on the UI thread: the screen goes on meanwhile, and Ctrl+C still quits.
 */
class GrantSavesTest {
  @TempDir Path dir;
  private Path settings;
  private Path lock;
  private final List<String> answers = Events.answers();
  // One permit each time a save ends, however it ends: what "nothing was written" waits for.
  private final Semaphore saveEnded = new Semaphore(0);

  @BeforeEach
  void settingsWithHeldLock() throws IOException {
    settings = Files.createDirectories(dir.resolve("claude")).resolve("settings.json");
    Files.writeString(settings, "{}\n");
    lock = Files.createDirectory(dir.resolve("claude/settings.json.lock"));
  }

  private Harness harness() {
    GrantSaver saver =
        new GrantSaver() {
          @Override
          public SavedGrants save(GrantDecision decision) throws GrantException {
            try {
              return new SettingsGrantPersister(
                      new SettingsStore(settings, dir), dir.resolve("work"))
                  .persist(decision);
            } finally {
              saveEnded.release();
            }
          }

          @Override
          public String destination() {
            return settings.toString();
          }
        };
    return harness(40, saver);
  }

  private static Harness harness(int rows, GrantSaver saver) {
    return new Harness(
        140, rows, TuiConfig.defaults().withDialogInputPause(Duration.ZERO).withGrantSaver(saver));
  }

  /** "Allow always" on a Bash call, its narrowest rule, saved with Enter. */
  private PermissionRequest allowAlways(Harness h) {
    PermissionRequest request =
        Events.request("r1", "Bash", input("command", "npm test"), List.of(), answers);
    h.events(new SessionEvent.PermissionRequested(request));
    h.type("A").key(KeyType.Enter);
    return request;
  }

  /** The grant dialog with one failed Bash call ticked, "remember" chosen, granted with Enter. */
  private static void rememberGrant(Harness h) {
    List<StreamClosedRecord> failed =
        List.of(new StreamClosedRecord("t1", "Bash", input("command", "npm test")));
    h.events(new SessionEvent.GrantsNeeded(Events.summary(failed, List.of())));
    h.type(" ").key(KeyType.Tab).key(KeyType.Tab).key(KeyType.ArrowRight).key(KeyType.Enter);
  }

  private String waitingLine() {
    return "Waiting for " + lock + " (another program, maybe Claude, is writing these settings)…";
  }

  /** Pumps the UI until {@code condition} holds; a generous bound, not a timing assertion. */
  private static void until(Harness h, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(8).toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("never happened; screen:\n" + h.screen());
      }
      Thread.sleep(20);
      h.pump();
    }
  }

  private static String flat(String screen) {
    return screen.replaceAll("[\\s│]+", " ");
  }

  /** Lets the held lock go and waits until the stopped save has ended, then reads the file. */
  private String afterTheSaveEnded(Harness h) throws Exception {
    Files.delete(lock);
    assertThat(saveEnded.tryAcquire(30, TimeUnit.SECONDS)).as("the save ended").isTrue();
    h.pump();
    return Files.readString(settings);
  }

  @Test
  void bothSavesShowTheSameProgressAndEscCancelsEitherTheSameWayWithNothingWritten()
      throws Exception {
    // One after the other: the first save holds milk-tui's own lock while it waits for Claude's.
    Harness always = harness();
    PermissionRequest request = allowAlways(always);
    until(always, () -> flat(always.screen()).contains(flat(waitingLine())));
    always.type("x");
    assertThat(always.screen()).contains("Still saving; Esc cancels");
    always.key(KeyType.Escape);
    assertThat(always.screen()).contains(GrantSaves.CANCELLED);
    assertThat(afterTheSaveEnded(always)).isEqualTo("{}\n");
    assertThat(always.screen()).doesNotContain("were saved to");
    assertThat(request.isOpen()).isTrue();
    assertThat(answers).isEmpty();
    // Answered once, as the user then chooses.
    always.key(KeyType.Escape).type("y");
    assertThat(answers).singleElement().asString().contains("\"behavior\":\"allow\"");
    assertThat(answers.get(0)).doesNotContain("updatedPermissions");
    answers.clear();

    lock = Files.createDirectory(lock);
    Harness grant = harness();
    rememberGrant(grant);
    until(grant, () -> flat(grant.screen()).contains(flat(waitingLine())));
    grant.key(KeyType.Escape);
    assertThat(grant.screen()).contains(GrantSaves.CANCELLED).contains("Grant and retry");
    assertThat(afterTheSaveEnded(grant)).isEqualTo("{}\n");
    assertThat(grant.session().decisions).as("nothing resumed").isEmpty();
    assertThat(grant.screen()).doesNotContain("were saved to");
  }

  @Test
  void aSaveThatOutlivesItsBoundSaysSoAndNothingIsHalfWritten() throws Exception {
    Harness grant = harness();
    rememberGrant(grant);
    until(grant, () -> grant.screen().contains("settings.json.lock"));

    grant.clock.advance(GrantSaves.BOUND.plusSeconds(1));
    grant.controller.tick();
    grant.pump();

    assertThat(flat(grant.screen()))
        .contains("still busy after " + GrantSaves.BOUND.toSeconds() + " s")
        .contains("nothing was saved")
        .contains("Grant and retry");
    assertThat(afterTheSaveEnded(grant)).isEqualTo("{}\n");
    assertThat(grant.session().decisions).as("nothing resumed").isEmpty();
  }

  @Test
  void onceClaudesLockIsFreeEachSaveWritesExactlyWhatWasChosen() throws Exception {
    Files.delete(lock);
    Harness always = harness();
    allowAlways(always);
    until(always, () -> !answers.isEmpty());
    assertThat(Files.readString(settings)).contains("Bash(npm test:*)");

    Files.writeString(settings, "{}\n");
    Harness grant = harness();
    rememberGrant(grant);
    until(grant, () -> !grant.session().decisions.isEmpty());
    GrantDecision resumed = grant.session().decisions.get(0);
    assertThat(resumed.rules()).containsExactly("Bash(npm test:*)");
    assertThat(Files.readString(settings)).contains("Bash(npm test:*)");
  }

  @Test
  void aSlowSaveSaysWhereItSavesWhileTheScreenGoesOn() throws Exception {
    Files.delete(lock);
    CountDownLatch release = new CountDownLatch(1);
    List<List<String>> saved = new CopyOnWriteArrayList<>();
    Harness h =
        harness(
            36,
            new GrantSaver() {
              @Override
              public SavedGrants save(GrantDecision decision) {
                try {
                  release.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  throw new IllegalStateException("interrupted", e);
                }
                saved.add(decision.rules());
                return Persisters.wrote(decision);
              }

              @Override
              public String destination() {
                return "/home/u/.claude/settings.json";
              }
            });
    PermissionRequest slow =
        Events.request("r2", "Bash", input("command", "make"), List.of(), answers);
    h.events(new SessionEvent.PermissionRequested(slow));
    // "make" has no narrower rule than Bash, which allow always saves only when picked (↓).
    h.type("A").key(KeyType.ArrowDown).key(KeyType.Enter);

    assertThat(h.screen()).contains("Saving to /home/u/.claude/settings.json…");
    h.events(new SessionEvent.Notice(SessionEvent.Level.INFO, "meanwhile the screen goes on"));
    assertThat(h.screen()).contains("meanwhile the screen goes on");
    assertThat(answers).isEmpty();

    release.countDown();
    until(h, () -> !answers.isEmpty());
    assertThat(saved).hasSize(1);
  }

  @Test
  void ctrlCStillQuitsWhileASaveWaitsAndNothingIsSavedAfterTheQuit() throws Exception {
    Harness h = harness();
    allowAlways(h);
    until(h, () -> h.screen().contains("settings.json.lock"));

    h.ctrl('c').ctrl('c');

    assertThat(h.controller.quitRequested()).isDone();
    // The save was stopped: even with the lock free now, it neither takes it nor writes.
    assertThat(afterTheSaveEnded(h)).isEqualTo("{}\n");
  }

  @Test
  void afterACancelledSaveTheNextGrantWritesAndResumesOnlyWhatItChose() throws Exception {
    Harness grant = harness();
    rememberGrant(grant);
    until(grant, () -> flat(grant.screen()).contains(flat(waitingLine())));
    grant.key(KeyType.Escape);
    // Were the cancelled save still waiting, it would take the lock now and write first.
    assertThat(afterTheSaveEnded(grant)).isEqualTo("{}\n");

    grant.key(KeyType.Enter);
    until(grant, () -> !grant.session().decisions.isEmpty());
    assertThat(grant.session().decisions).as("resumed once").hasSize(1);
    assertThat(grant.session().decisions.get(0).rules()).containsExactly("Bash(npm test:*)");
    assertThat(Files.readString(settings)).contains("Bash(npm test:*)");
  }

  @Test
  void aSaveThatStillEndsAfterItsCancelIsSaidWithTheWayToUndoItAndResumesNothing()
      throws Exception {
    Files.delete(lock);
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Harness h =
        harness(
            40,
            new GrantSaver() {
              @Override
              public SavedGrants save(GrantDecision decision) {
                started.countDown();
                while (release.getCount() > 0) {
                  try {
                    release.await();
                  } catch (InterruptedException ignored) {
                    // Past the point of no return: it finishes whatever the cancel says.
                  }
                }
                return Persisters.wrote(decision);
              }

              @Override
              public String destination() {
                return settings.toString();
              }
            });
    rememberGrant(h);
    assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
    h.key(KeyType.Escape);
    assertThat(h.screen()).contains(GrantSaves.CANCELLED);

    release.countDown();
    until(h, () -> flat(h.screen()).contains("grants revoke"));
    assertThat(flat(h.screen()))
        .contains("Bash(npm test:*)")
        .contains("after the save was stopped; `milk-tui grants revoke` removes them.");
    assertThat(h.session().decisions).as("nothing resumed").isEmpty();
  }
}

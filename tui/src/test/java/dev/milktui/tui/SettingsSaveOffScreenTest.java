package dev.milktui.tui;

import static dev.milktui.tui.Events.input;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.SettingsGrantPersister;
import dev.milktui.core.grants.SettingsStore;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.PermissionSuggestion;
import dev.milktui.tui.dialog.GrantSaver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Allow always" saves on a settings worker, never on the UI thread: with Claude's {@code
 * settings.json.lock} held by someone else, the dialog says what it waits for, keys still work, Esc
 * cancels with nothing saved, and Ctrl+C still quits.
 */
class SettingsSaveOffScreenTest {
  @TempDir Path dir;
  private Path settings;
  private Path lock;
  private final List<String> answers = Events.answers();
  private PermissionRequest request;
  // Counted down when a save ends, however it ends: what a test of "nothing was saved" waits for.
  private final CountDownLatch saveEnded = new CountDownLatch(1);

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
          public void save(GrantDecision decision) throws dev.milktui.core.grants.GrantException {
            try {
              new SettingsGrantPersister(new SettingsStore(settings, dir), dir.resolve("work"))
                  .persist(decision);
            } finally {
              saveEnded.countDown();
            }
          }

          @Override
          public String destination() {
            return settings.toString();
          }
        };
    Harness h =
        new Harness(
            140,
            36,
            TuiConfig.defaults().withDialogInputPause(Duration.ZERO).withGrantSaver(saver));
    ObjectNode raw = Json.object().put("type", "addRules");
    request =
        Events.request(
            "r1",
            "Bash",
            input("command", "npm test"),
            List.of(
                new PermissionSuggestion.AddRules(
                    List.of(new PermissionSuggestion.Rule("Bash", "npm test:*")),
                    "allow",
                    "localSettings",
                    raw)),
            answers);
    return h.events(new SessionEvent.PermissionRequested(request));
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

  @Test
  void aHeldLockIsShownKeysAreHandledAndEscCancelsWithNothingSaved() throws Exception {
    Harness h = harness();
    h.type("A").key(KeyType.Enter);

    // Not "Waiting for" alone: the running turn's line says "Waiting for you (permission)".
    until(h, () -> h.screen().contains("settings.json.lock"));
    assertThat(h.screen()).contains("settings.json.lock");
    h.type("x");
    assertThat(h.screen()).contains("Still saving; Esc cancels");

    h.key(KeyType.Escape);
    assertThat(h.screen()).contains("Saving was cancelled: nothing was saved");
    Files.delete(lock);
    awaitSaveEnded(h);
    assertThat(Files.readString(settings)).doesNotContain("npm test");
    assertThat(h.screen()).doesNotContain("before the cancel took effect");
    assertThat(answers).isEmpty();
    assertThat(request.isOpen()).isTrue();

    // Answered once, as the user then chooses.
    h.key(KeyType.Escape).type("y");
    assertThat(answers).singleElement().asString().contains("\"behavior\":\"allow\"");
    assertThat(answers.get(0)).doesNotContain("updatedPermissions");
  }

  @Test
  void onceTheLockIsFreeTheRuleIsSavedAndTheCallAllowed() throws Exception {
    Harness h = harness();
    h.type("A").key(KeyType.Enter);
    // Not "Waiting for" alone: the running turn's line says "Waiting for you (permission)".
    until(h, () -> h.screen().contains("settings.json.lock"));

    Files.delete(lock);
    until(h, () -> !answers.isEmpty());

    assertThat(Files.readString(settings)).contains("Bash(npm test:*)");
    assertThat(answers.get(0)).contains("\"behavior\":\"allow\"").contains("npm test:*");
  }

  @Test
  void aSlowSaveSaysWhereItSavesWhileTheScreenGoesOn() throws Exception {
    Files.delete(lock);
    CountDownLatch release = new CountDownLatch(1);
    List<List<String>> saved = new CopyOnWriteArrayList<>();
    Harness h =
        new Harness(
            140,
            36,
            TuiConfig.defaults()
                .withDialogInputPause(Duration.ZERO)
                .withGrantSaver(
                    new GrantSaver() {
                      @Override
                      public void save(GrantDecision decision) {
                        try {
                          release.await();
                        } catch (InterruptedException e) {
                          Thread.currentThread().interrupt();
                          return;
                        }
                        saved.add(decision.rules());
                      }

                      @Override
                      public String destination() {
                        return "/home/u/.claude/settings.json";
                      }
                    }));
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
    h.type("A").key(KeyType.Enter);
    // Not "Waiting for" alone: the running turn's line says "Waiting for you (permission)".
    until(h, () -> h.screen().contains("settings.json.lock"));

    h.ctrl('c').ctrl('c');

    assertThat(h.controller.quitRequested()).isDone();
    // The save was stopped: even with the lock free now, it neither takes it nor writes.
    Files.delete(lock);
    awaitSaveEnded(h);
    assertThat(Files.readString(settings)).isEqualTo("{}\n");
  }

  /** Until the save has ended (cancelled, failed or done) and the UI has heard how. */
  private void awaitSaveEnded(Harness h) throws InterruptedException {
    assertThat(saveEnded.await(30, TimeUnit.SECONDS)).as("the save ended").isTrue();
    h.pump();
  }
}

package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.protocol.Json;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Many writers at once, in other processes and in this one: nothing may be lost or corrupted. */
@Timeout(60)
class ConcurrentWritersTest {

  private static final String OTHER_KEYS =
      """
      {
        "model": "opus",
        "permissions": {
          "allow": [
            "WebSearch"
          ],
          "deny": []
        },
        "env": {
          "KEEP": "me"
        }
      }
      """;

  @TempDir Path temp;
  private Path settings;

  @BeforeEach
  void setUp() throws Exception {
    settings = Files.createDirectories(temp.resolve(".claude")).resolve("settings.json");
    Files.writeString(settings, OTHER_KEYS);
  }

  private Process writer(String name, int count) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new ProcessBuilder(
            java,
            "-XX:TieredStopAtLevel=1", // a short-lived writer: start fast rather than run fast
            "-cp",
            System.getProperty("java.class.path"),
            GrantWriterMain.class.getName(),
            settings.toString(),
            temp.toString(),
            name,
            Integer.toString(count))
        .redirectErrorStream(true)
        .redirectOutput(temp.resolve(name + ".log").toFile())
        .start();
  }

  private void assertOtherKeysIntact(Grants grants) throws Exception {
    assertThat(grants.rules()).startsWith("WebSearch");
    String content = Files.readString(settings);
    assertThat(content).contains("\"model\": \"opus\"", "\"deny\": []", "\"KEEP\": \"me\"");
  }

  @Test
  void writerProcessesRunningAtOnceLoseNoGrant() throws Exception {
    int processes = 3;
    int grantsEach = 15;
    List<Process> writers = new ArrayList<>();
    for (int p = 0; p < processes; p++) {
      writers.add(writer("p" + p, grantsEach));
    }
    for (Process process : writers) {
      assertThat(process.waitFor(45, TimeUnit.SECONDS)).isTrue();
      assertThat(process.exitValue()).isZero();
    }

    Grants grants = new SettingsStore(settings, temp).list();

    List<String> expected = new ArrayList<>();
    for (int p = 0; p < processes; p++) {
      for (int i = 0; i < grantsEach; i++) {
        expected.add("Bash(p" + p + "-" + i + ":*)");
      }
    }
    assertThat(grants.rules()).hasSize(1 + processes * grantsEach).containsAll(expected);
    assertOtherKeysIntact(grants);
  }

  @Test
  void threadsOfOneProcessWritingAtOnceLoseNoGrant() throws Exception {
    SettingsStore store = new SettingsStore(settings, temp);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<GrantResult>> results = new ArrayList<>();
      IntStream.range(0, 60)
          .forEach(
              i ->
                  results.add(
                      pool.submit(
                          () ->
                              store.grant(
                                  GrantRequest.of(RuleGrant.suggested("Bash(t-" + i + ":*)"))))));
      for (Future<GrantResult> result : results) {
        assertThat(result.get().addedRules()).hasSize(1);
      }
    } finally {
      pool.shutdownNow();
    }

    Grants grants = store.list();

    assertThat(grants.rules()).hasSize(61);
    assertOtherKeysIntact(grants);
  }

  @Test
  void aWriterKilledMidLoopLeavesValidJsonWithEveryKey() throws Exception {
    Process writer = writer("killed", -1);
    SettingsStore store = new SettingsStore(settings, temp);
    // Let it get well into its write loop, then kill it without warning.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    int writesSeen = 0;
    String previous = Files.readString(settings);
    while (writesSeen < 10 && System.nanoTime() < deadline && writer.isAlive()) {
      Thread.sleep(2); // leave the CPU to the writer
      String now = Files.readString(settings);
      if (!now.equals(previous)) {
        writesSeen++;
        previous = now;
      }
    }
    assertThat(writer.isAlive()).isTrue();
    writer.destroyForcibly().waitFor(10, TimeUnit.SECONDS);

    Grants grants = store.list();

    assertThat(writesSeen).isEqualTo(10);
    assertOtherKeysIntact(grants);
    assertThat(grants.rules()).hasSizeLessThanOrEqualTo(2);
    store.grant(GrantRequest.of(RuleGrant.suggested("Bash(after:*)")));
    assertThat(store.list().rules()).contains("Bash(after:*)");
  }

  @Test
  void aWriterFollowingClaudesLockProtocolAndMilkTuiLoseNoGrantOfEachOther() throws Exception {
    int rounds = 40;
    SettingsStore store = new SettingsStore(settings, temp);
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<?> claude =
          pool.submit(
              () -> {
                start.await();
                for (int i = 0; i < rounds; i++) {
                  claudeProtocolWrite("Bash(claude-" + i + ":*)");
                }
                return null;
              });
      Future<?> milkTui =
          pool.submit(
              () -> {
                start.await();
                for (int i = 0; i < rounds; i++) {
                  store.grant(GrantRequest.of(RuleGrant.suggested("Bash(milk-" + i + ":*)")));
                }
                return null;
              });
      start.countDown();
      claude.get(45, TimeUnit.SECONDS);
      milkTui.get(45, TimeUnit.SECONDS);
    } finally {
      pool.shutdownNow();
    }

    Grants grants = store.list();

    List<String> expected = new ArrayList<>();
    for (int i = 0; i < rounds; i++) {
      expected.add("Bash(claude-" + i + ":*)");
      expected.add("Bash(milk-" + i + ":*)");
    }
    assertThat(grants.rules()).hasSize(1 + 2 * rounds).containsAll(expected);
    assertOtherKeysIntact(grants);
    assertThat(ClaudeLockDirectory.directoryFor(settings)).doesNotExist();
  }

  /**
   * One settings write the way Claude makes it: mkdir the lock directory (retrying while it
   * exists), read, add a rule, write a temporary file, rename it over the settings, rmdir the lock.
   */
  private void claudeProtocolWrite(String rule) throws Exception {
    Path lock = settings.resolveSibling("settings.json.lock");
    while (true) {
      try {
        Files.createDirectory(lock);
        break;
      } catch (FileAlreadyExistsException e) {
        Thread.onSpinWait();
      }
    }
    try {
      ObjectNode root = (ObjectNode) Json.mapper().readTree(Files.readString(settings));
      ((ArrayNode) root.path("permissions").path("allow")).add(rule);
      Path temporary = settings.resolveSibling("settings.json.claude-tmp");
      Files.writeString(
          temporary, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(root));
      Files.move(temporary, settings, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.delete(lock);
    }
  }
}

package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The settings file under a read-only mode and a full disk, and the baseline pre-approvals kept out
 * of it: the file is always valid JSON and never loses a key. (Concurrent writers and a writer
 * killed mid-write are in {@link ConcurrentWritersTest}.)
 */
class SettingsUnderStressTest {
  @TempDir Path temp;
  private Path settings;
  private String original;

  @BeforeEach
  void setUp() throws Exception {
    settings = Files.createDirectories(temp.resolve(".claude")).resolve("settings.json");
    StringBuilder padding = new StringBuilder();
    for (int i = 0; i < 2_000; i++) {
      padding.append(",\n  \"key").append(i).append("\": \"value ").append(i).append('"');
    }
    original =
        "{\n  \"model\": \"opus\",\n  \"permissions\": {\"allow\": [\"WebSearch\"], \"deny\": []}"
            + padding
            + "\n}\n";
    Files.writeString(settings, original);
  }

  private void assertValidWithEveryKey() throws Exception {
    JsonNode root = Json.mapper().readTree(Files.readString(settings));
    assertThat(root.get("model").asText()).isEqualTo("opus");
    assertThat(root.at("/permissions/allow/0").asText()).isEqualTo("WebSearch");
    for (int i = 0; i < 2_000; i++) {
      assertThat(root.get("key" + i).asText()).isEqualTo("value " + i);
    }
  }

  private List<String> strayFiles() throws Exception {
    try (Stream<Path> files = Files.list(settings.getParent())) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList();
    }
  }

  @Test
  void aReadOnlySettingsFileIsRefusedAndKeepsItsContentAndMode() throws Exception {
    Files.setPosixFilePermissions(settings, PosixFilePermissions.fromString("r--r--r--"));
    String before = Files.readString(settings);

    assertThatThrownBy(
            () ->
                new SettingsStore(settings, temp)
                    .grant(GrantRequest.of(RuleGrant.userConfirmed("Bash(npm test:*)"))))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("is read-only");

    assertThat(Files.readString(settings)).isEqualTo(before);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(settings)))
        .isEqualTo("r--r--r--");
    assertThat(strayFiles()).isEmpty();
  }

  /**
   * A full disk, simulated by a file-size limit on a writer process: the new content cannot be
   * written whole. The grant fails with an error, and the old file stays byte for byte.
   */
  @Test
  void aDiskThatFillsDuringTheWriteFailsTheGrantAndLeavesTheOldFileByteForByte() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    // ulimit -f counts 1 KiB blocks: the old file (about 60 KB) fits, a rewrite of it does not.
    long limitKb = Files.size(settings) / 1024 / 2;
    Process writer =
        new ProcessBuilder(
                "bash",
                "-c",
                "ulimit -f " + limitKb + "; exec \"$0\" \"$@\"",
                java,
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                GrantWriterMain.class.getName(),
                settings.toString(),
                temp.toString(),
                "full",
                "1")
            .redirectErrorStream(true)
            .redirectOutput(temp.resolve("writer.log").toFile())
            .start();
    assertThat(writer.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String log = Files.readString(temp.resolve("writer.log"));
    assertThat(writer.exitValue()).as(log).isNotZero();
    assertThat(log).contains("could not update").containsIgnoringCase("file too large");
    assertThat(Files.readString(settings)).isEqualTo(original);
    assertValidWithEveryKey();
    assertThat(strayFiles()).as("the half-written temporary file is removed").isEmpty();

    // Space again: the next grant goes through.
    new SettingsStore(settings, temp)
        .grant(GrantRequest.of(RuleGrant.userConfirmed("Bash(full-0:*)")));
    assertValidWithEveryKey();
    assertThat(Files.readString(settings)).contains("Bash(full-0:*)");
  }

  @Test
  void theSessionsBaselineNeverLandsInTheSettingsFileOnlyTheDecisionsRulesDo() throws Exception {
    // A resumed session runs with the baseline flags plus the grants; only the grants are saved.
    dev.milktui.core.session.LaunchSpec spec =
        dev.milktui.core.session.LaunchSpec.defaults(temp.resolve("claude"), temp)
            .withGrants(List.of("Bash(make:*)"), List.of());
    assertThat(spec.effectiveAllowedTools()).contains("Bash", "Read", "Edit(/" + temp + "/**)");
    SettingsGrantPersister persister =
        new SettingsGrantPersister(new SettingsStore(settings, temp), temp);
    persister.persist(new GrantDecision(List.of("Bash(make:*)"), List.of(), true, null));

    JsonNode allow = Json.mapper().readTree(Files.readString(settings)).at("/permissions/allow");
    assertThat(allow.toString()).isEqualTo("[\"WebSearch\",\"Bash(make:*)\"]");
    assertThat(Files.readString(settings)).doesNotContain("\"/tmp\"");
    assertValidWithEveryKey();
  }

  @Test
  void baselineRulesAndTheAlwaysAddedDirectoriesAreRefusedAndTheFileIsUntouched() throws Exception {
    SettingsStore store = new SettingsStore(settings, temp);
    for (String tool : List.of("Bash", "Read", "Write", "Edit")) {
      assertThatThrownBy(() -> store.grant(GrantRequest.of(RuleGrant.baseline(tool))))
          .isInstanceOf(GrantRefusedException.class);
      assertThatThrownBy(() -> store.grant(GrantRequest.of(RuleGrant.suggested(tool + "(**)"))))
          .isInstanceOf(GrantRefusedException.class);
    }
    SettingsGrantPersister persister = new SettingsGrantPersister(store, temp);
    for (Path always : List.of(Path.of("/tmp"), temp)) {
      assertThatThrownBy(
              () -> persister.persist(new GrantDecision(List.of(), List.of(always), true, null)))
          .isInstanceOf(GrantException.class);
    }
    // All or nothing: a real grant next to a refused directory saves nothing.
    assertThatThrownBy(
            () ->
                persister.persist(
                    new GrantDecision(
                        List.of("Bash(make:*)"), List.of(Path.of("/tmp")), true, null)))
        .isInstanceOf(GrantException.class);
    assertThat(Files.readString(settings)).isEqualTo(original);
  }
}

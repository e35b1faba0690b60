package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceTrustTest {

  @TempDir Path temp;

  @Test
  void trustsAWorkspaceUnderItsRealPathAndKeepsEverythingElse() throws Exception {
    Path real = Files.createDirectories(temp.resolve("real/project"));
    Path link = Files.createSymbolicLink(temp.resolve("link"), real.getParent());
    Path claudeJson = temp.resolve(".claude.json");
    Files.writeString(
        claudeJson,
        """
        {
          "numStartups": 12,
          "projects": {
            "%s": {
              "allowedTools": [],
              "hasTrustDialogAccepted": false,
              "lastCost": 0.000123
            }
          },
          "userID": "abc"
        }
        """
            .formatted(real.toRealPath()));
    WorkspaceTrust trust = new WorkspaceTrust(claudeJson);

    assertThat(trust.isTrusted(real)).isFalse();
    assertThat(trust.trust(link.resolve("project"))).isTrue();

    assertThat(trust.isTrusted(real)).isTrue();
    assertThat(Files.readString(claudeJson))
        .isEqualTo(
            """
            {
              "numStartups": 12,
              "projects": {
                "%s": {
                  "allowedTools": [],
                  "hasTrustDialogAccepted": true,
                  "lastCost": 0.000123
                }
              },
              "userID": "abc"
            }
            """
                .formatted(real.toRealPath()));
  }

  @Test
  void trustingTwiceChangesNothingTheSecondTime() throws Exception {
    Path project = Files.createDirectories(temp.resolve("p"));
    WorkspaceTrust trust = new WorkspaceTrust(temp.resolve("config/.claude.json"));

    assertThat(trust.trust(project)).isTrue();
    byte[] afterFirst = Files.readAllBytes(trust.file());
    assertThat(trust.trust(project)).isFalse();

    assertThat(Files.readAllBytes(trust.file())).isEqualTo(afterFirst);
    assertThat(Files.readString(trust.file()))
        .isEqualTo(
            "{\n  \"projects\": {\n    \"%s\": {\n      \"hasTrustDialogAccepted\": true\n    }\n  }\n}\n"
                .formatted(project.toRealPath()));
  }

  @Test
  void anUnknownWorkspaceOrAMissingFileIsNotTrusted() throws Exception {
    Path project = Files.createDirectories(temp.resolve("p"));

    assertThat(new WorkspaceTrust(temp.resolve("absent.json")).isTrusted(project)).isFalse();
  }

  @Test
  void refusesToTrustADirectoryThatDoesNotExist() {
    WorkspaceTrust trust = new WorkspaceTrust(temp.resolve(".claude.json"));

    assertThatThrownBy(() -> trust.trust(temp.resolve("missing")))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("cannot trust");
    assertThat(trust.file()).doesNotExist();
  }

  @Test
  void neverOverwritesAMalformedClaudeJson() throws Exception {
    Path project = Files.createDirectories(temp.resolve("p"));
    Path claudeJson = Files.writeString(temp.resolve(".claude.json"), "{\"projects\": {");

    assertThatThrownBy(() -> new WorkspaceTrust(claudeJson).trust(project))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("line 1, column");
    assertThat(Files.readString(claudeJson)).isEqualTo("{\"projects\": {");
  }

  @Test
  void trustTakesClaudesConfigLockTreatingAStaleOneAsClaudeDoesAndReleasesIt() throws Exception {
    Path project = Files.createDirectories(temp.resolve("project"));
    Path claudeJson = Files.writeString(temp.resolve(".claude.json"), "{\"numStartups\": 3}");
    Path lock = Files.createDirectory(temp.resolve(".claude.json.lock"));
    Files.setLastModifiedTime(lock, FileTime.from(Instant.now().minus(Duration.ofMinutes(5))));
    WorkspaceTrust trust = new WorkspaceTrust(claudeJson);

    assertThat(trust.trust(project)).isTrue();

    assertThat(lock).doesNotExist();
    assertThat(trust.isTrusted(project)).isTrue();
    assertThat(Files.readString(claudeJson)).contains("\"numStartups\": 3");
  }

  @Test
  void aReadOnlyClaudeJsonIsRefusedAndKept() throws Exception {
    Path project = Files.createDirectories(temp.resolve("project"));
    Path claudeJson = Files.writeString(temp.resolve(".claude.json"), "{}");
    Files.setPosixFilePermissions(claudeJson, PosixFilePermissions.fromString("r--r--r--"));

    assertThatThrownBy(() -> new WorkspaceTrust(claudeJson).trust(project))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("is read-only");
    assertThat(Files.readString(claudeJson)).isEqualTo("{}");
  }
}

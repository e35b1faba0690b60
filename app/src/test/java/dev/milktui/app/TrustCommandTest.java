package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.ledger.Decision;
import dev.milktui.core.ledger.LedgerFolder;
import dev.milktui.core.ledger.LedgerReader;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TrustCommandTest {

  @TempDir Path temp;

  private Path workspace;
  private Path claudeJson;
  private Environment environment;

  @BeforeEach
  void setUp() throws IOException {
    workspace = Files.createDirectories(temp.resolve("workspace")).toRealPath();
    Path configDir = temp.resolve("config");
    claudeJson = configDir.resolve(".claude.json");
    environment =
        new Environment(Map.of("CLAUDE_CONFIG_DIR", configDir.toString()), temp.resolve("home"));
  }

  private CommandRun trust(String... args) {
    return CommandRun.of(new TrustCommand(environment), args);
  }

  @Test
  void trustMarksTheWorkspaceAcceptedAndCheckThenSaysSo() throws IOException {
    CommandRun before = trust("--check", workspace.toString());
    assertThat(before.exitCode()).isEqualTo(1);
    assertThat(before.out()).contains(workspace + " is not trusted in " + claudeJson);

    CommandRun trusted = trust(workspace.toString());

    assertThat(trusted.exitCode()).isZero();
    assertThat(trusted.out()).contains("trusted " + workspace + " in " + claudeJson);
    assertThat(
            Json.mapper()
                .readTree(Files.readString(claudeJson))
                .path("projects")
                .path(workspace.toString())
                .path("hasTrustDialogAccepted")
                .asBoolean())
        .isTrue();
    CommandRun after = trust("--check", workspace.toString());
    assertThat(after.exitCode()).isZero();
    assertThat(after.out()).contains(workspace + " is trusted");
  }

  @Test
  void aTrustGivenHereIsInTheDecisionLedgerAndOneAlreadyGivenIsNotAgain() throws IOException {
    trust(workspace.toString());
    trust(workspace.toString());

    List<Decision> entries =
        LedgerReader.read(
                LedgerFolder.of(AppPaths.resolve(environment).stateDirectory()),
                Optional.empty(),
                d -> true)
            .entries();
    assertThat(entries).hasSize(1);
    assertThat(entries.get(0).kind()).isEqualTo(Decision.Kind.TRUST);
    assertThat(entries.get(0).by()).isEqualTo(Decision.By.YOU);
    assertThat(entries.get(0).details().path("workspace").asText()).isEqualTo(workspace.toString());
    assertThat(entries.get(0).details().path("file").asText()).isEqualTo(claudeJson.toString());
  }

  @Test
  void trustingAgainReportsAlreadyTrustedAndChangesNothing() throws IOException {
    trust(workspace.toString());
    byte[] before = Files.readAllBytes(claudeJson);

    CommandRun again = trust(workspace.toString());

    assertThat(again.exitCode()).isZero();
    assertThat(again.out()).contains("already trusted: " + workspace);
    assertThat(Files.readAllBytes(claudeJson)).isEqualTo(before);
  }

  @Test
  void claudeJsonOptionNamesTheStateFile() throws IOException {
    Path explicit = temp.resolve("other.json");

    CommandRun trusted = trust("--claude-json", explicit.toString(), workspace.toString());

    assertThat(trusted.exitCode()).isZero();
    assertThat(Files.readString(explicit)).contains(workspace.toString());
    assertThat(claudeJson).doesNotExist();
  }

  @Test
  void nonexistentWorkspaceIsRefused() {
    CommandRun run = trust(temp.resolve("missing").toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("trust: ", "cannot trust").doesNotContain("\tat ");
    assertThat(claudeJson).doesNotExist();
  }

  @Test
  void malformedClaudeJsonIsRefusedWithLineAndLeftAlone() throws IOException {
    Files.createDirectories(claudeJson.getParent());
    String broken = "{\n  \"projects\": {\n    oops\n}\n";
    Files.writeString(claudeJson, broken);

    CommandRun run = trust(workspace.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains(claudeJson.toString(), "line 3");
    assertThat(Files.readString(claudeJson)).isEqualTo(broken);
  }

  @Test
  void twoDirectoriesAreAUsageError() {
    CommandRun run = trust(workspace.toString(), temp.toString());

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("Usage:");
  }

  @ParameterizedTest
  @ValueSource(strings = {"/", "HOME", "ABOVE_HOME"})
  void theRootAHomeFolderAndTheFoldersAboveOneAreRefused(String which) throws IOException {
    Path home = Files.createDirectories(environment.home());
    String directory =
        switch (which) {
          case "HOME" -> home.toString();
          case "ABOVE_HOME" -> home.getParent().toString();
          default -> which;
        };

    CommandRun run = trust(directory);

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("trust: ", "refused to trust " + directory, "home folder");
    assertThat(claudeJson).doesNotExist();
  }

  @Test
  void theUsersOwnHomeIsRefusedEvenWhenHomeSaysOtherwise() {
    CommandRun run = trust(System.getProperty("user.home"));

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(claudeJson).doesNotExist();
  }

  @Test
  void allowBroadTrustsAHomeFolderAllTheSame() throws IOException {
    Path home = Files.createDirectories(environment.home()).toRealPath();

    CommandRun run = trust("--allow-broad", home.toString());

    assertThat(run.exitCode()).isZero();
    assertThat(Files.readString(claudeJson)).contains(home.toString());
  }
}

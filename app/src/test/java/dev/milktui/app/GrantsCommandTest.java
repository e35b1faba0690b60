package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GrantsCommandTest {

  @TempDir Path temp;

  private Path home;
  private Path configDir;
  private Path settings;
  private Environment environment;

  @BeforeEach
  void setUp() throws IOException {
    home = Files.createDirectories(temp.resolve("home"));
    configDir = temp.resolve("config");
    settings = configDir.resolve("settings.json");
    environment = new Environment(Map.of("CLAUDE_CONFIG_DIR", configDir.toString()), home);
  }

  private CommandRun grants(String... args) {
    return CommandRun.of(new GrantsCommand(environment), args);
  }

  private JsonNode listJson() throws IOException {
    CommandRun list = grants("list", "--json");
    assertThat(list.exitCode()).isZero();
    assertThat(list.out().lines()).hasSize(1);
    return Json.MAPPER.readTree(list.out());
  }

  private static List<String> texts(JsonNode array) {
    List<String> values = new ArrayList<>();
    array.forEach(value -> values.add(value.asText()));
    return values;
  }

  @Test
  void allowedRulesShowInListJsonWithTheResolvedSettingsFile() throws IOException {
    CommandRun allow = grants("allow", "Write", "Bash(npm test:*)");

    assertThat(allow.exitCode()).isZero();
    assertThat(allow.out()).contains("added rule Write", "added rule Bash(npm test:*)");
    assertThat(allow.err()).isEmpty();
    JsonNode listed = listJson();
    assertThat(listed.get("settings").asText()).isEqualTo(settings.toString());
    assertThat(texts(listed.get("allow"))).containsExactly("Write", "Bash(npm test:*)");
    assertThat(texts(listed.get("additionalDirectories"))).isEmpty();
  }

  @Test
  void listOfAMissingSettingsFileIsEmptyAndCreatesNothing() throws IOException {
    CommandRun list = grants("list");

    assertThat(list.exitCode()).isZero();
    assertThat(list.out()).contains("settings: " + settings, "allow: none");
    assertThat(settings).doesNotExist();
  }

  @Test
  void allowingARulePresentAlreadyLeavesTheFileAsItWas() throws IOException {
    grants("allow", "Write");
    byte[] before = Files.readAllBytes(settings);

    CommandRun again = grants("allow", "Write");

    assertThat(again.exitCode()).isZero();
    assertThat(again.out()).contains("already present: rule Write").doesNotContain("added");
    assertThat(Files.readAllBytes(settings)).isEqualTo(before);
  }

  @Test
  void settingsOptionNamesTheFileInsteadOfClaudesOwn() throws IOException {
    Path explicit = temp.resolve("elsewhere.json");

    CommandRun allow = grants("allow", "--settings", explicit.toString(), "Write");

    assertThat(allow.exitCode()).isZero();
    assertThat(Files.readString(explicit)).contains("\"Write\"");
    assertThat(settings).doesNotExist();
  }

  @Test
  void withoutClaudeConfigDirTheHomeSettingsFileIsUsed() throws IOException {
    environment = new Environment(Map.of(), home);

    grants("allow", "Write");

    assertThat(Files.readString(home.resolve(".claude/settings.json"))).contains("\"Write\"");
  }

  @Test
  void existingDirectoryIsAddedInAbsoluteForm() throws IOException {
    Path project = Files.createDirectories(home.resolve("src/project"));

    CommandRun added = grants("add-dir", "~/src/project");

    assertThat(added.exitCode()).isZero();
    assertThat(added.out()).contains("added directory " + project);
    assertThat(texts(listJson().get("additionalDirectories"))).containsExactly(project.toString());
  }

  @Test
  void nonexistentDirectoryIsRefusedAndNothingWritten() {
    Path missing = temp.resolve("missing");

    CommandRun added = grants("add-dir", missing.toString());

    assertThat(added.exitCode()).isEqualTo(1);
    assertThat(added.err())
        .contains("grants add-dir: refused: directory does not exist: " + missing);
    assertThat(added.out()).isEmpty();
    assertThat(settings).doesNotExist();
  }

  @Test
  void homeDirectoryNeedsAllowBroad() {
    assertThat(grants("add-dir", "~").exitCode()).isEqualTo(1);

    CommandRun broad = grants("add-dir", "--allow-broad", "~");

    assertThat(broad.exitCode()).isZero();
    assertThat(broad.out()).contains("added directory " + home);
  }

  @Test
  void malformedRuleIsRefusedWithTheReason() {
    CommandRun allow = grants("allow", "Write", "Bash(npm test");

    assertThat(allow.exitCode()).isEqualTo(1);
    assertThat(allow.err()).contains("refused: rule does not end with ')': Bash(npm test");
    assertThat(settings).doesNotExist();
  }

  @Test
  void revokeRemovesRulesAndDirectoriesAndReportsWhatWasNotThere() throws IOException {
    Path project = Files.createDirectories(temp.resolve("project"));
    grants("allow", "Write", "Bash(ls:*)");
    grants("add-dir", project.toString());

    CommandRun revoke = grants("revoke", "Write", project.toString(), "Edit", "./nowhere");

    assertThat(revoke.exitCode()).isZero();
    assertThat(revoke.out())
        .contains(
            "removed rule Write",
            "removed directory " + project,
            "not found: rule Edit",
            "not found: directory ./nowhere");
    JsonNode listed = listJson();
    assertThat(texts(listed.get("allow"))).containsExactly("Bash(ls:*)");
    assertThat(texts(listed.get("additionalDirectories"))).isEmpty();
  }

  @Test
  void valuesStartingWithSlashTildeOrDotAreDirectoriesForRevoke() {
    assertThat(GrantsRevokeCommand.isDirectory("/srv/data")).isTrue();
    assertThat(GrantsRevokeCommand.isDirectory("~/src")).isTrue();
    assertThat(GrantsRevokeCommand.isDirectory("../sibling")).isTrue();
    assertThat(GrantsRevokeCommand.isDirectory("Edit(//srv/**)")).isFalse();
    assertThat(GrantsRevokeCommand.isDirectory("Bash")).isFalse();
  }

  @Test
  void malformedSettingsFileIsRefusedNamingFileAndLineAndKeptByteForByte() throws IOException {
    Files.createDirectories(configDir);
    String broken = "{\n  \"permissions\": {\n    \"allow\": [\"Read\",,]\n  }\n}\n";
    Files.writeString(settings, broken);

    for (String[] args :
        List.of(
            new String[] {"allow", "Write"},
            new String[] {"revoke", "Read"},
            new String[] {"list", "--json"})) {
      CommandRun run = grants(args);

      assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(1);
      assertThat(run.err()).contains(settings.toString(), "line 3").doesNotContain("\tat ");
      assertThat(run.out()).isEmpty();
    }
    assertThat(Files.readString(settings)).isEqualTo(broken);
  }

  @Test
  void usageErrorsExitWith2AndShowUsageWithoutAStackTrace() {
    for (String[] args :
        List.of(
            new String[] {},
            new String[] {"allow"},
            new String[] {"add-dir"},
            new String[] {"list", "--bogus"},
            new String[] {"frobnicate"})) {
      CommandRun run = grants(args);

      assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(run.err()).contains("Usage:").doesNotContain("Exception", "\tat ");
    }
  }
}

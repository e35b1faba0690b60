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
  private Path project;
  private Environment environment;

  @BeforeEach
  void setUp() throws IOException {
    home = Files.createDirectories(temp.resolve("home"));
    configDir = temp.resolve("config");
    settings = configDir.resolve("settings.json");
    project = Files.createDirectories(temp.resolve("project"));
    environment = new Environment(Map.of("CLAUDE_CONFIG_DIR", configDir.toString()), home);
  }

  private CommandRun grants(String... args) {
    return CommandRun.of(new GrantsCommand(environment), args);
  }

  /** The user layer of {@code grants list --json}. */
  private JsonNode listJson() throws IOException {
    return listAllJson().get("layers").get(0);
  }

  private JsonNode listAllJson() throws IOException {
    CommandRun list = grants("list", "--json", "--project", project.toString());
    assertThat(list.exitCode()).isZero();
    assertThat(list.out().lines()).hasSize(1);
    return Json.mapper().readTree(list.out());
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
    assertThat(listed.get("layer").asText()).isEqualTo("user");
    assertThat(listed.get("file").asText()).isEqualTo(settings.toString());
    assertThat(texts(listed.get("allow"))).containsExactly("Write", "Bash(npm test:*)");
    assertThat(texts(listed.get("additionalDirectories"))).isEmpty();
  }

  @Test
  void listOfAMissingSettingsFileIsEmptyAndCreatesNothing() throws IOException {
    CommandRun list = grants("list", "--project", project.toString());

    assertThat(list.exitCode()).isZero();
    assertThat(list.out()).contains("user: " + settings + " (no such file)", "allow: none");
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
    Path data = Files.createDirectories(temp.resolve("data"));
    grants("allow", "Write", "Bash(ls:*)");
    grants("add-dir", data.toString());

    CommandRun revoke =
        grants(
            "revoke",
            "--project",
            project.toString(),
            "Write",
            data.toString(),
            "Edit",
            "./nowhere");

    assertThat(revoke.exitCode()).isEqualTo(1);
    assertThat(revoke.out())
        .contains("removed rule Write (user)", "removed directory " + data + " (user)");
    assertThat(revoke.err())
        .contains(
            "grants revoke: not found: rule Edit (in no layer)",
            "grants revoke: not found: directory ./nowhere (in no layer)");
    JsonNode listed = listJson();
    assertThat(texts(listed.get("allow"))).containsExactly("Bash(ls:*)");
    assertThat(texts(listed.get("additionalDirectories"))).isEmpty();
  }

  @Test
  void allowWarnsAboutAToolNameClaudeDoesNotHaveAndNamesTheRealOne() throws IOException {
    CommandRun allow = grants("allow", "bash(npm test:*)", "mcp__github__create_issue", "Write");

    assertThat(allow.exitCode()).isZero();
    assertThat(allow.err())
        .isEqualTo(
            "grants allow: warning: Claude has no tool named 'bash' (did you mean Bash?);"
                + " tool names are case-sensitive\n");
    assertThat(texts(listJson().get("allow")))
        .containsExactly("bash(npm test:*)", "mcp__github__create_issue", "Write");
  }

  @Test
  void revokeOfARuleNoLayerHoldsExitsOneAndChangesNothing() throws IOException {
    grants("allow", "Write");
    String before = Files.readString(settings);

    CommandRun revoke = grants("revoke", "--project", project.toString(), "Bash(rm:*)");

    assertThat(revoke.exitCode()).isEqualTo(1);
    assertThat(revoke.err()).isEqualTo("grants revoke: not found: rule Bash(rm:*) (in no layer)\n");
    assertThat(Files.readString(settings)).isEqualTo(before);
  }

  @Test
  void grantsAloneListsEveryLayer() {
    CommandRun alone = grants();
    CommandRun list = grants("list");

    assertThat(alone.exitCode()).isZero();
    assertThat(alone.out()).isEqualTo(list.out()).contains(settings.toString());
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
      if (args[0].equals("list")) {
        assertThat(run.out()).contains("\"problem\":").contains("\"layer\":\"local\"");
      } else {
        assertThat(run.out()).isEmpty();
      }
    }
    assertThat(Files.readString(settings)).isEqualTo(broken);
  }

  @Test
  void listShowsEveryLayerClaudeReadsWithAllowAskDenyAndDirectoriesUnderTheirFiles()
      throws IOException {
    grants("allow", "Write");
    Path projectSettings = project.resolve(".claude/settings.json");
    Path localSettings = project.resolve(".claude/settings.local.json");
    Files.createDirectories(projectSettings.getParent());
    Files.writeString(
        projectSettings,
        "{\"permissions\": {\"allow\": [\"Bash(npm test:*)\"], \"deny\": [\"Bash(rm:*)\"]}}");
    Files.writeString(
        localSettings,
        "{\"permissions\": {\"ask\": [\"WebFetch\"], \"additionalDirectories\": [\"/srv\"]}}");

    CommandRun text = grants("list", "--project", project.toString());
    JsonNode layers = listAllJson().get("layers");

    assertThat(text.exitCode()).isZero();
    assertThat(text.out())
        .containsSubsequence(
            "user: " + settings,
            "  allow: 1",
            "    Write",
            "project: " + projectSettings,
            "  allow: 1",
            "    Bash(npm test:*)",
            "  deny: 1",
            "    Bash(rm:*)",
            "local: " + localSettings,
            "  ask: 1",
            "    WebFetch",
            "  additionalDirectories: 1",
            "    /srv");
    assertThat(layers).hasSize(3);
    assertThat(layers.get(1).get("layer").asText()).isEqualTo("project");
    assertThat(layers.get(1).get("file").asText()).isEqualTo(projectSettings.toString());
    assertThat(texts(layers.get(1).get("deny"))).containsExactly("Bash(rm:*)");
    assertThat(texts(layers.get(2).get("ask"))).containsExactly("WebFetch");
    assertThat(texts(layers.get(2).get("additionalDirectories"))).containsExactly("/srv");
  }

  @Test
  void hostileRuleTextNeverReachesTheTerminalRaw() throws IOException {
    Files.createDirectories(configDir);
    String hostile = "Bash(x\u001b]52;c;ZXZpbA==\u0007\u009b2J:*)";
    Files.writeString(
        settings,
        Json.mapper().writeValueAsString(Map.of("permissions", Map.of("allow", List.of(hostile)))));

    CommandRun text = grants("list", "--project", project.toString());
    CommandRun json = grants("list", "--json", "--project", project.toString());
    CommandRun revoke = grants("revoke", "--project", project.toString(), hostile);

    for (CommandRun run : List.of(text, json, revoke)) {
      assertThat(run.exitCode()).isZero();
      assertThat(run.out()).doesNotContain("\u001b", "\u0007", "\u009b");
    }
    assertThat(texts(listJson().get("allow"))).isEmpty();
  }

  @Test
  void aRuleHoldingControlsIsListedMarkedAndRevokedAsListed() throws IOException {
    Files.createDirectories(configDir);
    Files.writeString(
        settings,
        Json.mapper()
            .writeValueAsString(
                Map.of("permissions", Map.of("allow", List.of("Read\u009d0;x\u009c", "Read")))));

    CommandRun list = grants("list", "--project", project.toString());
    assertThat(list.out()).contains("    Read\\u009d0;x\\u009c\n", "    Read\n");
    CommandRun revoke = grants("revoke", "--project", project.toString(), "Read\\u009d0;x\\u009c");

    assertThat(revoke.exitCode()).isZero();
    assertThat(revoke.out()).contains("removed rule Read\\u009d0;x\\u009c (user)");
    assertThat(texts(listJson().get("allow"))).containsExactly("Read");
  }

  @Test
  void revokeRemovesFromTheOneLayerThatHoldsTheRule() throws IOException {
    Path localSettings = project.resolve(".claude/settings.local.json");
    Files.createDirectories(localSettings.getParent());
    Files.writeString(localSettings, "{\"permissions\": {\"allow\": [\"Bash(make:*)\"]}}");

    CommandRun revoke = grants("revoke", "--project", project.toString(), "Bash(make:*)");

    assertThat(revoke.exitCode()).isZero();
    assertThat(revoke.out())
        .contains("removed rule Bash(make:*) (local)", "local: " + localSettings);
    assertThat(Files.readString(localSettings)).doesNotContain("Bash(make:*)");
    assertThat(settings).doesNotExist();
  }

  @Test
  void revokeOfARuleInSeveralLayersAsksForALayerAndChangesNothing() throws IOException {
    grants("allow", "Bash(make:*)");
    Path localSettings = project.resolve(".claude/settings.local.json");
    Files.createDirectories(localSettings.getParent());
    String local = "{\"permissions\": {\"allow\": [\"Bash(make:*)\"]}}";
    Files.writeString(localSettings, local);
    byte[] user = Files.readAllBytes(settings);

    CommandRun ambiguous = grants("revoke", "--project", project.toString(), "Bash(make:*)");

    assertThat(ambiguous.exitCode()).isEqualTo(1);
    assertThat(ambiguous.err())
        .contains("Bash(make:*) is in user and local; choose one with --layer");
    assertThat(Files.readAllBytes(settings)).isEqualTo(user);
    assertThat(Files.readString(localSettings)).isEqualTo(local);

    CommandRun chosen =
        grants("revoke", "--project", project.toString(), "--layer", "local", "Bash(make:*)");

    assertThat(chosen.exitCode()).isZero();
    assertThat(Files.readString(localSettings)).doesNotContain("Bash(make:*)");
    assertThat(Files.readAllBytes(settings)).isEqualTo(user);
    assertThat(grants("revoke", "--layer", "nowhere", "X").exitCode()).isEqualTo(2);
  }

  @Test
  void usageErrorsExitWith2AndShowUsageWithoutAStackTrace() {
    for (String[] args :
        List.of(
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

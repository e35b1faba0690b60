package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsStoreTest {

  @TempDir Path temp;
  private Path home;
  private Path settings;
  private SettingsStore store;

  @BeforeEach
  void setUp() throws Exception {
    home = Files.createDirectories(temp.resolve("home"));
    settings = home.resolve(".claude/settings.json");
    store = new SettingsStore(settings, home);
  }

  private void write(String content) throws Exception {
    Files.createDirectories(settings.getParent());
    Files.writeString(settings, content);
  }

  private String read() throws Exception {
    return Files.readString(settings);
  }

  @Test
  void addsRulesAndDirectoriesWhileKeepingEveryOtherKeyAndItsOrder() throws Exception {
    Path project = Files.createDirectories(temp.resolve("project"));
    write(
        """
        {
          "model": "opus",
          "env": {
            "B": "2",
            "A": "1"
          },
          "permissions": {
            "deny": [
              "Bash(rm:*)"
            ],
            "allow": [
              "WebSearch"
            ],
            "defaultMode": "default"
          },
          "cleanupPeriodDays": 30,
          "hooks": {},
          "ratio": 0.75
        }""");

    GrantResult result =
        store.grant(
            GrantRequest.of(RuleGrant.suggested("Bash(npm test:*)"))
                .withDirectories(project.toString()));

    assertThat(read())
        .isEqualTo(
            """
            {
              "model": "opus",
              "env": {
                "B": "2",
                "A": "1"
              },
              "permissions": {
                "deny": [
                  "Bash(rm:*)"
                ],
                "allow": [
                  "WebSearch",
                  "Bash(npm test:*)"
                ],
                "defaultMode": "default",
                "additionalDirectories": [
                  "%s"
                ]
              },
              "cleanupPeriodDays": 30,
              "hooks": {},
              "ratio": 0.75
            }
            """
                .formatted(project));
    assertThat(result.addedRules()).containsExactly("Bash(npm test:*)");
    assertThat(result.addedDirectories()).containsExactly(project.toString());
  }

  @Test
  void grantingTwiceAddsNothingTheSecondTimeAndLeavesTheFileUntouched() throws Exception {
    GrantRequest request = GrantRequest.of(RuleGrant.suggested("Edit(//srv/data/**)"));
    store.grant(request);
    byte[] afterFirst = Files.readAllBytes(settings);

    GrantResult second = store.grant(request);

    assertThat(second.addedRules()).isEmpty();
    assertThat(second.alreadyPresentRules()).containsExactly("Edit(//srv/data/**)");
    assertThat(second.changedAnything()).isFalse();
    assertThat(Files.readAllBytes(settings)).isEqualTo(afterFirst);
  }

  @Test
  void createsAMissingFileWithMode600InMissingDirectoriesWithMode700() throws Exception {
    store.grant(GrantRequest.of(RuleGrant.suggested("WebFetch(domain:example.com)")));

    assertThat(read())
        .isEqualTo(
            """
            {
              "permissions": {
                "allow": [
                  "WebFetch(domain:example.com)"
                ]
              }
            }
            """);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(settings)))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(settings.getParent())))
        .isEqualTo("rwx------");
  }

  @Test
  void keepsTheModeOfAnExistingFile() throws Exception {
    write("{}");
    Files.setPosixFilePermissions(settings, PosixFilePermissions.fromString("rw-r-----"));

    store.grant(GrantRequest.of(RuleGrant.suggested("Bash(ls:*)")));

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(settings)))
        .isEqualTo("rw-r-----");
  }

  @Test
  void treatsAnEmptyFileAsNoSettings() throws Exception {
    write("");

    store.grant(GrantRequest.of(RuleGrant.suggested("Bash(ls:*)")));

    assertThat(store.list().rules()).containsExactly("Bash(ls:*)");
  }

  @Test
  void writesThroughASymlinkAndLeavesTheLinkALink() throws Exception {
    Path dotfiles = Files.createDirectories(temp.resolve("dotfiles"));
    Path real =
        Files.writeString(dotfiles.resolve("claude-settings.json"), "{\"theme\": \"dark\"}");
    Files.createDirectories(settings.getParent());
    Files.createSymbolicLink(settings, Path.of("../../dotfiles/claude-settings.json"));

    store.grant(GrantRequest.of(RuleGrant.suggested("Bash(ls:*)")));

    assertThat(Files.isSymbolicLink(settings)).isTrue();
    assertThat(Files.readString(real)).contains("\"theme\": \"dark\"").contains("Bash(ls:*)");
    try (var siblings = Files.list(dotfiles)) {
      assertThat(siblings.map(p -> p.getFileName().toString()))
          .containsExactly("claude-settings.json");
    }
  }

  @Test
  void neverOverwritesAFileThatDoesNotParseAndNamesTheLineAndColumn() throws Exception {
    String broken = "{\n  \"permissions\": {\n    \"allow\": [\"Write\",]\n  }\n}\n";
    write(broken);
    byte[] before = Files.readAllBytes(settings);

    assertThatThrownBy(() -> store.grant(GrantRequest.of(RuleGrant.suggested("Bash(ls:*)"))))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining(settings.toString())
        .hasMessageContaining("line 3, column");

    assertThat(Files.readAllBytes(settings)).isEqualTo(before);
  }

  @Test
  void refusesATopLevelThatIsNotAnObject() throws Exception {
    write("[\"Write\"]\n");

    assertThatThrownBy(() -> store.grant(GrantRequest.of(RuleGrant.suggested("Bash(ls:*)"))))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("top level is a JSON array, expected an object");
    assertThat(read()).isEqualTo("[\"Write\"]\n");
  }

  @Test
  void refusesPermissionsOrAllowOfTheWrongType() throws Exception {
    write("{\"permissions\": {\"allow\": \"Write\"}}");

    assertThatThrownBy(() -> store.grant(GrantRequest.of(RuleGrant.suggested("Bash(ls:*)"))))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("permissions.allow is a JSON string, expected an array");

    write("{\"permissions\": []}");
    assertThatThrownBy(() -> store.list())
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("permissions is a JSON array, expected an object");
    assertThat(read()).isEqualTo("{\"permissions\": []}");
  }

  @Test
  void revokesRulesAndDirectoriesAndReportsWhatWasNotThere() throws Exception {
    Path project = Files.createDirectories(home.resolve("code/project"));
    write(
        """
        {"permissions": {"allow": ["Write", "Bash(ls:*)", "WebSearch"],
         "additionalDirectories": ["%s"]}}"""
            .formatted(project));

    RevokeResult result =
        store.revoke(List.of("Bash(ls:*)", "Bash(rm:*)"), List.of("~/code/project", "/nowhere"));

    assertThat(result.removedRules()).containsExactly("Bash(ls:*)");
    assertThat(result.notFoundRules()).containsExactly("Bash(rm:*)");
    assertThat(result.removedDirectories()).containsExactly(project.toString());
    assertThat(result.notFoundDirectories()).containsExactly("/nowhere");
    assertThat(store.list())
        .isEqualTo(new Grants(List.of("Write", "WebSearch"), List.of(), List.of(), List.of()));
    assertThat(read()).contains("\"additionalDirectories\": []");
  }

  @Test
  void revokingFromAMissingFileCreatesNothing() throws Exception {
    RevokeResult result = store.revoke(List.of("Write"), List.of());

    assertThat(result.notFoundRules()).containsExactly("Write");
    assertThat(settings).doesNotExist();
  }

  @Test
  void listsOnlyTextEntriesInFileOrder() throws Exception {
    write(
        "{\"permissions\": {\"allow\": [\"B\", 3, \"A\"], \"ask\": [\"Q\"], \"deny\":"
            + " [\"D\", null], \"additionalDirectories\": [\"/x\"]}}");

    assertThat(store.list())
        .isEqualTo(new Grants(List.of("B", "A"), List.of("Q"), List.of("D"), List.of("/x")));
  }

  @Test
  void storesDirectoriesAbsoluteWithTildeAndDotDotResolvedButSymlinksKept() throws Exception {
    Path target = Files.createDirectories(temp.resolve("elsewhere/data"));
    Files.createDirectories(home.resolve("links"));
    Files.createSymbolicLink(home.resolve("links/data"), target);

    GrantResult result =
        store.grant(
            GrantRequest.of().withDirectories("~/links/../links/data", " ~/links/./data/ "));

    assertThat(result.addedDirectories()).containsExactly(home.resolve("links/data").toString());
    assertThat(store.list().directories()).containsExactly(home.resolve("links/data").toString());
  }

  @Test
  void resolvesRelativeDirectoriesAgainstTheSessionWorkingDirectory() throws Exception {
    Path cwd = Files.createDirectories(temp.resolve("cwd"));
    Path sibling = Files.createDirectories(temp.resolve("sibling"));

    store.grant(GrantRequest.of().withDirectories("../sibling").inSession(cwd));

    assertThat(store.list().directories()).containsExactly(sibling.toString());
  }

  @Test
  void refusesADirectoryThatDoesNotExistAndWritesNothing() {
    assertThatThrownBy(
            () ->
                store.grant(
                    GrantRequest.of(RuleGrant.suggested("Bash(ls:*)"))
                        .withDirectories(temp.resolve("missing").toString())))
        .isInstanceOf(GrantRefusedException.class)
        .hasMessageContaining("directory does not exist: " + temp.resolve("missing"));
    assertThat(settings).doesNotExist();
  }

  @Test
  void refusesRootAndHomeUnlessBroadGrantsAreConfirmed() throws Exception {
    assertThatThrownBy(() -> store.grant(GrantRequest.of().withDirectories("/")))
        .isInstanceOf(GrantRefusedException.class)
        .hasMessageContaining("whole file system");
    assertThatThrownBy(() -> store.grant(GrantRequest.of().withDirectories("~")))
        .isInstanceOf(GrantRefusedException.class)
        .hasMessageContaining("home directory itself");

    store.grant(GrantRequest.of().withDirectories("~", "/").allowingBroadDirectories());

    assertThat(store.list().directories()).containsExactly(home.toString(), "/");
  }

  @Test
  void refusesBaselineOriginRulesWhateverTheirContent() {
    assertThatThrownBy(() -> store.grant(GrantRequest.of(RuleGrant.baseline("Bash(npm test:*)"))))
        .isInstanceOf(GrantRefusedException.class)
        .hasMessageContaining("never persisted");
  }

  @Test
  void refusesBareBaselineToolsAndWildcardScopesUnlessTheUserConfirmedThem() throws Exception {
    for (String rule : List.of("Bash", "Read", "Write", "Edit", "Bash(*)", "Edit(//**)")) {
      assertThatThrownBy(() -> store.grant(GrantRequest.of(RuleGrant.suggested(rule))))
          .as(rule)
          .isInstanceOf(GrantRefusedException.class)
          .hasMessageContaining("explicit confirmation");
    }
    assertThat(settings).doesNotExist();

    store.grant(GrantRequest.of(RuleGrant.userConfirmed("Write")));

    assertThat(store.list().rules()).containsExactly("Write");
  }

  @Test
  void refusesTheAlwaysAddedDirectoriesEvenWhenConfirmed() throws Exception {
    Path cwd = Files.createDirectories(temp.resolve("cwd"));

    assertThatThrownBy(
            () ->
                store.grant(
                    GrantRequest.of()
                        .withDirectories("/tmp", cwd.toString())
                        .inSession(cwd)
                        .allowingBroadDirectories()))
        .isInstanceOf(GrantRefusedException.class)
        .satisfies(
            e ->
                assertThat(((GrantRefusedException) e).reasons())
                    .containsExactly(
                        "/tmp is added to every session already and is never persisted",
                        cwd + " is added to every session already and is never persisted"));
  }

  @Test
  void refusesTheWholeRequestWhenAnyPartIsRefused() throws Exception {
    write("{}");

    assertThatThrownBy(
            () ->
                store.grant(
                    GrantRequest.of(
                        RuleGrant.suggested("Bash(ls:*)"), RuleGrant.suggested("Write"))))
        .isInstanceOf(GrantRefusedException.class);

    assertThat(read()).isEqualTo("{}");
  }

  @Test
  void keepsAFileWithoutTrailingNewlineUntouchedWhenNothingChanges() throws Exception {
    write("{\"permissions\":{\"allow\":[\"Bash(ls:*)\"]}}");

    store.grant(GrantRequest.of(RuleGrant.suggested("Bash(ls:*)")));

    assertThat(read()).isEqualTo("{\"permissions\":{\"allow\":[\"Bash(ls:*)\"]}}");
    assertThat(new String(Files.readAllBytes(settings), StandardCharsets.UTF_8))
        .doesNotEndWith("\n");
  }

  @Test
  void refusesRulesWithControlsLookalikeToolNamesOrAbsurdLengthEvenWhenConfirmed()
      throws Exception {
    for (String rule :
        List.of("Read\u009d0;x\u009c", "B\u0430sh", "Bash(" + "x".repeat(5000) + ":*)")) {
      assertThatThrownBy(() -> store.grant(GrantRequest.of(RuleGrant.userConfirmed(rule))))
          .isInstanceOf(GrantRefusedException.class)
          .hasMessageContaining("is not saved");
    }
    assertThat(settings).doesNotExist();
  }

  @Test
  void refusesAnyToolWideRuleTheUserDidNotChooseNotOnlyTheBaselineTools() throws Exception {
    assertThatThrownBy(() -> store.grant(GrantRequest.of(RuleGrant.suggested("WebFetch"))))
        .isInstanceOf(GrantRefusedException.class)
        .hasMessageContaining("explicit confirmation");
    store.grant(GrantRequest.of(RuleGrant.userConfirmed("WebFetch")));
    assertThat(read()).contains("\"WebFetch\"");
  }
}

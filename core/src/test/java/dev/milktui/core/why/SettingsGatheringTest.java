package dev.milktui.core.why;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsGatheringTest {
  @TempDir Path temp;

  private Path work;
  private Path config;

  @BeforeEach
  void setUp() throws IOException {
    work = Files.createDirectories(temp.resolve("work")).toRealPath();
    config = Files.createDirectories(temp.resolve("config"));
    Files.createDirectories(work.resolve(".claude"));
    Files.writeString(
        work.resolve(".claude/settings.json"),
        "{\"permissions\":{\"allow\":[\"Bash(touch:*)\"],\"deny\":[\"Read(*.env)\"],"
            + "\"additionalDirectories\":[\"../data\"]}}");
  }

  private PermissionSetup gather() {
    SettingsGathering.Launch launch =
        new SettingsGathering.Launch(
            "default",
            List.of("Bash"),
            List.of(),
            List.of("Bash(sudo*)"),
            Optional.empty(),
            Optional.empty(),
            List.of());
    return new SettingsGathering(Map.of("CLAUDE_CONFIG_DIR", config.toString()), temp)
        .gather(work, work, launch);
  }

  @Test
  void anUntrustedWorkspaceKeepsItsDenyRulesAndLosesItsAllowRulesAndDirectories() {
    PermissionSetup setup = gather();

    assertThat(setup.deny()).extracting(SourcedRule::text).containsExactly("Read(*.env)");
    assertThat(setup.allow()).extracting(SourcedRule::text).containsExactly("Bash");
    assertThat(setup.directories()).containsExactly(work);
    assertThat(setup.notes()).anyMatch(note -> note.contains("not trusted"));
  }

  @Test
  void anUntrustedWorkspacesLocalFileStillAllows() throws IOException {
    Files.writeString(
        work.resolve(".claude/settings.local.json"), "{\"permissions\":{\"allow\":[\"Write\"]}}");

    PermissionSetup setup = gather();

    assertThat(setup.allow()).extracting(SourcedRule::text).containsExactly("Write", "Bash");
    assertThat(setup.allow().get(0).origin().name()).isEqualTo("local settings");
  }

  @Test
  void aTrustedWorkspaceAddsItsAllowRulesAndDirectoriesAndTheBaselineAndAsksComeLast()
      throws IOException {
    Files.writeString(
        config.resolve(".claude.json"),
        "{\"projects\":{\"" + work + "\":{\"hasTrustDialogAccepted\":true}}}");

    PermissionSetup setup = gather();

    assertThat(setup.allow())
        .extracting(SourcedRule::text)
        .containsExactly("Bash(touch:*)", "Bash");
    assertThat(setup.allow().get(1).origin().name())
        .isEqualTo("milk-tui's baseline (--allowedTools)");
    assertThat(setup.ask()).extracting(SourcedRule::text).containsExactly("Bash(sudo*)");
    assertThat(setup.directories()).containsExactly(work, temp.resolve("data"));
  }
}

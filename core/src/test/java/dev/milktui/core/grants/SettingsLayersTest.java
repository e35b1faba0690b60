package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsLayersTest {

  @TempDir Path temp;

  @Test
  void inTheHomeDirectoryTheProjectFileIsTheUserFileAndIsListedOnce() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path user = home.resolve(".claude/settings.json");
    Files.createDirectories(user.getParent());
    Files.writeString(user, "{\"permissions\": {\"allow\": [\"Write\"]}}");
    SettingsLayers layers = new SettingsLayers(user, home, home);

    assertThat(layers.list())
        .extracting(SettingsLayers.Listing::layer)
        .containsExactly(SettingsLayer.USER, SettingsLayer.LOCAL);
    assertThat(layers.ambiguities(List.of("Write"), List.of())).isEmpty();
    assertThat(layers.revoke(List.of("Write"), List.of(), Optional.empty()))
        .singleElement()
        .satisfies(r -> assertThat(r.result().removedRules()).containsExactly("Write"));
  }

  @Test
  void aDirectoryHeldByTwoLayersIsAmbiguousAfterNormalisation() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path project = Files.createDirectories(temp.resolve("project"));
    Path data = Files.createDirectories(home.resolve("data"));
    SettingsLayers layers =
        new SettingsLayers(home.resolve(".claude/settings.json"), project, home);
    layers.store(SettingsLayer.USER).grant(GrantRequest.of().withDirectories(data.toString()));
    layers.store(SettingsLayer.LOCAL).grant(GrantRequest.of().withDirectories("~/data"));

    assertThat(layers.ambiguities(List.of(), List.of("~/data")))
        .containsExactly(
            new SettingsLayers.Ambiguity(
                "~/data", List.of(SettingsLayer.USER, SettingsLayer.LOCAL)));
  }
}

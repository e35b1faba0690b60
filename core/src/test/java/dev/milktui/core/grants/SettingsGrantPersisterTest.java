package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsGrantPersisterTest {
  @TempDir Path temp;

  private SettingsGrantPersister persister(Path home) {
    return new SettingsGrantPersister(
        new SettingsStore(temp.resolve("settings.json"), home), temp.resolve("cwd"));
  }

  @Test
  void aToolWideBaselineRuleTheUserDidNotExplicitlyChooseIsRefused() throws Exception {
    SettingsGrantPersister persister = persister(temp.resolve("home"));

    assertThatThrownBy(
            () -> persister.persist(new GrantDecision(List.of("Write"), List.of(), true, null)))
        .isInstanceOf(GrantException.class)
        .hasMessageContaining("explicit confirmation");
    assertThat(temp.resolve("settings.json")).doesNotExist();
  }

  @Test
  void aToolWideRuleTheUserExplicitlyChoseIsSaved() throws Exception {
    persister(temp.resolve("home"))
        .persist(
            new GrantDecision(
                List.of("Write", "Bash(make test:*)"),
                List.of(),
                true,
                null,
                List.of("Write"),
                false));

    assertThat(Files.readString(temp.resolve("settings.json")))
        .contains("\"Write\"")
        .contains("\"Bash(make test:*)\"");
  }

  @Test
  void aBroadDirectoryNeedsTheDecisionsConfirmation() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home/me"));
    Path above = home.getParent();

    assertThatThrownBy(
            () -> persister(home).persist(new GrantDecision(List.of(), List.of(above), true, null)))
        .isInstanceOf(GrantException.class)
        .hasMessageContaining("holds your home directory");
    persister(home)
        .persist(new GrantDecision(List.of(), List.of(above), true, null, List.of(), true));
    assertThat(Files.readString(temp.resolve("settings.json"))).contains(above.toString());
  }
}

package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DirectoryPathsTest {
  private final DirectoryPaths paths = new DirectoryPaths(Path.of("/home/dev"));

  @ParameterizedTest
  @ValueSource(strings = {"/", "/home", "/home/dev", "/home/dev/..", "/home/dev/x/../.."})
  void theRootHomeAndEveryAncestorOfHomeAreBroad(String directory) {
    assertThat(paths.isBroad(Path.of(directory))).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/home/dev/project", "/home/other", "/srv", "/tmp/x"})
  void directoriesBesideOrBelowHomeAreNotBroad(String directory) {
    assertThat(paths.isBroad(Path.of(directory))).isFalse();
  }

  @Test
  void aLinkToAnAncestorOfHomeIsBroad(@TempDir Path temp) throws Exception {
    Path home = Files.createDirectories(temp.resolve("users/me"));
    Path link = Files.createSymbolicLink(temp.resolve("link"), temp.resolve("users"));

    assertThat(new DirectoryPaths(home).isBroad(link)).isTrue();
  }

  @Test
  void relativeAndTildeDirectoriesResolveAgainstTheBaseAndHome() {
    Path base = Path.of("/home/dev/project");

    assertThat(paths.normalise("out", base)).isEqualTo(Path.of("/home/dev/project/out"));
    assertThat(paths.normalise("../..", base)).isEqualTo(Path.of("/home"));
    assertThat(paths.normalise("~/x", base)).isEqualTo(Path.of("/home/dev/x"));
  }

  @Test
  void whenHomeAndThePasswordDatabaseDifferBothHomesAreBroad() {
    DirectoryPaths user = DirectoryPaths.ofUser("/srv/env-home", "/home/passwd");

    assertThat(user.home()).isEqualTo(Path.of("/srv/env-home"));
    assertThat(user.isBroad(Path.of("/srv/env-home"))).isTrue();
    assertThat(user.isBroad(Path.of("/srv"))).isTrue();
    assertThat(user.isBroad(Path.of("/home/passwd"))).isTrue();
    assertThat(user.isBroad(Path.of("/home"))).isTrue();
    assertThat(user.problem(Path.of("/"), false)).isPresent();
    assertThat(user.isBroad(Path.of("/srv/env-home/project"))).isFalse();
  }

  @Test
  void theUsersOwnHomesStayBroadForASettingsStoreOfAnotherHome(@TempDir Path temp) {
    DirectoryPaths store = DirectoryPaths.forHome(temp);

    assertThat(store.home()).isEqualTo(temp);
    assertThat(store.isBroad(Path.of(System.getProperty("user.home")))).isTrue();
  }

  @Test
  void aNameThatIsNotValidUtf8IsReportedAsSuchNotAsMissing(@TempDir Path temp) throws Exception {
    Process mkdir =
        new ProcessBuilder("bash", "-c", "mkdir \"$1\"/$'caf\\xe9'", "mkdir", temp.toString())
            .inheritIO()
            .start();
    assertThat(mkdir.waitFor()).isZero();
    Path listed;
    try (var entries = Files.list(temp)) {
      listed = entries.findFirst().orElseThrow();
    }
    Path typed = Path.of(listed.toString());

    assertThat(paths.problem(typed, false))
        .hasValueSatisfying(
            problem ->
                assertThat(problem)
                    .contains("not valid in this system's encoding")
                    .doesNotContain("does not exist"));
  }

  @Test
  void aMissingDirectoryIsSaidToBeMissing(@TempDir Path temp) {
    assertThat(paths.problem(temp.resolve("gone"), false))
        .hasValue("directory does not exist: " + temp.resolve("gone"));
  }
}

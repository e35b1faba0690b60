package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProjectRootTest {

  private static final Environment WITH_MILK_HOME =
      new Environment(Map.of("MILK_HOME", "/opt/from-env"), Path.of("/home/me"));
  private static final Environment WITHOUT = new Environment(Map.of(), Path.of("/home/me"));
  private static final Optional<Path> BUILT_JAR =
      Optional.of(Path.of("/src/milk-tui/app/target/milk-tui.jar"));

  @Test
  void systemPropertyWinsOverEnvironmentAndJar() {
    assertThat(ProjectRoot.find(Optional.of("/opt/from-property"), WITH_MILK_HOME, BUILT_JAR))
        .contains(Path.of("/opt/from-property"));
  }

  @Test
  void milkHomeVariableWinsOverTheJar() {
    assertThat(ProjectRoot.find(Optional.empty(), WITH_MILK_HOME, BUILT_JAR))
        .contains(Path.of("/opt/from-env"));
  }

  @Test
  void builtJarUnderAppTargetGivesTheCheckout() {
    assertThat(ProjectRoot.find(Optional.of(" "), WITHOUT, BUILT_JAR))
        .contains(Path.of("/src/milk-tui"));
  }

  @Test
  void jarAnywhereElseOrAClassesDirectoryGivesNothing() {
    assertThat(ProjectRoot.fromJar(Path.of("/usr/share/java/milk-tui.jar"))).isEmpty();
    assertThat(ProjectRoot.fromJar(Path.of("/src/milk-tui/core/target/milk-tui.jar"))).isEmpty();
    assertThat(ProjectRoot.fromJar(Path.of("/src/milk-tui/app/target/classes"))).isEmpty();
    assertThat(ProjectRoot.find(Optional.empty(), WITHOUT, Optional.empty())).isEmpty();
  }
}

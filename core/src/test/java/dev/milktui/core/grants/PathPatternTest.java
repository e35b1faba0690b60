package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PathPatternTest {

  @Test
  void aPlainDirectoryIsItsPathUnderADoubleSlash() {
    assertThat(PathPattern.under(Path.of("/home/dev/project"))).contains("//home/dev/project/**");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"/srv/a*b", "/srv/[x]", "/srv/{a,b}", "/srv/!x#y", "/srv/p(1)+@|q", "/é ü/a'b"})
  void everyEscapedPatternReadsBackAsTheSameDirectory(String directory) {
    String pattern = PathPattern.under(Path.of(directory)).orElseThrow();

    assertThat(PathPattern.directoryOf(pattern)).contains(directory);
  }

  @ParameterizedTest
  @ValueSource(strings = {"/srv/what?", "/srv/back\\slash", "/srv/tab\there"})
  void aNameNoEscapeMakesExactHasNoPattern(String directory) {
    assertThat(PathPattern.under(Path.of(directory))).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"//srv/*/**", "//srv/a?/**", "//**", "/srv/x/**", "//srv/x/*", "src/**"})
  void aPatternThatCoversMoreThanOneDirectoryNamesNone(String pattern) {
    assertThat(PathPattern.directoryOf(pattern)).isEmpty();
  }
}

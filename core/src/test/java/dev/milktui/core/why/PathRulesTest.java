package dev.milktui.core.why;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Cases the pinned CLI confirmed (WhyRealCliIT). */
class PathRulesTest {
  private static final Path WORK = Path.of("/s/work");
  private static final Path HOME = Path.of("/s/home");
  private static final Path CONFIG = Path.of("/s/home/.claude");

  private static boolean matches(String content, String file, Path originRoot) {
    return PathRules.matches(content, Path.of(file), originRoot, WORK, HOME);
  }

  @Test
  void doubleSlashIsAbsoluteEvenWithAThirdSlash() {
    assertThat(matches("//s/outside/**", "/s/outside/o.txt", WORK)).isTrue();
    assertThat(matches("///s/outside/**", "/s/outside/o.txt", WORK)).isTrue();
    assertThat(matches("//s/outside/**", "/s/work/o.txt", WORK)).isFalse();
  }

  @Test
  void tildeIsTheHomeFolder() {
    assertThat(matches("~/h.txt", "/s/home/h.txt", WORK)).isTrue();
    assertThat(matches("~/h.txt", "/s/work/h.txt", WORK)).isFalse();
  }

  @Test
  void aLeadingSlashIsTheOriginsRootAndDotSlashOrNothingTheWorkingDirectory() {
    assertThat(matches("/src/**", "/s/work/src/a.txt", WORK)).isTrue();
    assertThat(matches("/src/**", "/s/work/src/a.txt", CONFIG)).isFalse();
    assertThat(matches("./src/**", "/s/work/src/n1.txt", CONFIG)).isTrue();
    assertThat(matches("src/*.txt", "/s/work/src/a.txt", CONFIG)).isTrue();
  }

  @Test
  void aNameWithoutASlashMatchesAtAnyDepthUnderTheWorkingDirectoryOnly() {
    assertThat(matches("*.env", "/s/work/notes.env", WORK)).isTrue();
    assertThat(matches("*.env", "/s/work/deep/n2.env", WORK)).isTrue();
    assertThat(matches("*.env", "/s/outside/n2.env", WORK)).isFalse();
    assertThat(matches("*.env", "/s/work/src/a.txt", WORK)).isFalse();
  }

  @Test
  void aStarStaysWithinOneNameAndAMatchedFolderCoversItsContents() {
    assertThat(matches("src/*.txt", "/s/work/src/deep/a.txt", WORK)).isFalse();
    assertThat(matches("src", "/s/work/src/deep/a.txt", WORK)).isTrue();
  }
}

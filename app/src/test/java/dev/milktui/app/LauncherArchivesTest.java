package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.RealClaude;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The launcher keeps one class-data archive per subcommand, naming them in a list of its own: a
 * subcommand missing there would make or use the screen's archive, and load its own classes from
 * the jar on every run. It names the main class too.
 */
class LauncherArchivesTest {
  private static final Pattern KINDS = Pattern.compile("(?m)^  ([a-z |]+)\\) kind=\"\\$1\" ;;$");

  @Test
  void theLauncherNamesAnArchiveForEverySubcommand() throws IOException {
    String launcher = Files.readString(RealClaude.projectRoot().resolve("scripts/milk-tui"));
    Matcher kinds = KINDS.matcher(launcher);

    assertThat(kinds.find()).as("the launcher's list of archive kinds").isTrue();
    List<String> named = List.of(kinds.group(1).split("\\s*\\|\\s*"));
    assertThat(named).containsExactlyInAnyOrderElementsOf(MilkTuiCommand.SUBCOMMANDS.keySet());
  }

  /** It names the main class rather than reading the manifest: the two must not drift apart. */
  @Test
  void theLauncherStartsTheMainClassTheJarsManifestNames() throws IOException {
    String launcher = Files.readString(RealClaude.projectRoot().resolve("scripts/milk-tui"));
    String pom = Files.readString(RealClaude.projectRoot().resolve("app/pom.xml"));

    assertThat(launcher).contains(" -cp \"$jar\" " + Main.class.getName() + " \"$@\"");
    assertThat(pom).contains("<mainClass>" + Main.class.getName() + "</mainClass>");
  }
}

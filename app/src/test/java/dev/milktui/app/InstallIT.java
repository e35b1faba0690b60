package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.RealClaude;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/install} into a temporary prefix, then the installed command used as a user would:
 * its version, its completion scripts and its man page, also through a symbolic link.
 */
class InstallIT {
  @TempDir static Path home;
  private static Path prefix;
  private static Run install;

  private record Run(int exitCode, String output) {}

  private static Run run(List<String> command) throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    DemoInTerminalIT.isolated(builder, home);
    builder.environment().put("XDG_CACHE_HOME", home.resolve("cache").toString());
    builder.environment().put("MANWIDTH", "80");
    builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("%s finished", command).isTrue();
    return new Run(process.exitValue(), output);
  }

  @BeforeAll
  static void installIntoATemporaryPrefix() throws Exception {
    // A space in the prefix, as in "~/My Tools": every path in the script must be quoted.
    prefix = home.resolve("my prefix");
    Path script = RealClaude.projectRoot().resolve("scripts/install");
    // Under umask 000, as in some containers: what is installed must still not be writable by all.
    install =
        run(
            List.of(
                "bash",
                "-c",
                "umask 000 && exec bash \"$0\" --prefix \"$1\"",
                script.toString(),
                prefix.toString()));
  }

  @Test
  void underUmask000NothingInstalledOrCachedIsWritableByOthers() throws IOException {
    List<Path> written = new ArrayList<>();
    for (Path root : List.of(prefix, home.resolve("cache"))) {
      try (Stream<Path> paths = Files.walk(root)) {
        paths.forEach(written::add);
      }
    }
    assertThat(written).hasSizeGreaterThan(5);
    assertThat(written)
        .allSatisfy(
            path ->
                assertThat(Files.getPosixFilePermissions(path))
                    .as("%s", path)
                    .doesNotContain(
                        PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE));
  }

  @Test
  void installPutsTheLauncherJarManPagesAndCompletionsUnderThePrefix() {
    assertThat(install.exitCode()).as(install.output()).isZero();
    assertThat(install.output())
        .contains("Installed milk-tui " + BuildInfo.VERSION)
        .contains(
            "source "
                + prefix.resolve("share/milk-tui/completion.zsh").toString().replace(" ", "\\ "));
    assertThat(prefix.resolve("bin/milk-tui")).isExecutable();
    assertThat(prefix.resolve("share/milk-tui/milk-tui.jar")).isRegularFile();
    assertThat(prefix.resolve("share/man/man1/milk-tui.1")).isRegularFile();
    assertThat(prefix.resolve("share/man/man1/milk-tui-grants-revoke.1")).isRegularFile();
    assertThat(prefix.resolve("share/bash-completion/completions/milk-tui"))
        .content()
        .contains("complete -F");
    assertThat(prefix.resolve("share/fish/vendor_completions.d/milk-tui.fish"))
        .content()
        .contains("complete -c milk-tui");
    assertThat(prefix.resolve("share/milk-tui/completion.zsh"))
        .content()
        .startsWith(CompletionCommand.ZSH_PRELUDE);
  }

  @Test
  void theInstalledCommandNamesItsVersionAndThePinnedClaudeItIsTestedWith() throws Exception {
    Run version = run(List.of(prefix.resolve("bin/milk-tui").toString(), "--version"));

    assertThat(version.exitCode()).as(version.output()).isZero();
    assertThat(version.output())
        .startsWith("milk-tui " + BuildInfo.VERSION)
        .contains("tested with " + System.getProperty("milk.claudeVersion"));
  }

  /** Every file the installer writes, relative to the prefix. */
  private static final List<String> TARGETS =
      List.of(
          "bin/milk-tui",
          "share/milk-tui/milk-tui.jar",
          "share/man/man1/milk-tui.1",
          "share/man/man1/milk-tui-trust.1",
          "share/bash-completion/completions/milk-tui",
          "share/milk-tui/completion.zsh",
          "share/fish/vendor_completions.d/milk-tui.fish");

  @Test
  void aLinkPlantedAtAnyTargetIsReplacedNeverWrittenThrough() throws Exception {
    Path planted = home.resolve("planted prefix");
    Path victim = Files.writeString(home.resolve("victim.txt"), "the user's own file\n");
    for (String target : TARGETS) {
      Path link = planted.resolve(target);
      Files.createDirectories(link.getParent());
      Files.createSymbolicLink(link, victim);
    }
    Path script = RealClaude.projectRoot().resolve("scripts/install");

    Run run = run(List.of("bash", script.toString(), "--prefix", planted.toString()));

    assertThat(run.exitCode()).as(run.output()).isZero();
    assertThat(victim).hasContent("the user's own file");
    for (String target : TARGETS) {
      assertThat(Files.isSymbolicLink(planted.resolve(target))).as(target).isFalse();
      assertThat(planted.resolve(target)).as(target).isRegularFile();
    }
    try (Stream<Path> left = Files.walk(planted)) {
      assertThat(left.map(Path::getFileName).map(Path::toString))
          .noneMatch(name -> name.startsWith(".milk-tui-install."));
    }
  }

  @Test
  void installingAgainOverAnInstallWorksAndKeepsTheCommand() throws Exception {
    Path script = RealClaude.projectRoot().resolve("scripts/install");
    Run again = run(List.of("bash", script.toString(), "--prefix", prefix.toString()));

    assertThat(again.exitCode()).as(again.output()).isZero();
    Run version = run(List.of(prefix.resolve("bin/milk-tui").toString(), "--version"));
    assertThat(version.output()).startsWith("milk-tui " + BuildInfo.VERSION);
  }

  @Test
  void theInstalledCommandRunsThroughAChainOfLinksFromAnotherFolder() throws Exception {
    Path first = Files.createSymbolicLink(home.resolve("first"), prefix.resolve("bin/milk-tui"));
    Path second = Files.createSymbolicLink(home.resolve("second"), first);
    ProcessBuilder builder =
        new ProcessBuilder(second.toString(), "--version")
            .directory(Files.createDirectories(home.resolve("elsewhere")).toFile())
            .redirectErrorStream(true);
    DemoInTerminalIT.isolated(builder, home);
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(process.waitFor()).as(output).isZero();
    assertThat(output).startsWith("milk-tui " + BuildInfo.VERSION);
  }

  @Test
  void theInstalledCommandRunsThroughASymbolicLink() throws Exception {
    Path link = Files.createSymbolicLink(home.resolve("mt"), prefix.resolve("bin/milk-tui"));

    Run completion = run(List.of(link.toString(), "completion", "fish"));

    assertThat(completion.exitCode()).as(completion.output()).isZero();
    assertThat(completion.output()).contains("complete -c milk-tui");
  }

  @Test
  void eachSubcommandMakesItsOwnClassArchiveAndAVersionRunMakesNone() throws Exception {
    Path cache = home.resolve("cache/milk-tui");
    Path recording =
        RealClaude.projectRoot()
            .resolve("core/src/test/resources/recordings/claude-2.1.300/v1-two-messages.ndjson");

    Run version = run(List.of(prefix.resolve("bin/milk-tui").toString(), "--version"));
    List<String> afterVersion = archives(cache);
    Run scan =
        run(
            List.of(
                prefix.resolve("bin/milk-tui").toString(), "scan", "--json", recording.toString()));

    assertThat(version.exitCode()).as(version.output()).isZero();
    assertThat(scan.exitCode()).as(scan.output()).isZero();
    // A help or version run loads too few classes to be worth an archive for later runs.
    assertThat(afterVersion).doesNotContain("milk-tui-screen.jsa", "milk-tui.jsa");
    assertThat(archives(cache)).contains("milk-tui-scan.jsa").doesNotContain("milk-tui.jsa");
  }

  private static List<String> archives(Path cache) throws IOException {
    if (!Files.isDirectory(cache)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(cache)) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(name -> name.endsWith(".jsa"))
          .toList();
    }
  }

  @Test
  void theManPageRendersWithManItself() throws Exception {
    Run man = run(List.of("man", "-l", prefix.resolve("share/man/man1/milk-tui.1").toString()));

    assertThat(man.exitCode()).as(man.output()).isZero();
    assertThat(man.output()).contains("NAME", "milk-tui", "SYNOPSIS", "--permission-mode");
  }

  @Test
  void theCheckoutLauncherAlsoRunsThroughASymbolicLink() throws Exception {
    Path link =
        Files.createSymbolicLink(
            home.resolve("checkout-milk-tui"),
            RealClaude.projectRoot().resolve("scripts/milk-tui"));

    Run version = run(List.of(link.toString(), "--version"));

    assertThat(version.exitCode()).as(version.output()).isZero();
    assertThat(version.output()).startsWith("milk-tui " + BuildInfo.VERSION);
  }
}

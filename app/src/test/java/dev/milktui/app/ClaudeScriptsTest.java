package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.RealClaude;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/install-claude} and {@code scripts/move-pin}, copied into a scratch project with a
 * stand-in {@code npm} first on PATH that logs its calls: what reaches npm, what a second run
 * downloads, and what the user reads when npm fails.
 */
class ClaudeScriptsTest {
  @TempDir Path project;
  private Path npmCalls;
  private Path bin;

  private record Run(int exitCode, String out, String err) {}

  @BeforeEach
  void copyScriptsAndPinIntoAScratchProject() throws IOException {
    for (String script : List.of("install-claude", "move-pin")) {
      Path copy = project.resolve("scripts").resolve(script);
      Files.createDirectories(copy.getParent());
      Files.copy(RealClaude.projectRoot().resolve("scripts").resolve(script), copy);
      copy.toFile().setExecutable(true);
    }
    Files.writeString(
        project.resolve("pom.xml"), "<project>\n  <claude.version>9.1.0</claude.version>\n");
    npmCalls = project.resolve("npm-calls.txt");
    bin = project.resolve("bin");
  }

  /**
   * A stand-in npm: {@code view} answers {@code newest}; {@code install --prefix DEST pkg@V} makes
   * a claude that says V, or fails as npm does when {@code failure} is given.
   */
  private void npm(String newest, String failure) throws IOException {
    String install =
        failure == null
            ? """
              dest="$3"; version="${!#}"; version="${version##*@}"
              mkdir -p "$dest/node_modules/.bin"
              printf '#!/bin/sh\\necho "%s (Claude Code)"\\n' "$version" > "$dest/node_modules/.bin/claude"
              chmod +x "$dest/node_modules/.bin/claude"
              """
            : "echo '" + failure + "' >&2; exit 1";
    Scripts.executable(
        bin.resolve("npm"),
        "echo \"$*\" >> '"
            + npmCalls
            + "'\n"
            + "case \"$1\" in\n"
            + "  view) echo "
            + newest
            + " ;;\n"
            + "  install) exec bash -c '"
            + install.replace("'", "'\\''")
            + "' npm \"$@\" ;;\n"
            + "esac");
  }

  private Run run(String script, String... args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(List.of(project.resolve("scripts/" + script).toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile());
    builder.environment().put("PATH", bin + File.pathSeparator + "/usr/bin:/bin");
    builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Path out = project.resolve("out.txt");
    Path err = project.resolve("err.txt");
    Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("%s finished", command).isTrue();
    return new Run(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  private List<String> npmCalls() throws IOException {
    return Files.exists(npmCalls) ? Files.readAllLines(npmCalls) : List.of();
  }

  @Test
  void withoutAnArgumentThePinIsInstalledIntoClaudeCliAndASecondRunDownloadsNothing()
      throws Exception {
    npm("9.9.9", null);

    Run first = run("install-claude");
    Run second = run("install-claude");

    Path claude = project.resolve(".claude-cli/node_modules/.bin/claude");
    assertThat(first.exitCode()).as(first.err()).isZero();
    assertThat(first.out().strip()).endsWith(claude.toString());
    assertThat(second.exitCode()).as(second.err()).isZero();
    assertThat(second.out().strip()).isEqualTo(claude.toString());
    assertThat(npmCalls()).singleElement().asString().contains("@anthropic-ai/claude-code@9.1.0");
  }

  @Test
  void latestIsTheVersionNpmNamesInstalledInItsOwnFolderOnce() throws Exception {
    npm("9.2.0", null);

    Run first = run("install-claude", "latest");
    Run again = run("install-claude", "9.2.0");

    Path claude = project.resolve(".claude-cli/versions/9.2.0/node_modules/.bin/claude");
    assertThat(first.exitCode()).as(first.err()).isZero();
    assertThat(first.out().strip()).endsWith(claude.toString());
    assertThat(again.out().strip()).isEqualTo(claude.toString());
    assertThat(npmCalls())
        .containsExactly(
            "view @anthropic-ai/claude-code version",
            "install --prefix "
                + project.resolve(".claude-cli/versions/9.2.0")
                + " --no-audit --no-fund --loglevel=error @anthropic-ai/claude-code@9.2.0");
  }

  @Test
  void whenNpmFailsItsOwnMessageAndTheCommandToRunByHandAreShownOnce() throws Exception {
    npm("9.2.0", "npm ERR! code E404 npm ERR! 404 Not Found - @anthropic-ai/claude-code@9.0.1");

    Run run = run("install-claude", "9.0.1");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .contains("npm could not install @anthropic-ai/claude-code@9.0.1")
        .contains("404 Not Found - @anthropic-ai/claude-code@9.0.1")
        .contains("Run it by hand")
        .contains("npm install --prefix " + project.resolve(".claude-cli/versions/9.0.1"));
    assertThat(run.err().split("404 Not Found", -1)).as("npm's message once").hasSize(2);
  }

  @Test
  void somethingThatIsNotAVersionIsRefusedBeforeNpmIsAsked() throws Exception {
    npm("9.2.0", null);

    Run run = run("install-claude", "../../etc");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("'../../etc' is not a version like 2.1.332");
    assertThat(npmCalls()).isEmpty();
  }

  @Test
  void movingThePinToTheVersionItIsAlreadyChangesNothing() throws Exception {
    npm("9.1.0", null);
    String pom = Files.readString(project.resolve("pom.xml"));

    Run run = run("move-pin");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("claude 9.1.0 is the pin already; nothing to move.");
    assertThat(project.resolve("pom.xml")).hasContent(pom);
  }
}

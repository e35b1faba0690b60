package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The completion scripts run in the real shells, in a folder of file names that are shell code:
 * completing any subcommand, positional or option value must list them, never run them. A shell
 * that is not installed is skipped with the reason (install zsh and fish to run those cases).
 */
class CompletionShellsTest {

  /** Each name, if ever evaluated, makes a file whose name starts with PWNED. */
  private static final List<String> HOSTILE =
      List.of(
          "$(touch PWNED-dollar)",
          "`touch PWNED-backtick`",
          "a;touch PWNED-semicolon",
          "$(touch${IFS}PWNED-ifs)",
          "b' $(touch PWNED-quote) '",
          "c\" `touch PWNED-dquote` \"",
          "(touch PWNED-paren)");

  @TempDir Path folder;

  @ParameterizedTest
  @ValueSource(strings = {"bash", "zsh", "fish"})
  void completingAnythingNeverRunsAFileName(String shell, @TempDir Path scripts) throws Exception {
    assumeTrue(onPath(shell), shell + " is not installed, so its completion is not tested here");
    for (String name : HOSTILE) {
      Files.createFile(folder.resolve(name));
    }
    Path script = Files.writeString(scripts.resolve("milk-tui." + shell), script(shell));

    String output = run(shell, script, commandLines());

    try (Stream<Path> files = Files.list(folder)) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .as("files after completing in %s:%n%s", shell, output)
          .noneMatch(name -> name.startsWith("PWNED"));
    }
    if (!shell.equals("fish")) {
      // fish completes no file names for milk-tui; bash and zsh list them as they are.
      assertThat(output).as("what %s offered", shell).contains(HOSTILE.get(0));
    }
  }

  private static String script(String shell) {
    CommandLine root = MilkTuiCommand.withAllSubcommands(new MilkTuiCommand());
    StringWriter out = new StringWriter();
    root.setOut(new PrintWriter(out));
    assertThat(root.execute("completion", shell)).isZero();
    return out.toString();
  }

  /**
   * Every command line to complete: each command with nothing after it (subcommands and
   * positionals) and each of its options that takes a value.
   */
  private static List<String> commandLines() {
    List<String> lines = new ArrayList<>();
    collect(MilkTuiCommand.withAllSubcommands(new MilkTuiCommand()), "milk-tui", lines);
    return lines;
  }

  private static void collect(CommandLine command, String prefix, List<String> lines) {
    lines.add(prefix);
    for (OptionSpec option : command.getCommandSpec().options()) {
      if (option.arity().max() > 0) {
        lines.add(prefix + " " + option.longestName());
      }
    }
    for (Map.Entry<String, CommandLine> sub : command.getSubcommands().entrySet()) {
      collect(sub.getValue(), prefix + " " + sub.getKey(), lines);
    }
  }

  private String run(String shell, Path script, List<String> lines) throws Exception {
    List<String> command = new ArrayList<>();
    switch (shell) {
      case "bash" -> command.addAll(List.of("bash", "--norc", "--noprofile", "-c", BASH, "driver"));
      case "zsh" -> command.addAll(List.of("zsh", "-f", "-c", ZSH, "driver"));
      default -> command.addAll(List.of("fish", "--no-config", "-c", FISH));
    }
    command.add(script.toString());
    command.addAll(lines);
    ProcessBuilder builder =
        new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true);
    builder.environment().put("HOME", folder.toString());
    builder.environment().put("XDG_CONFIG_HOME", folder.resolve(".config").toString());
    builder.environment().put("XDG_DATA_HOME", folder.resolve(".data").toString());
    builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as(output).isTrue();
    return output;
  }

  /** Sets COMP_* as bash does for "LINE <Tab>" and calls the function `complete` names. */
  private static final String BASH =
      """
      source "$1"; shift
      fn=$(complete -p milk-tui | sed -n 's/.* -F \\([^ ]*\\) .*/\\1/p')
      for line in "$@"; do
        read -ra COMP_WORDS <<< "$line"
        COMP_WORDS+=("")
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        COMP_LINE="$line "
        COMP_POINT=${#COMP_LINE}
        COMPREPLY=()
        "$fn" milk-tui "" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\\n' "${COMPREPLY[@]}"
      done
      """;

  /** The same in zsh, through bashcompinit as the zsh script sets it up. */
  private static final String ZSH =
      """
      autoload -U +X compinit && compinit -u -D
      source "$1"; shift
      setopt ksharrays
      for line in "$@"; do
        COMP_WORDS=( ${=line} "" )
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        COMP_LINE="$line "
        COMP_POINT=${#COMP_LINE}
        COMPREPLY=()
        _complete_milk-tui milk-tui "" "${COMP_WORDS[COMP_CWORD-1]}"
        print -rl -- "${COMPREPLY[@]}"
      done
      """;

  /** fish's own completion of each line, as Tab would ask for it. */
  private static final String FISH =
      """
      source $argv[1]
      for line in $argv[2..-1]
        complete -C"$line "
      end
      """;

  private static boolean onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (Files.isExecutable(Path.of(dir, program))) {
        return true;
      }
    }
    return false;
  }
}

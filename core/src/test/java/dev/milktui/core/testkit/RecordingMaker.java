package dev.milktui.core.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Makes the recordings of {@link RecordingScenario#all()} with the real CLI of one version against
 * {@link FakeAnthropicApi}: {@code NAME.ndjson} (stdout as printed), {@code NAME.stdin.jsonl} (what
 * the host wrote, where it wrote anything) and {@code NAME.stderr.txt}, in the folder {@code
 * claude-VERSION/} under the given recordings folder. Each run has a fresh sandbox whose folders
 * are written as the recordings README says ({@code /home/dev/project} for the working directory),
 * so no path of the machine that made them is in the files.
 *
 * <p>{@code main(VERSION, RECORDINGS_FOLDER, [NAME...])}, as {@code scripts/record-claude} calls
 * it.
 */
public final class RecordingMaker {
  private static final Duration TURN = Duration.ofSeconds(90);
  private static final String HOME = "/home/dev";

  private RecordingMaker() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      throw new IllegalArgumentException(
          "usage: RecordingMaker VERSION RECORDINGS_FOLDER [NAME...]");
    }
    List<String> names = List.of(args).subList(2, args.length);
    Path folder = record(args[0], RealClaude.binary(args[0]), Path.of(args[1]), names);
    System.out.println("Recorded into " + folder);
  }

  /**
   * Records the scenarios named (all when none is) with {@code claude}, which is {@code version},
   * into {@code recordings/claude-VERSION/}; returns that folder.
   */
  public static Path record(String version, Path claude, Path recordings, List<String> names)
      throws IOException {
    List<RecordingScenario> scenarios =
        RecordingScenario.all().stream()
            .filter(s -> names.isEmpty() || names.contains(s.name()))
            .toList();
    List<String> known = RecordingScenario.all().stream().map(RecordingScenario::name).toList();
    List<String> unknown = names.stream().filter(n -> !known.contains(n)).toList();
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("no scenario " + unknown + "; there are " + known);
    }
    Path folder = Files.createDirectories(recordings.resolve("claude-" + version));
    for (RecordingScenario scenario : scenarios) {
      System.out.println("Recording " + scenario.name() + " with claude " + version);
      record(scenario, claude, folder);
    }
    return folder;
  }

  private static void record(RecordingScenario scenario, Path claude, Path folder)
      throws IOException {
    try (ClaudeSandbox sandbox = ClaudeSandbox.create();
        FakeAnthropicApi api = FakeAnthropicApi.start(scenario.replies())) {
      List<String> command = new ArrayList<>(List.of(claude.toString()));
      command.addAll(scenario.args());
      ProcessBuilder builder = new ProcessBuilder(command).directory(sandbox.workDir().toFile());
      builder.environment().clear();
      builder.environment().putAll(sandbox.environment(api.baseUrl()));
      if (scenario.stdinClosed()) {
        builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      }
      List<String> sent = new ArrayList<>();
      try (CliRun run = CliRun.start(builder)) {
        scenario.drive().accept(host(run, sent));
        int exit = run.awaitExit(TURN);
        // The CLI ends with 1 when its last turn failed (an API error): that is what was recorded.
        boolean lastTurnFailed =
            run.lines("result", null).stream()
                .reduce((first, second) -> second)
                .map(result -> result.path("is_error").asBoolean())
                .orElse(false);
        if (exit != 0 && !(exit == 1 && lastTurnFailed)) {
          throw new IllegalStateException(
              scenario.name() + ": claude exited " + exit + "\n" + run.transcript());
        }
        Map<String, String> paths = scratchPaths(sandbox);
        String name = scenario.name();
        Files.writeString(folder.resolve(name + ".ndjson"), lines(run.rawLines(), paths));
        Files.writeString(folder.resolve(name + ".stderr.txt"), scrub(run.stderr(), paths));
        Path stdin = folder.resolve(name + ".stdin.jsonl");
        if (sent.isEmpty()) {
          Files.deleteIfExists(stdin);
        } else {
          Files.writeString(stdin, lines(sent, paths));
        }
      }
    }
  }

  private static RecordingScenario.Host host(CliRun run, List<String> sent) {
    return new RecordingScenario.Host() {
      @Override
      public JsonNode awaitLine(String type, String subtype) {
        return run.awaitLine(type, subtype, TURN);
      }

      @Override
      public JsonNode awaitLine(Predicate<JsonNode> match) {
        return run.awaitLine(match, TURN);
      }

      @Override
      public JsonNode awaitDelta() {
        return run.awaitLine(
            line -> line.at("/event/type").asText().equals("content_block_delta"), TURN);
      }

      @Override
      public void send(JsonNode line) {
        sent.add(line.toString());
        run.send(line);
      }

      @Override
      public void closeStdin() {
        run.closeStdin();
      }
    };
  }

  /**
   * The sandbox's folders and what the files say instead, the longest first; each also as the CLI
   * names a project folder after it (every character but letters and digits a dash).
   */
  private static Map<String, String> scratchPaths(ClaudeSandbox sandbox) {
    Map<Path, String> folders = new LinkedHashMap<>();
    folders.put(sandbox.workDir(), HOME + "/project");
    folders.put(sandbox.configDir(), HOME + "/.claude");
    folders.put(sandbox.home(), HOME);
    folders.put(sandbox.root(), HOME + "/scratch");
    Map<String, String> paths = new LinkedHashMap<>();
    folders.forEach(
        (folder, shown) -> {
          paths.put(folder.toString(), shown);
          paths.put(dashed(folder.toString()), dashed(shown));
        });
    return paths;
  }

  private static String dashed(String path) {
    return path.replaceAll("[^A-Za-z0-9]", "-");
  }

  private static String lines(List<String> lines, Map<String, String> paths) {
    StringBuilder text = new StringBuilder();
    lines.forEach(line -> text.append(scrub(line, paths)).append('\n'));
    return text.toString();
  }

  private static String scrub(String text, Map<String, String> paths) {
    String scrubbed = text;
    for (Map.Entry<String, String> path : paths.entrySet()) {
      scrubbed = scrubbed.replace(path.getKey(), path.getValue());
    }
    return scrubbed;
  }
}

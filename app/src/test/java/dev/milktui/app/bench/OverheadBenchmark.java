package dev.milktui.app.bench;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.protocol.HostMessages;
import dev.milktui.core.session.ClaudeSession;
import dev.milktui.core.session.LaunchSpec;
import dev.milktui.core.session.SessionRecorder;
import dev.milktui.core.testkit.ClaudeSandbox;
import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.RealClaude;
import dev.milktui.core.testkit.Reply;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;

/**
 * The same scripted turn (a long streamed reply) through milk-tui's session engine and through the
 * bare claude CLI with the same flags, against the project's fake API, interleaved in one run.
 * Prints the median of each and their ratio, to the exit (stdin closed after the result, as
 * milk-tui does) and to the turn's result (what the user waits for).
 *
 * <p>Usage: {@code OverheadBenchmark [runs]}
 */
public final class OverheadBenchmark {
  private static final double TARGET_RATIO = 1.03;

  private OverheadBenchmark() {}

  public static void main(String[] args) throws Exception {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 9;
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 3000; i++) {
      text.append("word").append(i).append(' ');
    }
    try (ClaudeSandbox sandbox = ClaudeSandbox.create();
        FakeAnthropicApi api = FakeAnthropicApi.start(Reply.text(text.toString()))) {
      LaunchSpec spec =
          LaunchSpec.builder(RealClaude.binary(), sandbox.workDir())
              .environment(sandbox.environment(api.baseUrl()))
              .build();
      bare(spec);
      throughMilkTui(spec);
      List<Timing> bare = new ArrayList<>();
      List<Timing> milk = new ArrayList<>();
      for (int i = 0; i < runs; i++) {
        bare.add(bare(spec));
        milk.add(throughMilkTui(spec));
      }
      report("overhead.ratio", "to the exit", bare, milk, Timing::exitMillis);
      report("overhead.turn_ratio", "to the turn's result", bare, milk, Timing::resultMillis);
    }
  }

  /** Milliseconds from the start to the turn's result, and to the process's exit. */
  private record Timing(long resultMillis, long exitMillis) {
    static Timing since(long start, long result) {
      long now = System.nanoTime();
      return new Timing(
          TimeUnit.NANOSECONDS.toMillis(result - start),
          TimeUnit.NANOSECONDS.toMillis(now - start));
    }
  }

  /**
   * Judged on the median of the ratios of each interleaved pair: a pair ran back to back, so the
   * machine's drift over the run (other work, caches, thermal) cancels within it. The ratio of the
   * two medians is shown too.
   */
  private static void report(
      String name, String until, List<Timing> bare, List<Timing> milk, ToLongFunction<Timing> of) {
    List<Long> b = bare.stream().map(of::applyAsLong).sorted().toList();
    List<Long> m = milk.stream().map(of::applyAsLong).sorted().toList();
    long bareMedian = b.get(b.size() / 2);
    long milkMedian = m.get(m.size() / 2);
    List<Double> pairs = new ArrayList<>();
    for (int i = 0; i < bare.size(); i++) {
      pairs.add((double) of.applyAsLong(milk.get(i)) / of.applyAsLong(bare.get(i)));
    }
    pairs.sort(null);
    double ratio = pairs.get(pairs.size() / 2);
    System.out.println("  " + until + ", bare claude (ms): " + b);
    System.out.println("  " + until + ", through milk-tui (ms): " + m);
    System.out.printf(
        "%s=%.3f (median of %d paired ratios; ratio of the medians %.3f, bare %d ms, milk-tui %d ms;"
            + " target <= %.2f) %s%n",
        name,
        ratio,
        pairs.size(),
        (double) milkMedian / bareMedian,
        bareMedian,
        milkMedian,
        TARGET_RATIO,
        ratio <= TARGET_RATIO ? "PASS" : "MISS");
  }

  /** Start to the turn's result, then stdin closed and the exit awaited, as milk-tui does. */
  private static Timing bare(LaunchSpec spec) throws Exception {
    long start = System.nanoTime();
    ProcessBuilder builder =
        new ProcessBuilder(spec.command(Optional.empty()))
            .directory(spec.workingDirectory().toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD);
    builder.environment().clear();
    builder.environment().putAll(spec.childEnvironment());
    Process process = builder.start();
    try (OutputStream stdin = process.getOutputStream();
        BufferedReader stdout =
            new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      stdin.write(
          (HostMessages.userMessage("Write a long text") + "\n").getBytes(StandardCharsets.UTF_8));
      stdin.flush();
      String line;
      while ((line = stdout.readLine()) != null
          && !line.startsWith("{\"type\":\"result\"")
          && !line.contains("\"type\":\"result\"")) {
        // Read on, as a host must.
      }
    }
    long result = System.nanoTime();
    process.waitFor(30, TimeUnit.SECONDS);
    return Timing.since(start, result);
  }

  private static Timing throughMilkTui(LaunchSpec spec) throws Exception {
    long start = System.nanoTime();
    CountDownLatch finished = new CountDownLatch(1);
    CountDownLatch exited = new CountDownLatch(1);
    ClaudeSession session =
        new ClaudeSession(
            spec,
            event -> {
              if (event instanceof SessionEvent.TurnFinished) {
                finished.countDown();
              } else if (event instanceof SessionEvent.ProcessExited) {
                exited.countDown();
              }
            },
            GrantPersister.REFUSE,
            SessionRecorder.NONE);
    session.send("Write a long text");
    finished.await(60, TimeUnit.SECONDS);
    long result = System.nanoTime();
    session.close();
    exited.await(30, TimeUnit.SECONDS);
    return Timing.since(start, result);
  }
}

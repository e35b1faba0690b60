package dev.milktui.app.bench;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.protocol.HostMessages;
import dev.milktui.core.session.ClaudeSession;
import dev.milktui.core.session.GrantPersister;
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
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The same scripted turn (a long streamed reply) through milk-tui's session engine and through the
 * bare claude CLI with the same flags, against the project's fake API, interleaved in one run.
 * Prints the median of each and their ratio.
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
      List<Long> bare = new ArrayList<>();
      List<Long> milk = new ArrayList<>();
      for (int i = 0; i < runs; i++) {
        bare.add(bare(spec));
        milk.add(throughMilkTui(spec));
      }
      Collections.sort(bare);
      Collections.sort(milk);
      long bareMedian = bare.get(runs / 2);
      long milkMedian = milk.get(runs / 2);
      double ratio = (double) milkMedian / bareMedian;
      System.out.println("  bare claude (ms): " + bare);
      System.out.println("  through milk-tui (ms): " + milk);
      System.out.printf(
          "overhead.ratio=%.3f (bare %d ms, milk-tui %d ms; target <= %.2f) %s%n",
          ratio, bareMedian, milkMedian, TARGET_RATIO, ratio <= TARGET_RATIO ? "PASS" : "MISS");
    }
  }

  /** Start to the turn's result, then stdin closed and the exit awaited, as milk-tui does. */
  private static long bare(LaunchSpec spec) throws Exception {
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
    process.waitFor(30, TimeUnit.SECONDS);
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
  }

  private static long throughMilkTui(LaunchSpec spec) throws Exception {
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
    session.close();
    exited.await(30, TimeUnit.SECONDS);
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
  }
}

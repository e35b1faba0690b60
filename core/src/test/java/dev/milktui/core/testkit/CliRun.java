package dev.milktui.core.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.milktui.core.protocol.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A running CLI whose stdout lines are parsed and kept, read on their own threads so the pipes
 * never fill. Every wait has a timeout; closing kills the process tree. Failures carry the
 * transcript, so a red test explains itself.
 */
public final class CliRun implements AutoCloseable {
  private final Process process;
  private final List<JsonNode> lines = new ArrayList<>();
  private final List<String> rawLines = new ArrayList<>();
  private final StringBuilder stderr = new StringBuilder();
  private boolean stdoutEnded;

  private CliRun(Process process) {
    this.process = process;
  }

  public static CliRun start(ProcessBuilder builder) {
    try {
      CliRun claude = new CliRun(builder.start());
      claude.drain("stdout", claude.process.getInputStream(), claude::addLine, claude::endStdout);
      claude.drain("stderr", claude.process.getErrorStream(), claude::addStderr, () -> {});
      return claude;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + builder.command(), e);
    }
  }

  /** The stdout lines so far; a line that is not JSON is kept as a text node. */
  public synchronized List<JsonNode> lines() {
    return List.copyOf(lines);
  }

  /** The stdout lines so far as printed, for recordings. */
  public synchronized List<String> rawLines() {
    return List.copyOf(rawLines);
  }

  /** The stdout lines of one {@code type} (and {@code subtype}, when given). */
  public List<JsonNode> lines(String type, String subtype) {
    return lines().stream().filter(isType(type, subtype)).toList();
  }

  public synchronized String stderr() {
    return stderr.toString();
  }

  /** Waits for the first stdout line that matches; fails when stdout ends or time runs out. */
  public synchronized JsonNode awaitLine(Predicate<JsonNode> match, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    try {
      while (true) {
        for (JsonNode line : lines) {
          if (match.test(line)) {
            return line;
          }
        }
        long left = deadline - System.nanoTime();
        if (stdoutEnded || left <= 0) {
          throw new AssertionError(
              (stdoutEnded ? "stdout ended" : "timed out after " + timeout)
                  + " before the awaited line\n"
                  + transcript());
        }
        wait(TimeUnit.NANOSECONDS.toMillis(left) + 1);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while waiting for claude", e);
    }
  }

  public JsonNode awaitLine(String type, String subtype, Duration timeout) {
    return awaitLine(isType(type, subtype), timeout);
  }

  /** Waits for claude's {@code can_use_tool} control request: the CLI asks before a tool runs. */
  public JsonNode awaitPermissionRequest(Duration timeout) {
    return awaitLine(
        line ->
            isType("control_request", null).test(line)
                && line.path("request").path("subtype").asText().equals("can_use_tool"),
        timeout);
  }

  /** Sends {@code text} as the user's message in stream-json. */
  public void sendUserMessage(String text) {
    ObjectNode user = Json.mapper().createObjectNode().put("type", "user");
    user.putObject("message").put("role", "user").put("content", text);
    send(user);
  }

  /** Writes one NDJSON line to stdin and flushes it. */
  public void send(JsonNode line) {
    try {
      OutputStream stdin = process.getOutputStream();
      stdin.write((line.toString() + "\n").getBytes(StandardCharsets.UTF_8));
      stdin.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write to claude's stdin\n" + transcript(), e);
    }
  }

  public void closeStdin() {
    try {
      process.getOutputStream().close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close claude's stdin", e);
    }
  }

  /** Waits for the exit and for stdout to be read to its end; kills and fails on timeout. */
  public int awaitExit(Duration timeout) {
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        kill();
        throw new AssertionError("claude did not exit within " + timeout + "\n" + transcript());
      }
      awaitStdoutEnd(Duration.ofSeconds(5));
      return process.exitValue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while waiting for claude to exit", e);
    }
  }

  /** Everything seen so far, for failure messages. */
  public synchronized String transcript() {
    StringBuilder text = new StringBuilder("--- claude stdout ---\n");
    lines.forEach(line -> text.append(line.isTextual() ? line.asText() : line).append('\n'));
    return text.append("--- claude stderr ---\n").append(stderr).toString();
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      kill();
    }
  }

  public static Predicate<JsonNode> isType(String type, String subtype) {
    return line ->
        line.path("type").asText().equals(type)
            && (subtype == null || line.path("subtype").asText().equals(subtype));
  }

  private void kill() {
    // Bash tool children would otherwise outlive the test.
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    try {
      process.waitFor(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private synchronized void awaitStdoutEnd(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!stdoutEnded && System.nanoTime() < deadline) {
      wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
    }
  }

  private synchronized void addLine(String line) {
    rawLines.add(line);
    lines.add(parse(line));
    notifyAll();
  }

  private synchronized void addStderr(String line) {
    stderr.append(line).append('\n');
  }

  private synchronized void endStdout() {
    stdoutEnded = true;
    notifyAll();
  }

  private void drain(String name, InputStream stream, Consumer<String> sink, Runnable atEnd) {
    Thread thread =
        new Thread(
            () -> {
              try (BufferedReader reader =
                  new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                  sink.accept(line);
                }
              } catch (IOException e) {
                // The process was killed; what was read is kept.
              } finally {
                atEnd.run();
              }
            },
            "claude-" + process.pid() + "-" + name);
    thread.setDaemon(true);
    thread.start();
  }

  private static JsonNode parse(String line) {
    try {
      JsonNode json = Json.mapper().readTree(line);
      return json == null || json.isMissingNode() ? TextNode.valueOf(line) : json;
    } catch (IOException e) {
      return TextNode.valueOf(line);
    }
  }
}

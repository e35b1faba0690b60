package dev.milktui.core.bench;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.LineSink;
import dev.milktui.core.protocol.MalformedLine;
import dev.milktui.core.protocol.NdjsonReader;
import dev.milktui.core.record.RecordFile;
import dev.milktui.core.turn.TurnAccumulator;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Memory per byte of the largest line: one tool-result line of N MB goes through what a live
 * session does with it (the reader, the session record, the turn accumulator, the last event kept
 * as the UI would), and the peak heap in use (sampled every 2 ms) and the process's peak RSS are
 * divided by the line's size. Figures, not assertions. Run by {@code scripts/bench memory}, one JVM
 * per size; the last line is {@code line_memory_<N>mb_heap_per_byte=… rss_per_byte=…}.
 */
public final class LineMemoryBenchmark {
  private LineMemoryBenchmark() {}

  public static void main(String[] args) throws Exception {
    int megabytes = Integer.parseInt(args[0]);
    long lineBytes = megabytes * 1_000_000L;
    Path dir = Files.createTempDirectory("milk-line-memory-");
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    System.gc();
    long heapBefore = memory.getHeapMemoryUsage().getUsed();
    long rssBefore = procStatus("VmRSS");
    AtomicLong peakHeap = new AtomicLong(heapBefore);
    Thread sampler =
        new Thread(
            () -> {
              while (!Thread.currentThread().isInterrupted()) {
                peakHeap.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                try {
                  Thread.sleep(2);
                } catch (InterruptedException e) {
                  return;
                }
              }
            });
    sampler.setDaemon(true);
    sampler.start();
    AtomicReference<SessionEvent> lastEvent = new AtomicReference<>();
    AtomicLong delivered = new AtomicLong();
    AtomicReference<String> failure = new AtomicReference<>();
    try (RecordFile record = RecordFile.open(dir.resolve("record.ndjson"), Clock.systemUTC())) {
      TurnAccumulator turns = new TurnAccumulator(lastEvent::set);
      new NdjsonReader(
              line(lineBytes),
              new LineSink() {
                @Override
                public void message(CliMessage message) {
                  delivered.incrementAndGet();
                  turns.accept(message);
                }

                @Override
                public void malformed(MalformedLine line) {
                  failure.set(line.reason());
                }

                @Override
                public void end(IOException error) {}

                @Override
                public void rawLine(byte[] bytes, int offset, int length) {
                  record.fromClaude(bytes, offset, length);
                }
              })
          .run();
    } finally {
      sampler.interrupt();
      sampler.join();
      try (var files = Files.list(dir)) {
        for (Path file : files.toList()) {
          Files.delete(file);
        }
      }
      Files.delete(dir);
    }
    long rssPeak = procStatus("VmHWM");
    System.out.printf(
        Locale.ROOT,
        "line %d MB: %d messages, %s; -Xmx %d MB; heap peak %.0f MB above the start; RSS peak %.0f"
            + " MB above the start%n",
        megabytes,
        delivered.get(),
        failure.get() == null ? "no line skipped" : "skipped: " + failure.get(),
        Runtime.getRuntime().maxMemory() >> 20,
        (peakHeap.get() - heapBefore) / 1e6,
        (rssPeak - rssBefore) / 1e6);
    System.out.printf(
        Locale.ROOT,
        "line_memory_%dmb_heap_per_byte=%.2f rss_per_byte=%.2f%n",
        megabytes,
        (peakHeap.get() - heapBefore) / (double) lineBytes,
        (rssPeak - rssBefore) / (double) lineBytes);
    lastEvent.set(null);
  }

  /** A user line holding one tool result of about {@code bytes}, then an ordinary line. */
  private static InputStream line(long bytes) {
    String head =
        "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\","
            + "\"tool_use_id\":\"toolu_big\",\"is_error\":false,\"content\":\"";
    String tail = "\"}]},\"session_id\":\"s\"}\n{\"type\":\"keep_alive\"}\n";
    return new SequenceInputStream(
        Collections.enumeration(
            List.of(
                new ByteArrayInputStream(head.getBytes(StandardCharsets.UTF_8)),
                new TextStream(bytes),
                new ByteArrayInputStream(tail.getBytes(StandardCharsets.UTF_8)))));
  }

  /** Kilobytes of a source-like text, each line ending in an escaped newline, made on demand. */
  private static final class TextStream extends InputStream {
    private static final byte[] PATTERN =
        "    return value.stream().map(x -> x * 2).toList(); // \\\"quoted\\\" é\\n"
            .getBytes(StandardCharsets.UTF_8);
    private long remaining;
    private int at;

    TextStream(long bytes) {
      remaining = bytes;
    }

    @Override
    public int read() {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) {
      if (remaining <= 0) {
        return -1;
      }
      int n = (int) Math.min(length, remaining);
      for (int i = 0; i < n; i++) {
        byte b = PATTERN[at];
        // A line must not end inside a multi-byte character or an escape.
        buffer[offset + i] = remaining - i <= PATTERN.length ? (byte) 'x' : b;
        at = (at + 1) % PATTERN.length;
      }
      remaining -= n;
      return n;
    }
  }

  private static long procStatus(String field) throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith(field + ":")) {
        return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
      }
    }
    return 0;
  }
}

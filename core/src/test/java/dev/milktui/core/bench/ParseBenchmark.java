package dev.milktui.core.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.LineSink;
import dev.milktui.core.protocol.MalformedLine;
import dev.milktui.core.protocol.NdjsonReader;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.turn.TurnAccumulator;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parse throughput of the full pipeline (NDJSON framing, typed parse, turn accumulator) against a
 * bare Jackson {@code readTree} loop over the same lines. Run by {@code scripts/bench-parse}; the
 * last line is {@code pipeline_mb_s=… jackson_tree_mb_s=… ratio=…}.
 *
 * <p>The input is real transcript lines repeated into a temporary file, streamed in and out, so the
 * heap stays small whatever the size.
 */
public final class ParseBenchmark {
  private static final int WARM_UP_PASSES = 2;
  private static final int MEASURED_PASSES = 3;

  private ParseBenchmark() {}

  public static void main(String[] args) throws IOException {
    long targetBytes = (args.length > 0 ? Long.parseLong(args[0]) : 256) * 1_000_000L;
    Path input = Files.createTempFile("milk-bench-", ".ndjson");
    try {
      long size = generate(input, targetBytes);
      System.out.printf(Locale.ROOT, "input: %s, %.1f MB%n", input, size / 1e6);
      for (int i = 0; i < WARM_UP_PASSES; i++) {
        jacksonTree(input);
        pipeline(input);
      }
      double jackson = 0;
      double pipeline = 0;
      for (int i = 0; i < MEASURED_PASSES; i++) {
        // Interleaved, best of each: both see the same machine noise and page cache.
        jackson = Math.max(jackson, mbPerSecond(size, () -> jacksonTree(input)));
        pipeline = Math.max(pipeline, mbPerSecond(size, () -> pipeline(input)));
        System.out.printf(
            Locale.ROOT,
            "pass %d: pipeline %.1f MB/s, jackson %.1f MB/s%n",
            i + 1,
            pipeline,
            jackson);
      }
      System.gc();
      Runtime runtime = Runtime.getRuntime();
      System.out.printf(
          Locale.ROOT,
          "heap_used_after_mb=%.1f max_heap_mb=%.0f%n",
          (runtime.totalMemory() - runtime.freeMemory()) / 1e6,
          runtime.maxMemory() / 1e6);
      System.out.printf(
          Locale.ROOT,
          "pipeline_mb_s=%.1f jackson_tree_mb_s=%.1f ratio=%.2f%n",
          pipeline,
          jackson,
          pipeline / jackson);
    } finally {
      Files.deleteIfExists(input);
    }
  }

  /** Writes whole transcripts, in turn, until {@code targetBytes}; returns the size written. */
  static long generate(Path file, long targetBytes) throws IOException {
    List<byte[]> transcripts = new ArrayList<>();
    for (String name : Recordings.names()) {
      transcripts.add(Files.readAllBytes(Recordings.ndjson(name)));
    }
    long written = 0;
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
      while (written < targetBytes) {
        for (byte[] transcript : transcripts) {
          out.write(transcript);
          written += transcript.length;
        }
      }
    }
    return written;
  }

  /** The baseline: lines from a BufferedReader, each to a tree, nothing else. */
  static long jacksonTree(Path file) {
    ObjectMapper mapper = new ObjectMapper();
    long nodes = 0;
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      while ((line = reader.readLine()) != null) {
        nodes += mapper.readTree(line).size();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return nodes;
  }

  /** What a live session does with claude's stdout, minus the UI. */
  static long pipeline(Path file) {
    long[] events = new long[1];
    TurnAccumulator accumulator = new TurnAccumulator(event -> events[0]++);
    LineSink sink =
        new LineSink() {
          @Override
          public void message(CliMessage message) {
            accumulator.accept(message);
          }

          @Override
          public void malformed(MalformedLine line) {
            throw new IllegalStateException("malformed benchmark line: " + line);
          }

          @Override
          public void end(IOException failure) {
            if (failure != null) {
              throw new UncheckedIOException(failure);
            }
          }
        };
    try (InputStream in = Files.newInputStream(file)) {
      new NdjsonReader(in, sink).run();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return events[0];
  }

  private static double mbPerSecond(long bytes, Runnable pass) {
    long start = System.nanoTime();
    pass.run();
    return bytes / 1e6 / ((System.nanoTime() - start) / 1e9);
  }
}

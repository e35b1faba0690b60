package dev.milktui.core.scan;

import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.LineSink;
import dev.milktui.core.protocol.MalformedLine;
import dev.milktui.core.protocol.NdjsonReader;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Reads a framing reader's lines (a scan's: {@link LineReading}) on worker threads and hands their
 * outcomes, in the file's order, to one consumer on the reading thread: reading a line is most of a
 * scan's work and depends on the line alone, while summing up depends on the order. Lines are
 * copied into batches of about {@link #BATCH_BYTES}, at most {@link #inFlight} of them at once and
 * each filled again once its outcomes are handed over, so memory does not grow with the file; a
 * longer line is read on the reading thread where it lies, once the lines before it are summed up,
 * and is never copied. With one processor everything runs on the reading thread. Unlike a live
 * session's sink it blocks the reader: it is for files, not a child's pipe. A line's bytes stay as
 * they are until its outcome is handed over, so an outcome may point into them.
 */
public final class OrderedLines<T> implements LineSink {
  /** What is made of one line; one instance per thread, so it may keep what it reuses. */
  public interface Work<T> {
    T read(byte[] bytes, int offset, int length, long lineNumber);

    /** A line over the cap, on the reading thread. */
    T malformed(MalformedLine line);
  }

  /** About how many bytes of lines a worker reads at once. */
  static final int BATCH_BYTES = 1024 * 1024;

  private static final AtomicInteger POOLS = new AtomicInteger();

  private final Consumer<T> consumer;
  private final Supplier<? extends Work<T>> work;
  private NdjsonReader reader;
  private final ExecutorService workers;
  private final int inFlight;
  private final Work<T> here;
  private final ArrayDeque<Submitted<T>> pending = new ArrayDeque<>();

  /** Batches whose outcomes were handed over, to be filled again: a megabyte each. */
  private final ArrayDeque<Batch> free = new ArrayDeque<>();

  private Batch batch;
  private IOException failure;

  private OrderedLines(Supplier<? extends Work<T>> work, Consumer<T> consumer, int workers) {
    this.work = work;
    this.here = work.get();
    this.consumer = consumer;
    this.workers = workers < 2 ? null : Executors.newFixedThreadPool(workers, threads());
    this.inFlight = 2 * workers;
  }

  /**
   * Reads {@code in} to its end, lines of up to {@code maxLineBytes}, on {@code workers} threads
   * (below 2, on this one), handing each line's outcome to {@code consumer} on this thread; a read
   * failure is thrown once the lines read before it are handed over. {@code work} makes each
   * thread's {@link Work}.
   */
  public static <T> void read(
      InputStream in,
      int maxLineBytes,
      int workers,
      Supplier<? extends Work<T>> work,
      Consumer<T> consumer)
      throws IOException {
    OrderedLines<T> lines = new OrderedLines<>(work, consumer, workers);
    try {
      lines.reader = NdjsonReader.framing(in, maxLineBytes, lines);
      lines.reader.run();
    } finally {
      if (lines.workers != null) {
        lines.workers.shutdownNow();
      }
    }
    if (lines.failure != null) {
      throw lines.failure;
    }
  }

  /** Threads that end with the read; a failure reaches the reading thread with its batch. */
  private static ThreadFactory threads() {
    int pool = POOLS.incrementAndGet();
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, "milk-tui-scan-" + pool + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  @Override
  public void rawLine(byte[] bytes, int offset, int length) {
    long lineNumber = reader.lines();
    if (workers == null || length > BATCH_BYTES) {
      drain(0);
      consumer.accept(here.read(bytes, offset, length, lineNumber));
      return;
    }
    if (batch != null && !batch.fits(length)) {
      submit();
    }
    if (batch == null) {
      batch = free.isEmpty() ? new Batch() : free.poll().emptied();
    }
    batch.add(bytes, offset, length, lineNumber);
  }

  /** A line over the cap. */
  @Override
  public void malformed(MalformedLine line) {
    drain(0);
    consumer.accept(here.malformed(line));
  }

  @Override
  public void end(IOException failure) {
    this.failure = failure;
    drain(0);
  }

  /** The reader frames lines only ({@code NdjsonReader.framing}): every line is a raw line. */
  @Override
  public void message(CliMessage message) {
    throw new IllegalStateException("a framing reader hands over raw lines only");
  }

  private void submit() {
    Batch full = batch;
    pending.add(new Submitted<>(full, workers.submit(() -> full.read(work.get()))));
    batch = null;
    drain(inFlight);
  }

  /** Sums up the oldest batches until at most {@code left} are in flight (0: the current too). */
  private void drain(int left) {
    if (left == 0 && batch != null) {
      submit();
    }
    while (pending.size() > left) {
      Submitted<T> oldest = pending.poll();
      for (T outcome : outcomes(oldest.outcomes())) {
        consumer.accept(outcome);
      }
      free.add(oldest.batch());
    }
  }

  private static <T> List<T> outcomes(Future<List<T>> batch) {
    try {
      return batch.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading lines", e);
    }
  }

  /** A batch and what its worker will make of it. */
  private record Submitted<T>(Batch batch, Future<List<T>> outcomes) {}

  /** Lines copied for a worker, each with its number. */
  private static final class Batch {
    private final byte[] bytes = new byte[BATCH_BYTES];
    private int used;
    private int count;
    private int[] offsets = new int[1024];
    private int[] lengths = new int[1024];
    private long[] numbers = new long[1024];

    Batch emptied() {
      used = 0;
      count = 0;
      return this;
    }

    boolean fits(int length) {
      return used + length <= bytes.length;
    }

    void add(byte[] line, int offset, int length, long number) {
      if (count == offsets.length) {
        offsets = Arrays.copyOf(offsets, count * 2);
        lengths = Arrays.copyOf(lengths, count * 2);
        numbers = Arrays.copyOf(numbers, count * 2);
      }
      System.arraycopy(line, offset, bytes, used, length);
      offsets[count] = used;
      lengths[count] = length;
      numbers[count] = number;
      used += length;
      count++;
    }

    <T> List<T> read(Work<T> reading) {
      List<T> outcomes = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        outcomes.add(reading.read(bytes, offsets[i], lengths[i], numbers[i]));
      }
      return outcomes;
    }
  }
}

package dev.milktui.core.ledger;

import dev.milktui.core.io.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.tinylog.Logger;

/**
 * The ledger on disk: each decision appended as one line to the day's file in {@link LedgerFolder},
 * which is created readable by the user only (folder 0700, files 0600), written in one append and
 * forced to the disk before {@link #record} returns. The writing happens on the thread {@code
 * milk-ledger}, so a disk that hangs costs the caller at most {@code bound} per decision; while an
 * earlier write still hangs, later ones queue behind it without waiting. A failure is reported once
 * (the return value of {@link #record}); later entries are still tried.
 */
public final class LedgerFile implements DecisionLedger, AutoCloseable {
  private final Path folder;
  private final Duration bound;
  private final ExecutorService writer;
  private final AtomicBoolean told = new AtomicBoolean();
  private volatile Future<?> stalled;

  // Owned by the writer thread.
  private Path openPath;
  private FileChannel channel;

  public LedgerFile(Path folder, Duration bound) {
    this.folder = folder;
    this.bound = bound;
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            1,
            1,
            1,
            TimeUnit.MINUTES,
            new LinkedBlockingQueue<>(),
            body -> {
              Thread thread = new Thread(body, "milk-ledger");
              thread.setDaemon(true);
              thread.setUncaughtExceptionHandler(
                  (t, e) -> Logger.error(e, "the decision ledger's writer failed"));
              return thread;
            });
    // The thread ends after a minute without decisions and comes back with the next one.
    pool.allowCoreThreadTimeOut(true);
    this.writer = pool;
  }

  /** The ledger in milk-tui's state folder, waiting at most two seconds for a write. */
  public static LedgerFile inStateFolder(Path stateDirectory) {
    return new LedgerFile(LedgerFolder.of(stateDirectory), Duration.ofSeconds(2));
  }

  public Path folder() {
    return folder;
  }

  @Override
  public Optional<String> record(Decision decision) {
    String line = DecisionLine.write(decision) + "\n";
    Future<?> write;
    try {
      write = writer.submit(() -> append(decision, line));
    } catch (RejectedExecutionException e) {
      return problem("the ledger is closed");
    }
    Future<?> behind = stalled;
    if (behind != null && !behind.isDone()) {
      return Optional.empty();
    }
    try {
      write.get(bound.toMillis(), TimeUnit.MILLISECONDS);
      stalled = null;
      return Optional.empty();
    } catch (TimeoutException e) {
      stalled = write;
      return problem("writing to " + folder + " took over " + bound.toMillis() + " ms");
    } catch (ExecutionException e) {
      return problem(String.valueOf(e.getCause().getMessage()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return problem("interrupted while writing");
    }
  }

  private Optional<String> problem(String why) {
    Logger.warn("decision ledger: {}", why);
    if (told.getAndSet(true)) {
      return Optional.empty();
    }
    return Optional.of(
        "The decision ledger could not be written ("
            + why
            + "); decisions are still answered, but may be missing from `milk-tui decisions`.");
  }

  private Void append(Decision decision, String line) throws IOException {
    Path path = LedgerFolder.dayFile(folder, decision.time());
    if (!path.equals(openPath) || channel == null) {
      closeChannel();
      channel = open(path);
      openPath = path;
    }
    ByteBuffer bytes = ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8));
    try {
      while (bytes.hasRemaining()) {
        channel.write(bytes);
      }
      channel.force(false);
    } catch (IOException e) {
      closeChannel();
      throw e;
    }
    return null;
  }

  /**
   * Opens the day's file for appending; a last line torn by a crash gets its line end first, so the
   * next entry is not glued to it.
   */
  private static FileChannel open(Path path) throws IOException {
    OwnerOnlyFiles.createFileIfMissing(path);
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
    try {
      long size = channel.size();
      if (size > 0) {
        ByteBuffer last = ByteBuffer.allocate(1);
        channel.read(last, size - 1);
        if (last.get(0) != '\n') {
          channel.write(ByteBuffer.wrap(new byte[] {'\n'}), size);
        }
      }
      channel.close();
      return FileChannel.open(path, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      channel.close();
      throw e;
    }
  }

  private void closeChannel() {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException e) {
        Logger.debug(e, "closing the ledger file");
      }
      channel = null;
      openPath = null;
    }
  }

  /** Waits a little for queued entries, then stops the writer. */
  @Override
  public void close() {
    writer.execute(this::closeChannel);
    writer.shutdown();
    try {
      writer.awaitTermination(bound.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

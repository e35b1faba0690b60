package dev.milktui.tui.work;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.tinylog.Logger;

/**
 * The one pool for the UI's slow work (export, session listing, the file index, trust and history
 * writes, rule saves): named daemon threads, ended when idle, never the common fork-join pool. What
 * a job finds comes back to the UI thread through {@code back} (the event pump's door), so no
 * worker touches UI state.
 */
public final class Workers implements Executor {
  private static final AtomicInteger POOLS = new AtomicInteger();

  private final Executor pool;
  private final Executor back;

  /**
   * @param pool where jobs run: {@link #pool()}, or the caller's thread in a test
   * @param back runs a result on the UI thread, later
   */
  public Workers(Executor pool, Executor back) {
    this.pool = pool;
    this.back = back;
  }

  /**
   * The UI's worker threads: named {@code milk-tui-worker-P-N}, daemons, at most four, ended after
   * a minute idle; an uncaught failure is logged (a job's own failure goes back to the UI).
   */
  public static Executor pool() {
    int id = POOLS.incrementAndGet();
    AtomicInteger count = new AtomicInteger();
    ThreadPoolExecutor executor =
        new ThreadPoolExecutor(
            4,
            4,
            1,
            TimeUnit.MINUTES,
            new LinkedBlockingQueue<>(),
            body -> {
              Thread thread =
                  new Thread(body, "milk-tui-worker-" + id + "-" + count.incrementAndGet());
              thread.setDaemon(true);
              thread.setUncaughtExceptionHandler(
                  (t, e) -> Logger.error(e, "uncaught on {}", t.getName()));
              return thread;
            });
    executor.allowCoreThreadTimeOut(true);
    return executor;
  }

  /** Runs {@code job} on a worker, no result. */
  @Override
  public void execute(Runnable job) {
    pool.execute(job);
  }

  /**
   * Runs {@code job} on a worker; its value, or its failure, is handed to {@code done} on the UI
   * thread.
   */
  public <T> CompletableFuture<T> submit(Callable<T> job, Consumer<Outcome<T>> done) {
    CompletableFuture<T> future = new CompletableFuture<>();
    pool.execute(
        () -> {
          Outcome<T> outcome;
          try {
            T value = job.call();
            future.complete(value);
            outcome = Outcome.of(value);
          } catch (Exception e) {
            future.completeExceptionally(e);
            outcome = Outcome.failed(e);
          }
          Outcome<T> result = outcome;
          back.execute(() -> done.accept(result));
        });
    return future;
  }

  /** Runs {@code report} on the UI thread, later: how a running job tells what it does. */
  public void report(Runnable report) {
    back.execute(report);
  }

  /** What a job returned, or why it failed. */
  public record Outcome<T>(T value, Throwable failure) {
    static <T> Outcome<T> of(T value) {
      return new Outcome<>(value, null);
    }

    static <T> Outcome<T> failed(Throwable failure) {
      return new Outcome<>(null, failure);
    }

    public boolean ok() {
      return failure == null;
    }

    /** The failure's own message, for the user. */
    public String reason() {
      return String.valueOf(failure.getMessage());
    }
  }
}

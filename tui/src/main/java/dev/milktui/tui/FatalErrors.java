package dev.milktui.tui;

import com.googlecode.lanterna.gui2.TextGUIThread;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.tinylog.Logger;

/**
 * Catches what would otherwise print a stack trace over the screen: any throwable a thread does not
 * handle is logged instead, and an {@link Error} (above all OutOfMemoryError) or the end of the GUI
 * thread becomes fatal, so the launcher stops the screen, restores the terminal and then says what
 * happened. Installed as the default handler while the screen is up.
 */
public final class FatalErrors implements Thread.UncaughtExceptionHandler, AutoCloseable {
  private final CompletableFuture<Throwable> fatal = new CompletableFuture<>();
  private final Thread.UncaughtExceptionHandler previous;
  private volatile Thread guiThread;

  private FatalErrors(Thread.UncaughtExceptionHandler previous) {
    this.previous = previous;
  }

  static FatalErrors install() {
    FatalErrors errors = new FatalErrors(Thread.getDefaultUncaughtExceptionHandler());
    Thread.setDefaultUncaughtExceptionHandler(errors);
    return errors;
  }

  /** Its death ends the UI, whatever killed it: nothing would draw or read keys any more. */
  void watch(TextGUIThread thread) {
    guiThread = thread.getThread();
  }

  @Override
  public void uncaughtException(Thread thread, Throwable error) {
    Logger.error(error, "thread {} died", thread.getName());
    if (error instanceof Error || thread == guiThread) {
      fatal.complete(error);
    }
  }

  /** Completes with the first fatal error. */
  CompletableFuture<Throwable> fatal() {
    return fatal;
  }

  Optional<Throwable> error() {
    return Optional.ofNullable(fatal.getNow(null));
  }

  /** What to tell the user once the terminal is back. */
  public static String describe(Throwable error) {
    if (error instanceof OutOfMemoryError) {
      return "milk-tui ran out of memory ("
          + error.getMessage()
          + ") and stopped. Give Java more, e.g. MILK_TUI_JAVA_OPTS=-Xmx2g scripts/milk-tui.";
    }
    return "milk-tui stopped on an internal error: " + error;
  }

  @Override
  public void close() {
    Thread.setDefaultUncaughtExceptionHandler(previous);
  }
}

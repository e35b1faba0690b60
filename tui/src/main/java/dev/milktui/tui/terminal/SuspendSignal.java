package dev.milktui.tui.terminal;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.util.function.Consumer;
import org.tinylog.Logger;

/**
 * Ctrl+Z (SIGTSTP). The JVM leaves the signal at its default, which stops the process at once with
 * the terminal raw and on the alternate screen. Java has no public signal API; sun.misc.Signal
 * (module jdk.unsupported, in every JDK 17) does it. It is reached reflectively because javac warns
 * on each direct use of it and the build treats warnings as errors.
 */
final class SuspendSignal {
  private SuspendSignal() {}

  /**
   * Calls {@code onSuspend} (on the signal's thread) when the user presses Ctrl+Z, with the action
   * that stops the process; it must put the terminal back first. False where the signal cannot be
   * caught.
   */
  static boolean install(Consumer<Runnable> onSuspend) {
    try {
      Class<?> signalClass = Class.forName("sun.misc.Signal");
      Class<?> handlerClass = Class.forName("sun.misc.SignalHandler");
      Object handler =
          Proxy.newProxyInstance(
              handlerClass.getClassLoader(),
              new Class<?>[] {handlerClass},
              (proxy, method, args) -> {
                return switch (method.getName()) {
                  case "handle" -> {
                    onSuspend.accept(SuspendSignal::stop);
                    yield null;
                  }
                  case "equals" -> proxy == args[0];
                  case "hashCode" -> System.identityHashCode(proxy);
                  default -> "milk-tui Ctrl+Z";
                };
              });
      signalClass
          .getMethod("handle", signalClass, handlerClass)
          .invoke(null, signalClass.getConstructor(String.class).newInstance("TSTP"), handler);
      return true;
    } catch (ReflectiveOperationException | RuntimeException e) {
      Logger.info(e, "Ctrl+Z cannot be caught here; it will stop milk-tui without restoring");
      return false;
    }
  }

  /**
   * Stops the process as Ctrl+Z would have; returns once it is continued ({@code fg}). SIGSTOP,
   * because sun.misc.Signal cannot raise a signal it does not handle, and SIGTSTP back at its
   * default could reach the handler again once reinstalled.
   */
  private static void stop() {
    try {
      Process kill =
          new ProcessBuilder("kill", "-STOP", Long.toString(ProcessHandle.current().pid()))
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      kill.waitFor();
    } catch (IOException e) {
      Logger.warn(e, "could not stop on Ctrl+Z");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

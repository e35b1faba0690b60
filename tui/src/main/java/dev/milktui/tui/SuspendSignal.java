package dev.milktui.tui;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
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
  private final Object signal;
  private final Object handler;
  private final Object defaultHandler;
  private final Method handle;
  private final Method raise;

  private SuspendSignal(Consumer<Runnable> onSuspend) throws ReflectiveOperationException {
    Class<?> signalClass = Class.forName("sun.misc.Signal");
    Class<?> handlerClass = Class.forName("sun.misc.SignalHandler");
    signal = signalClass.getConstructor(String.class).newInstance("TSTP");
    defaultHandler = handlerClass.getField("SIG_DFL").get(null);
    handler =
        Proxy.newProxyInstance(
            handlerClass.getClassLoader(),
            new Class<?>[] {handlerClass},
            (proxy, method, args) -> {
              if (method.getName().equals("handle")) {
                onSuspend.accept(this::stop);
                return null;
              }
              return method.invoke(this, args);
            });
    handle = signalClass.getMethod("handle", signalClass, handlerClass);
    raise = signalClass.getMethod("raise", signalClass);
  }

  /**
   * Calls {@code onSuspend} (on the signal's thread) when the user presses Ctrl+Z, with the action
   * that stops the process; it must put the terminal back first. False where the signal cannot be
   * caught.
   */
  static boolean install(Consumer<Runnable> onSuspend) {
    try {
      SuspendSignal suspend = new SuspendSignal(onSuspend);
      suspend.handle.invoke(null, suspend.signal, suspend.handler);
      return true;
    } catch (ReflectiveOperationException | RuntimeException e) {
      Logger.info(e, "Ctrl+Z cannot be caught here; it will stop milk-tui without restoring");
      return false;
    }
  }

  /** Stops the process as Ctrl+Z would have; returns once it is continued ({@code fg}). */
  private void stop() {
    try {
      handle.invoke(null, signal, defaultHandler);
      try {
        raise.invoke(null, signal);
      } finally {
        handle.invoke(null, signal, handler);
      }
    } catch (IllegalAccessException | InvocationTargetException e) {
      Logger.warn(e, "could not stop on Ctrl+Z");
    }
  }
}

package dev.milktui.tui;

import com.googlecode.lanterna.gui2.TextGUIThread;
import java.io.IOException;
import java.util.function.Consumer;
import org.tinylog.Logger;

/**
 * What the GUI thread does with an error a task threw: a terminal that fails ends the UI (the
 * launcher restores it); any other error is logged and told to the user, and the UI goes on.
 */
final class GuiErrors implements TextGUIThread.ExceptionHandler {
  private final Runnable stop;
  private final Consumer<String> tell;

  GuiErrors(Runnable stop, Consumer<String> tell) {
    this.stop = stop;
    this.tell = tell;
  }

  @Override
  public boolean onIOException(IOException e) {
    Logger.error(e, "terminal I/O failed; stopping the UI");
    stop.run();
    return true;
  }

  @Override
  public boolean onRuntimeException(RuntimeException e) {
    Logger.error(e, "error on the GUI thread");
    tell.accept("Internal error: " + e + " (details in the log)");
    return false;
  }
}

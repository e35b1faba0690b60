package dev.milktui.tui.terminal;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import dev.milktui.tui.text.LinePainter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * The graphics a window is drawn with, blanking its area cheaply. Lanterna blanks a window's whole
 * area before each frame with a new plain cell, and then works that cell's width out from Unicode
 * tables twice for each cell it covers (the cell set and the one before it); for the full-screen
 * main window that was a fifth of a redraw. Here the blank is a cell that knows its width. Every
 * other call goes to Lanterna's graphics unchanged; the panes draw on graphics made from those.
 */
public final class FrameGraphics {
  private FrameGraphics() {}

  /** {@code graphics}, with {@code fill} drawing a cell that knows its width. */
  public static TextGUIGraphics of(TextGUIGraphics graphics) {
    TextGUIGraphics[] self = new TextGUIGraphics[1];
    self[0] =
        (TextGUIGraphics)
            Proxy.newProxyInstance(
                TextGUIGraphics.class.getClassLoader(),
                new Class<?>[] {TextGUIGraphics.class},
                (proxy, method, args) -> {
                  if (isFill(method)) {
                    fill(graphics, (char) args[0]);
                    return proxy;
                  }
                  Object result = invoke(graphics, method, args);
                  // Lanterna's graphics return themselves to chain calls: so does this one.
                  return result == graphics ? self[0] : result;
                });
    return self[0];
  }

  private static boolean isFill(Method method) {
    return method.getName().equals("fill")
        && method.getParameterCount() == 1
        && method.getParameterTypes()[0] == char.class;
  }

  private static void fill(TextGUIGraphics graphics, char c) {
    graphics.fillRectangle(
        TerminalPosition.TOP_LEFT_CORNER, graphics.getSize(), LinePainter.blank(graphics, c));
  }

  private static Object invoke(TextGUIGraphics graphics, Method method, Object[] args)
      throws Throwable {
    try {
      return method.invoke(graphics, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}

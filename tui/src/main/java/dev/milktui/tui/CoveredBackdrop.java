package dev.milktui.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AbstractComponent;
import com.googlecode.lanterna.gui2.ComponentRenderer;
import com.googlecode.lanterna.gui2.TextGUIGraphics;

/**
 * What lies behind the windows: nothing is drawn there, since the main window is full screen and
 * covers every cell. Lanterna's default backdrop would fill the whole screen before each frame, and
 * every cell would be drawn twice.
 */
public final class CoveredBackdrop extends AbstractComponent<CoveredBackdrop> {
  @Override
  protected ComponentRenderer<CoveredBackdrop> createDefaultRenderer() {
    return new ComponentRenderer<>() {
      @Override
      public TerminalSize getPreferredSize(CoveredBackdrop component) {
        return TerminalSize.ONE;
      }

      @Override
      public void drawComponent(TextGUIGraphics graphics, CoveredBackdrop component) {}
    };
  }
}

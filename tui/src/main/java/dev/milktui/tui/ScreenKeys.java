package dev.milktui.tui;

import com.googlecode.lanterna.gui2.Interactable;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowBasedTextGUI;
import com.googlecode.lanterna.gui2.WindowListener;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.input.MouseAction;
import com.googlecode.lanterna.screen.Screen;
import dev.milktui.tui.app.Action;
import dev.milktui.tui.keys.KeyMap;
import dev.milktui.tui.tools.ToolPane;
import dev.milktui.tui.transcript.Transcript;
import dev.milktui.tui.transcript.TranscriptView;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.tinylog.Logger;

/**
 * Where a key goes: the global keys (and the wheel) whatever window is active, the main screen's
 * keys when no dialog is up, both looked up in {@link KeyMap}. The view's own actions (redraw,
 * thinking, panes, paging) are done here; every other action goes to the model.
 */
final class ScreenKeys {
  private final WindowBasedTextGUI gui;
  private final KeyMap keys;
  private final Window window;
  private final InputBox input;
  private final TranscriptView transcriptView;
  private final Transcript transcript;
  private final ToolPane toolPane;
  private final MouseWheel wheel;
  private final Consumer<Action> model;

  ScreenKeys(
      WindowBasedTextGUI gui,
      KeyMap keys,
      Window window,
      InputBox input,
      TranscriptView transcriptView,
      Transcript transcript,
      ToolPane toolPane,
      MouseWheel wheel,
      Consumer<Action> model) {
    this.gui = gui;
    this.keys = keys;
    this.window = window;
    this.input = input;
    this.transcriptView = transcriptView;
    this.transcript = transcript;
    this.toolPane = toolPane;
    this.wheel = wheel;
    this.model = model;
  }

  /** The main window's listener: global keys, then the main screen's. */
  WindowListener mainListener() {
    return new WindowListenerAdapter() {
      @Override
      public void onInput(Window w, KeyStroke key, AtomicBoolean deliver) {
        if (global(key) || main(key)) {
          deliver.set(false);
        }
      }
    };
  }

  /** Keys that work whatever window is active. */
  boolean global(KeyStroke key) {
    if (key instanceof MouseAction mouse) {
      wheel.scroll(mouse);
      return true;
    }
    return keys.action(key, KeyMap.Context.GLOBAL, false).map(this::act).isPresent();
  }

  private boolean main(KeyStroke key) {
    if (MainLayout.tooSmall(gui.getScreen().getTerminalSize())) {
      return true;
    }
    Interactable focused = window.getFocusedInteractable();
    KeyType type = key.getKeyType();
    if (focused == input
        && (input.searching()
            || input.completing() && (type == KeyType.Escape || type == KeyType.Tab))) {
      return false;
    }
    if (focused == transcriptView && transcriptView.searching()) {
      return false;
    }
    return keys.action(key, KeyMap.Context.MAIN, focused == input)
        .filter(
            action ->
                !((action == Action.PAGE_UP || action == Action.PAGE_DOWN) && focused == toolPane))
        .map(this::act)
        .isPresent();
  }

  /** The view's own keys here; the rest to the model. */
  private Action act(Action action) {
    switch (action) {
      case REDRAW -> redraw();
      case TOGGLE_THINKING -> {
        transcript.setThinkingCollapsed(!transcript.thinkingCollapsed());
        transcriptView.contentChanged();
      }
      case NEXT_PANE -> {
        Interactable focused = window.getFocusedInteractable();
        window.setFocusedInteractable(
            focused == input ? transcriptView : focused == transcriptView ? toolPane : input);
      }
      case PAGE_UP -> transcriptView.pageUp();
      case PAGE_DOWN -> transcriptView.pageDown();
      case HISTORY_SEARCH -> {
        window.setFocusedInteractable(input);
        input.searchHistory();
      }
      case SEARCH -> {
        Interactable before = window.getFocusedInteractable();
        window.setFocusedInteractable(transcriptView);
        transcriptView.openSearch(() -> window.setFocusedInteractable(before));
      }
      default -> model.accept(action);
    }
    return action;
  }

  private void redraw() {
    window.invalidate();
    try {
      gui.getScreen().refresh(Screen.RefreshType.COMPLETE);
    } catch (IOException e) {
      Logger.warn(e, "redraw failed");
    }
  }
}

package dev.milktui.tui;

import com.googlecode.lanterna.gui2.Window;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.text.LogText;
import dev.milktui.tui.tools.ToolPane;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import org.tinylog.Logger;

/**
 * What the panes take from a session event directly, beside the model: the tool pane's rows, the
 * running turn's count of streamed text, the folder claude works in.
 */
final class PaneFeed {
  private final ToolPane toolPane;
  private final TurnSpinner spinner;
  private final Window window;
  private final EffectRunner runner;

  PaneFeed(ToolPane toolPane, TurnSpinner spinner, Window window, EffectRunner runner) {
    this.toolPane = toolPane;
    this.spinner = spinner;
    this.window = window;
    this.runner = runner;
  }

  /** The clock's second: running tools' elapsed time and the spinner; true while a tool runs. */
  boolean tick() {
    boolean running = toolPane.anyRunning();
    if (running) {
      toolPane.invalidate();
    }
    if (spinner.active()) {
      spinner.invalidate();
    }
    return running;
  }

  void apply(SessionEvent event) {
    if (event instanceof SessionEvent.TextDelta d) {
      spinner.streamed(d.text());
    } else if (event instanceof SessionEvent.ThinkingDelta d) {
      spinner.streamed(d.text());
    } else if (event instanceof SessionEvent.ToolStarted t) {
      toolPane.show(t.call());
    } else if (event instanceof SessionEvent.ToolInputReady t) {
      toolPane.show(t.call());
    } else if (event instanceof SessionEvent.ToolFinished t) {
      toolPane.show(t.call());
    } else if (event instanceof SessionEvent.ToolProgressed p) {
      toolPane.progress(p.toolUseId(), p.elapsedSeconds(), p.note());
    } else if (event instanceof SessionEvent.ConversationCleared) {
      toolPane.clear();
    } else if (event instanceof SessionEvent.TasksChanged) {
      window.invalidate();
    } else if (event instanceof SessionEvent.TurnStarted t) {
      try {
        runner.workingDirectory(t.cwd() == null ? null : Path.of(t.cwd()));
      } catch (InvalidPathException e) {
        runner.workingDirectory(null);
      }
    } else if (event instanceof SessionEvent.Malformed m) {
      // The parser's reason can quote the line, so only where it was and how long it is.
      Logger.warn(
          "malformed line {} from claude: {}",
          m.line().lineNumber(),
          LogText.elided(m.line().excerpt()));
    }
  }
}

package dev.milktui.tui.bench;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.MultiWindowTextGUI;
import com.googlecode.lanterna.gui2.SameTextGUIThread;
import com.googlecode.lanterna.screen.Screen;
import com.googlecode.lanterna.screen.TerminalScreen;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.tui.TuiConfig;
import dev.milktui.tui.TuiController;
import dev.milktui.tui.terminal.TerminalInputScreen;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Terminal output: the real controller draws on an ANSI terminal that counts bytes, one frame per
 * streamed token (the worst case for diffing: nothing coalesces). After every frame the same screen
 * content is also painted in full by Lanterna's complete refresh on a second counting terminal, the
 * full-repaint renderer Lanterna's diffing is compared with.
 */
public final class TerminalOutputBenchmark {
  private static final int COLUMNS = 120;
  private static final int ROWS = 40;
  private static final String[] TOKENS = {
    "The ",
    "answer ",
    "streams ",
    "in, ",
    "token ",
    "by ",
    "token; ",
    "each ",
    "one ",
    "is ",
    "drawn ",
    "at ",
    "once.",
    "\n"
  };

  private TerminalOutputBenchmark() {}

  public static void main(String[] args) throws Exception {
    int tokens = Integer.getInteger("bench.tokens", 5_000);
    Path dir = Files.createTempDirectory("milk-bench-output");
    CountingAnsiTerminal terminal = CountingAnsiTerminal.of(COLUMNS, ROWS);
    TerminalScreen screen = new TerminalInputScreen(terminal);
    screen.startScreen();
    MultiWindowTextGUI gui = new MultiWindowTextGUI(new SameTextGUIThread.Factory(), screen);
    AtomicReference<Consumer<SessionEvent>> listener = new AtomicReference<>();
    TuiController controller =
        new TuiController(
            gui,
            TuiConfig.defaults().withHistoryFile(dir.resolve("history")),
            (l, resume) -> {
              listener.set(l);
              return new QuietSession();
            });
    controller.start(Optional.empty());
    gui.getGUIThread().processEventsAndUpdate();

    CountingAnsiTerminal fullTerminal = CountingAnsiTerminal.of(COLUMNS, ROWS);
    TerminalScreen full = new TerminalScreen(fullTerminal);
    full.startScreen();

    // A session already under way: earlier turns fill the transcript and the tool pane.
    for (int t = 0; t < 5; t++) {
      Turns.turn(listener.get(), t, 30, 3);
    }
    listener.get().accept(new SessionEvent.UserPrompt("and now a long answer", false));
    gui.getGUIThread().processEventsAndUpdate();

    long diffBytes = 0;
    long fullBytes = 0;
    for (int i = 0; i < tokens; i++) {
      listener.get().accept(new SessionEvent.TextDelta("msg_stream", 0, TOKENS[i % TOKENS.length]));
      if (i % 250 == 249) {
        String id = "stream_" + i;
        listener
            .get()
            .accept(new SessionEvent.ToolStarted(Turns.call(id, ToolOutcome.RUNNING, "")));
        listener
            .get()
            .accept(new SessionEvent.ToolFinished(Turns.call(id, ToolOutcome.OK, "done")));
      }
      long before = terminal.bytes();
      gui.getGUIThread().processEventsAndUpdate();
      diffBytes += terminal.bytes() - before;

      long fullBefore = fullTerminal.bytes();
      copy(screen, full);
      full.refresh(Screen.RefreshType.COMPLETE);
      fullBytes += fullTerminal.bytes() - fullBefore;
    }
    double perToken = (double) diffBytes / tokens;
    double fullPerToken = (double) fullBytes / tokens;
    Figures.info("output.tokens", tokens);
    Figures.info("output.screen_cells", COLUMNS * ROWS);
    Figures.info("output.bytes_per_token", perToken);
    Figures.info("output.full_repaint_bytes_per_token", fullPerToken);
    Figures.atMost("output.ratio_to_full_repaint", perToken / fullPerToken, 0.1);
    screen.stopScreen();
    full.stopScreen();
  }

  private static void copy(Screen from, Screen to) {
    TerminalSize size = from.getTerminalSize();
    for (int row = 0; row < size.getRows(); row++) {
      for (int col = 0; col < size.getColumns(); col++) {
        to.setCharacter(col, row, from.getFrontCharacter(new TerminalPosition(col, row)));
      }
    }
    to.setCursorPosition(from.getCursorPosition());
  }
}

package dev.milktui.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.gui2.DefaultWindowManager;
import com.googlecode.lanterna.gui2.MultiWindowTextGUI;
import com.googlecode.lanterna.gui2.SameTextGUIThread;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.history.PastSession;
import dev.milktui.core.session.Session;
import dev.milktui.tui.dialog.GrantSaver;
import dev.milktui.tui.terminal.TerminalInputScreen;
import dev.milktui.tui.text.LinePainter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The UI on a virtual terminal, driven from the test thread: events go in through the session
 * listener, keys through the terminal, and the screen is read back as text.
 */
final class Harness {
  final DefaultVirtualTerminal vt;
  final MultiWindowTextGUI gui;
  final TuiController controller;
  final List<FakeSession> sessions = new ArrayList<>();
  final List<Optional<String>> opened = new ArrayList<>();
  final MutableClock clock = new MutableClock();
  volatile List<PastSession> pastSessions = List.of();

  /** Workspaces the UI trusted (on its worker), in order. */
  final List<Path> trusted = new CopyOnWriteArrayList<>();

  /** How the app writes trust; by default nothing is written, the file named is made up. */
  volatile Truster truster = workspace -> Path.of("/home/u/.claude.json");

  /** The app's trust write, as a test gives it. */
  interface Truster {
    Path trust(Path workspace) throws Exception;
  }

  int redraws;
  private Consumer<SessionEvent> listener;

  /** Dialogs take keys at once here; tests of the input pause pass a config with one. */
  Harness(int columns, int rows) {
    this(columns, rows, TuiConfig.defaults().withDialogInputPause(Duration.ZERO));
  }

  Harness(int columns, int rows, TuiConfig config) {
    this(new DefaultVirtualTerminal(new TerminalSize(columns, rows)), config);
  }

  /** On a given virtual terminal (e.g. one that records what is written to it). */
  Harness(DefaultVirtualTerminal terminal, TuiConfig config) {
    this(terminal, config, Optional.empty());
  }

  /** A session that takes no messages (a replay), its box showing {@code readOnly}. */
  static Harness readOnly(int columns, int rows, String readOnly) {
    return new Harness(
        new DefaultVirtualTerminal(new TerminalSize(columns, rows)),
        TuiConfig.defaults().withDialogInputPause(Duration.ZERO),
        Optional.of(readOnly));
  }

  private Harness(DefaultVirtualTerminal terminal, TuiConfig config, Optional<String> readOnly) {
    try {
      vt = terminal;
      TerminalScreen screen = new TerminalInputScreen(vt, false, config.hyperlinks());
      screen.startScreen();
      gui =
          new MultiWindowTextGUI(
              new SameTextGUIThread.Factory(),
              screen,
              new DefaultWindowManager(),
              null,
              new CoveredBackdrop()) {
            @Override
            public synchronized void updateScreen() throws IOException {
              redraws++;
              super.updateScreen();
            }
          };
      controller =
          new TuiController(
              gui,
              config.withClock(clock),
              new SessionFactory() {
                @Override
                public Session open(Consumer<SessionEvent> l, Optional<String> resume) {
                  listener = l;
                  opened.add(resume);
                  FakeSession s = new FakeSession();
                  sessions.add(s);
                  return s;
                }

                @Override
                public List<PastSession> pastSessions() {
                  return pastSessions;
                }

                @Override
                public Optional<String> readOnly() {
                  return readOnly;
                }

                @Override
                public Path trust(Path workspace) throws Exception {
                  Path file = truster.trust(workspace);
                  trusted.add(workspace);
                  return file;
                }
              });
      controller.start(Optional.empty());
      pump();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * No input pause, settings written at once on the GUI thread, and every "allow always" save noted
   * in {@code saved}.
   */
  static Harness savingRules(int columns, int rows, List<List<String>> saved) {
    return savingRules(columns, rows, DialogsTest.saver(saved));
  }

  /** "Allow always" saves through {@code saver}, on the test's thread. */
  static Harness savingRules(int columns, int rows, GrantSaver saver) {
    return new Harness(
        columns,
        rows,
        TuiConfig.defaults()
            .withDialogInputPause(Duration.ZERO)
            .withWorkers(Runnable::run)
            .withGrantSaver(saver));
  }

  /** claude reports that it ignores the project's rules of this untrusted workspace. */
  Harness untrusted(Path workspace) {
    return events(
        new SessionEvent.WorkspaceUntrusted(
            workspace.toString(), "Ignoring 1 permissions.allow entry"));
  }

  /** Pumps until the UI has trusted a workspace (the write runs on a worker), bounded. */
  boolean trustedSoon() {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (trusted.isEmpty() && System.nanoTime() < deadline) {
      pump();
      Thread.onSpinWait();
    }
    pump();
    return !trusted.isEmpty();
  }

  FakeSession session() {
    return sessions.get(sessions.size() - 1);
  }

  /** Delivers events as the session would (any thread), then lets the GUI thread run. */
  Harness events(SessionEvent... events) {
    for (SessionEvent e : events) {
      listener.accept(e);
    }
    return pump();
  }

  Consumer<SessionEvent> listener() {
    return listener;
  }

  Harness pump() {
    try {
      for (int i = 0; i < 3; i++) {
        gui.getGUIThread().processEventsAndUpdate();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  /** Pumps until the screen shows {@code text} (work done off the GUI thread), bounded. */
  Harness awaitScreen(String text) {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (!screen().contains(text) && System.nanoTime() < deadline) {
      pump();
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    return this;
  }

  Harness key(KeyStroke key) {
    vt.addInput(key);
    return pump();
  }

  Harness key(KeyType type) {
    return key(new KeyStroke(type));
  }

  Harness ctrl(char c) {
    return key(new KeyStroke(c, true, false));
  }

  Harness alt(char c) {
    return key(new KeyStroke(c, false, true));
  }

  Harness type(String text) {
    for (char c : text.toCharArray()) {
      vt.addInput(new KeyStroke(c, false, false));
    }
    return pump();
  }

  Harness resize(int columns, int rows) {
    vt.setTerminalSize(new TerminalSize(columns, rows));
    return pump();
  }

  String screen() {
    return DialogScreen.text(vt);
  }

  List<TextCharacter> cells() {
    TerminalSize size = vt.getTerminalSize();
    List<TextCharacter> cells = new ArrayList<>();
    for (int row = 0; row < size.getRows(); row++) {
      for (int col = 0; col < size.getColumns(); col++) {
        cells.add(vt.getCharacter(col, row));
      }
    }
    return cells;
  }

  /**
   * The text of the cells on the screen that link to {@code url}, row by row, in reading order: as
   * the frame writer would write them between an OSC 8 open and close.
   */
  String linked(String url) {
    StringBuilder out = new StringBuilder();
    for (int row = 0; row < vt.getTerminalSize().getRows(); row++) {
      out.append(linked(url, row));
    }
    return out.toString();
  }

  /** As {@link #linked(String)}, on screen row {@code row} alone. */
  String linked(String url, int row) {
    StringBuilder out = new StringBuilder();
    for (int col = 0; col < vt.getTerminalSize().getColumns(); col++) {
      TextCharacter cell = gui.getScreen().getFrontCharacter(col, row);
      if (url.equals(LinePainter.linkOf(cell))) {
        out.append(cell.getCharacterString());
      }
    }
    return out.toString();
  }

  /** Whether any cell of screen row {@code row} is linked. */
  boolean anyLinked(int row) {
    for (int col = 0; col < vt.getTerminalSize().getColumns(); col++) {
      if (LinePainter.linkOf(gui.getScreen().getFrontCharacter(col, row)) != null) {
        return true;
      }
    }
    return false;
  }

  /** The last screen row whose text contains {@code text}, or -1. */
  int rowWith(String text) {
    String[] lines = screen().split("\n", -1);
    for (int row = lines.length - 1; row >= 0; row--) {
      if (lines[row].contains(text)) {
        return row;
      }
    }
    return -1;
  }

  /** A clock the test moves by hand. */
  static final class MutableClock extends Clock {
    private Instant now = Instant.parse("2026-01-01T00:00:00Z");

    void advance(Duration d) {
      now = now.plus(d);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }
  }
}

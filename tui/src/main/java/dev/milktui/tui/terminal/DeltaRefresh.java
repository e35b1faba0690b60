package dev.milktui.tui.terminal;

import com.googlecode.lanterna.SGR;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.screen.ScreenBuffer;
import com.googlecode.lanterna.terminal.Terminal;
import dev.milktui.tui.text.LinePainter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Writes to the terminal the cells of the next frame that differ from the last one, as Lanterna's
 * own delta refresh does, at a fraction of its cost: Lanterna sorts the changed cells in a tree
 * keyed by a new position object each and copies a cell's attribute set up to eighteen times to
 * compare it, so a frame in which a pane scrolls allocated tens of thousands of objects. Here the
 * cells are visited in screen order and a cell's attributes are read once, and only when its style
 * is not the one already set.
 *
 * <p>Where hyperlinks are on, the cells of linked text ({@link LinePainter#linkOf}) are written
 * between an OSC 8 open and close ({@link Osc8}), closed at the end of each row, so that a URL
 * wrapped over rows is the same link on each; a dialog's cells over it have no link, so none is
 * written under a dialog.
 */
final class DeltaRefresh {
  private final Terminal terminal;
  private final SynchronizedUpdates.RawOutput hyperlinks;
  private static final int MAX_STYLES = 4096;

  private TextCharacter[] pending = new TextCharacter[0];
  private final Map<TextCharacter, Style> styles = new IdentityHashMap<>();

  /** The URL of the link the terminal is writing, or null; whether its open escape was written. */
  private String link;

  private boolean linkOpen;

  /** {@code hyperlinks}: where OSC 8 escapes go, or null to write none. */
  DeltaRefresh(Terminal terminal, SynchronizedUpdates.RawOutput hyperlinks) {
    this.terminal = terminal;
    this.hyperlinks = hyperlinks;
  }

  /** Writes what changed from {@code front} to {@code back}; the caller then copies the frame. */
  void write(ScreenBuffer back, ScreenBuffer front, TerminalSize size) throws IOException {
    int columns = size.getColumns();
    if (pending.length < columns) {
      pending = new TextCharacter[columns];
    }
    Style style = null;
    int cursorRow = -1;
    int cursorColumn = -1;
    for (int y = 0; y < size.getRows(); y++) {
      if (!collectRow(back, front, y, columns)) {
        continue;
      }
      for (int x = 0; x < columns; x++) {
        TextCharacter cell = pending[x];
        if (cell == null) {
          continue;
        }
        pending[x] = null;
        if (y != cursorRow || x != cursorColumn) {
          terminal.setCursorPosition(x, y);
          cursorRow = y;
        }
        style = Style.set(terminal, style, styleOf(cell));
        linkTo(LinePainter.linkOf(cell));
        terminal.putString(cell.getCharacterString());
        cursorColumn = x + (cell.isDoubleWidth() ? 2 : 1);
      }
      linkTo(null);
    }
  }

  /**
   * Writes again the linked cells of {@code frame}, which Lanterna has just drawn whole without
   * their links (it draws the first frame and those after a resize or a scroll). Returns whether it
   * wrote any (and so moved the cursor).
   */
  boolean writeLinks(ScreenBuffer frame, TerminalSize size) throws IOException {
    if (hyperlinks == null) {
      return false;
    }
    boolean any = false;
    Style style = null;
    for (int y = 0; y < size.getRows(); y++) {
      int cursorColumn = -1;
      for (int x = 0; x < size.getColumns(); x++) {
        TextCharacter cell = frame.getCharacterAt(x, y);
        String url = LinePainter.linkOf(cell);
        if (url != null) {
          if (x != cursorColumn) {
            terminal.setCursorPosition(x, y);
          }
          style = Style.set(terminal, style, styleOf(cell));
          linkTo(url);
          terminal.putString(cell.getCharacterString());
          cursorColumn = x + (cell.isDoubleWidth() ? 2 : 1);
          any = true;
        }
        if (cell.isDoubleWidth()) {
          x++;
        }
      }
      linkTo(null);
    }
    return any;
  }

  /**
   * The style of {@code cell}, kept by cell: the painters reuse one cell per style and glyph, and
   * reading a cell's attributes copies them, so a frame's style changes allocated anew each time.
   */
  private Style styleOf(TextCharacter cell) {
    Style style = styles.get(cell);
    if (style == null) {
      if (styles.size() >= MAX_STYLES) {
        styles.clear();
      }
      style = Style.of(cell);
      styles.put(cell, style);
    }
    return style;
  }

  /** Makes the cells written next link to {@code url} (none if null), closing the last link. */
  private void linkTo(String url) throws IOException {
    if (hyperlinks == null || Objects.equals(url, link)) {
      return;
    }
    if (linkOpen) {
      hyperlinks.writeRaw(Osc8.CLOSE.getBytes(StandardCharsets.US_ASCII));
      linkOpen = false;
    }
    link = url;
    if (url != null) {
      Optional<String> open = Osc8.open(url);
      if (open.isPresent()) {
        hyperlinks.writeRaw(open.get().getBytes(StandardCharsets.US_ASCII));
        linkOpen = true;
      }
    }
  }

  /**
   * Marks row {@code y}'s changed cells in {@link #pending}, with Lanterna's rule for wide
   * characters: the cell after a wide one is its padding, and the padding of a wide character that
   * is gone is blanked. Returns whether anything changed.
   */
  private boolean collectRow(ScreenBuffer back, ScreenBuffer front, int y, int columns) {
    boolean any = false;
    for (int x = 0; x < columns; x++) {
      TextCharacter next = back.getCharacterAt(x, y);
      TextCharacter last = front.getCharacterAt(x, y);
      if (next != last && !next.equals(last)) {
        pending[x] = next;
        any = true;
      }
      if (next.isDoubleWidth()) {
        x++;
      } else if (last.isDoubleWidth() && x + 1 < columns) {
        pending[x + 1] = last.withCharacter(' ');
        any = true;
      }
    }
    return any;
  }

  /** Colours and attributes: those the terminal has been told to use, or those a cell wants. */
  private record Style(TextColor foreground, TextColor background, EnumSet<SGR> modifiers) {

    static Style of(TextCharacter cell) {
      return new Style(cell.getForegroundColor(), cell.getBackgroundColor(), cell.getModifiers());
    }

    /** Sets style {@code wanted} on the terminal, writing only what differs from {@code now}. */
    static Style set(Terminal terminal, Style now, Style wanted) throws IOException {
      if (now == wanted) {
        return now;
      }
      if (now == null) {
        // The terminal's state before this frame is not known: start from its defaults.
        terminal.resetColorAndSGR();
        for (SGR sgr : wanted.modifiers) {
          terminal.enableSGR(sgr);
        }
        terminal.setForegroundColor(wanted.foreground);
        terminal.setBackgroundColor(wanted.background);
        return wanted;
      }
      if (!now.foreground.equals(wanted.foreground)) {
        terminal.setForegroundColor(wanted.foreground);
      }
      if (!now.background.equals(wanted.background)) {
        terminal.setBackgroundColor(wanted.background);
      }
      if (!now.modifiers.equals(wanted.modifiers)) {
        for (SGR sgr : SGR.values()) {
          boolean on = now.modifiers.contains(sgr);
          if (on && !wanted.modifiers.contains(sgr)) {
            terminal.disableSGR(sgr);
          } else if (!on && wanted.modifiers.contains(sgr)) {
            terminal.enableSGR(sgr);
          }
        }
      }
      return wanted;
    }
  }
}

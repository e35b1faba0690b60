package dev.milktui.tui.tools;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AbstractInteractableComponent;
import com.googlecode.lanterna.gui2.InteractableRenderer;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.conversation.ToolNames;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LinePainter;
import dev.milktui.tui.text.LinkedText;
import dev.milktui.tui.text.Palette;
import dev.milktui.tui.text.Span;
import dev.milktui.tui.text.StyledLine;
import dev.milktui.tui.text.TextStyle;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The tool activity pane: one row per call, newest at the bottom. The selection follows the newest
 * row until the user moves it; Enter opens the selected call's full input and result.
 */
public final class ToolPane extends AbstractInteractableComponent<ToolPane> {
  private static final int STATUS_WIDTH = 10;
  private static final int MAX_NAME_WIDTH = 14;
  private static final int MIN_PREVIEW = 12;
  // Below this the input alone fills the row (the transcript has the result's summary).
  private static final int MIN_ROOM_FOR_PREVIEW = 40;

  private final List<ToolRow> rows = new ArrayList<>();
  private final Map<String, ToolRow> byId = new HashMap<>();
  private final Palette palette;
  private final LinePainter painter;
  private final Clock clock;
  private final Consumer<ToolRow> onOpen;
  private int selected = -1;
  private int viewHeight = 1;

  public ToolPane(Palette palette, Clock clock, Consumer<ToolRow> onOpen) {
    this.palette = palette;
    this.painter = new LinePainter(palette);
    this.clock = clock;
    this.onOpen = onOpen;
  }

  /** A call was announced, got its input, or finished: one row per id, updated in place. */
  public void show(ToolCall call) {
    ToolRow row = byId.get(call.toolUseId());
    if (row == null) {
      row = new ToolRow(call);
      byId.put(row.id(), row);
      rows.add(row);
    } else {
      row.update(call);
    }
    invalidate();
  }

  public void progress(String toolUseId, double seconds, String note) {
    ToolRow row = toolUseId == null ? null : byId.get(toolUseId);
    if (row != null) {
      row.progress(seconds, note);
      invalidate();
    }
  }

  /** Forgets every row ({@code /clear}). */
  public void clear() {
    rows.clear();
    byId.clear();
    selected = -1;
    invalidate();
  }

  public List<ToolRow> rows() {
    return List.copyOf(rows);
  }

  public int rowCount() {
    return rows.size();
  }

  public boolean anyRunning() {
    for (int i = rows.size() - 1; i >= 0 && i >= rows.size() - 50; i--) {
      if (rows.get(i).outcome() == ToolOutcome.RUNNING) {
        return true;
      }
    }
    return false;
  }

  /** The selected row, or the newest when the selection follows. */
  public ToolRow selectedRow() {
    if (rows.isEmpty()) {
      return null;
    }
    return rows.get(selectedIndex());
  }

  private int selectedIndex() {
    return selected < 0 ? rows.size() - 1 : Math.min(selected, rows.size() - 1);
  }

  private void select(int index) {
    if (rows.isEmpty()) {
      return;
    }
    int clamped = Math.max(0, Math.min(index, rows.size() - 1));
    selected = clamped == rows.size() - 1 ? -1 : clamped;
    invalidate();
  }

  @Override
  protected Result handleKeyStroke(KeyStroke key) {
    KeyType type = key.getKeyType();
    int current = selectedIndex();
    switch (type) {
      case ArrowUp -> select(current - 1);
      case ArrowDown -> select(current + 1);
      case PageUp -> select(current - Math.max(1, viewHeight - 1));
      case PageDown -> select(current + Math.max(1, viewHeight - 1));
      case Home -> select(0);
      case End -> select(rows.size() - 1);
      case Enter -> {
        ToolRow row = selectedRow();
        if (row != null) {
          onOpen.accept(row);
        }
      }
      default -> {
        return super.handleKeyStroke(key);
      }
    }
    return Result.HANDLED;
  }

  @Override
  protected InteractableRenderer<ToolPane> createDefaultRenderer() {
    return new Renderer();
  }

  static String status(ToolOutcome outcome) {
    return switch (outcome) {
      case RUNNING -> "… running";
      case OK -> "✓ ok";
      case ERROR -> "✗ error";
      case DENIED -> "⊘ denied";
      case STREAM_CLOSED -> "⚠ closed";
      case INTERRUPTED -> "■ stopped";
      case NO_RESULT -> "? none";
    };
  }

  static String elapsed(Duration d) {
    long seconds = d.toSeconds();
    if (seconds < 1) {
      return d.toMillis() + "ms";
    }
    if (seconds < 60) {
      return String.format("%.1fs", d.toMillis() / 1000.0);
    }
    return (seconds / 60) + "m" + String.format("%02d", seconds % 60) + "s";
  }

  /**
   * One row: status, tool, the input that matters, then a result preview when there is room for
   * both, and the elapsed time at the right edge, in {@code style}. The name column is as wide as
   * the longest name shown ({@code nameWidth}), so the inputs start in one column and get the rest
   * of the row. A URL in the input or the preview is linked where the row shows it whole.
   */
  StyledLine format(ToolRow row, int width, int nameWidth, TextStyle style) {
    String time = elapsed(row.elapsed(clock.instant()));
    LinkedText tail = row.outcome() == ToolOutcome.RUNNING ? row.progressNote() : row.preview();
    String arrow = row.outcome() == ToolOutcome.RUNNING ? "" : "→ ";
    String head =
        Columns.pad(status(row.outcome()), STATUS_WIDTH)
            + (row.nested() ? "└ " : "")
            + Columns.pad(displayName(row), nameWidth)
            + " ";
    String right = " " + Columns.pad(time, 6);
    int room = width - Columns.width(head) - Columns.width(right);
    if (room <= 0) {
      return StyledLine.of(Columns.pad(head + right, width), style);
    }
    List<Span> middle = new ArrayList<>();
    int used;
    if (tail.text().isEmpty() || room < MIN_ROOM_FOR_PREVIEW) {
      middle.addAll(row.summary(room, style));
      used = new StyledLine(middle).width();
    } else {
      // The input comes first; the preview gets what the input leaves, at least MIN_PREVIEW.
      int summaryRoom = Math.min(Columns.width(row.summary()), room - MIN_PREVIEW - 2);
      middle.addAll(row.summary(summaryRoom, style));
      middle.add(new Span("  " + arrow, style));
      used = new StyledLine(middle).width();
      String shown = Columns.fit(tail.text(), room - used);
      middle.addAll(tail.spansOf(shown, style));
      used += Columns.width(shown);
    }
    int padding = Math.max(0, room - used);
    List<Span> spans = new ArrayList<>(middle.size() + 2);
    spans.add(new Span(head, style));
    spans.addAll(middle);
    spans.add(new Span(" ".repeat(padding) + right, style));
    return new StyledLine(spans);
  }

  /** The name column's width for {@code visible} rows: the longest name, within bounds. */
  static int nameWidth(List<ToolRow> visible) {
    int widest = 4;
    for (ToolRow row : visible) {
      widest = Math.max(widest, Columns.width(displayName(row)));
    }
    return Math.min(MAX_NAME_WIDTH, widest);
  }

  private static String displayName(ToolRow row) {
    return ToolNames.shown(row.name());
  }

  private final class Renderer implements InteractableRenderer<ToolPane> {
    @Override
    public TerminalPosition getCursorLocation(ToolPane component) {
      return null;
    }

    @Override
    public TerminalSize getPreferredSize(ToolPane component) {
      return new TerminalSize(40, 6);
    }

    @Override
    public void drawComponent(TextGUIGraphics g, ToolPane pane) {
      TerminalSize size = g.getSize();
      int width = size.getColumns();
      if (size.getRows() < 1 || width < 1) {
        return;
      }
      viewHeight = Math.max(1, size.getRows() - 1);
      palette.apply(g, isFocused() ? Palette.Role.TITLE_FOCUSED : Palette.Role.TITLE);
      String hint = isFocused() ? "↑↓ select · Enter details " : "";
      LinePainter.putText(
          g,
          0,
          0,
          width,
          Columns.pad(" Tools (" + rows.size() + ") ", width - Columns.width(hint)) + hint);
      int sel = selectedIndex();
      int first = Math.max(0, Math.min(sel - viewHeight + 1, rows.size() - viewHeight));
      first = Math.min(first, sel < 0 ? 0 : sel);
      int names = nameWidth(rows.subList(first, Math.min(rows.size(), first + viewHeight)));
      for (int r = 0; r < viewHeight; r++) {
        int index = first + r;
        if (index >= rows.size()) {
          painter.paint(g, 0, r + 1, width, StyledLine.EMPTY);
          continue;
        }
        ToolRow row = rows.get(index);
        boolean highlighted = index == sel && isFocused();
        TextStyle style = highlighted ? TextStyle.SELECTED : styleOf(row.outcome());
        painter.paint(g, 0, r + 1, width, format(row, width, names, style));
      }
    }

    private TextStyle styleOf(ToolOutcome outcome) {
      return switch (outcome) {
        case RUNNING -> TextStyle.RUNNING;
        case OK -> TextStyle.OK;
        case DENIED, STREAM_CLOSED, INTERRUPTED, NO_RESULT -> TextStyle.WARNING;
        case ERROR -> TextStyle.ERROR;
      };
    }
  }
}

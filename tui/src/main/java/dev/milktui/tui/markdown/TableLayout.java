package dev.milktui.tui.markdown;

import dev.milktui.tui.text.Graphemes;
import dev.milktui.tui.text.Span;
import dev.milktui.tui.text.StyledLine;
import dev.milktui.tui.text.TextStyle;
import java.util.ArrayList;
import java.util.List;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.node.Node;

/**
 * A GFM table drawn with box characters and fitted to the width: columns keep their natural width
 * when the table fits, otherwise the widest give up columns first and their cells wrap. A table
 * with too many columns for the width (each would get only a few characters, or the box would cross
 * the edge) is shown as one record per row instead: "header: value" lines.
 */
final class TableLayout {
  /** The fewest columns a cell is squeezed to before the table is shown as records. */
  static final int MIN_CELL = 6;

  private TableLayout() {}

  static void render(TableBlock table, int width, List<StyledLine> out) {
    List<List<TableCell>> rows = new ArrayList<>();
    int headerRows = 0;
    for (Node section = table.getFirstChild(); section != null; section = section.getNext()) {
      for (Node row = section.getFirstChild(); row != null; row = row.getNext()) {
        List<TableCell> cells = new ArrayList<>();
        for (Node cell = row.getFirstChild(); cell != null; cell = cell.getNext()) {
          cells.add((TableCell) cell);
        }
        rows.add(cells);
        if (!cells.isEmpty() && cells.get(0).isHeader()) {
          headerRows++;
        }
      }
    }
    int columns = 0;
    for (List<TableCell> row : rows) {
      columns = Math.max(columns, row.size());
    }
    if (columns == 0) {
      return;
    }
    int[] natural = natural(rows, columns);
    int least = 3 * columns + 1;
    for (int w : natural) {
      least += Math.min(w, MIN_CELL);
    }
    if (least > width) {
      records(rows, headerRows, width, out);
      return;
    }
    int[] widths = fit(natural, width - (3 * columns + 1));
    List<List<List<StyledLine>>> wrapped = new ArrayList<>();
    for (int r = 0; r < rows.size(); r++) {
      wrapped.add(wrap(rows.get(r), widths, r < headerRows));
    }
    // Wrapping may leave a shrunk column narrower than it was given: take only what is used.
    int[] used = new int[columns];
    for (List<List<StyledLine>> row : wrapped) {
      for (int c = 0; c < columns; c++) {
        for (StyledLine line : row.get(c)) {
          used[c] = Math.max(used[c], line.width());
        }
      }
    }
    for (int c = 0; c < columns; c++) {
      widths[c] = Math.max(1, Math.min(widths[c], used[c]));
    }
    out.add(border('┌', '┬', '┐', widths));
    for (int r = 0; r < rows.size(); r++) {
      row(rows.get(r), wrapped.get(r), widths, out);
      if (r == headerRows - 1 && r < rows.size() - 1) {
        out.add(border('├', '┼', '┤', widths));
      }
    }
    out.add(border('└', '┴', '┘', widths));
  }

  /** Each body row as "header: value" lines, rows apart by a blank line. */
  private static void records(
      List<List<TableCell>> rows, int headerRows, int width, List<StyledLine> out) {
    List<TableCell> header = headerRows > 0 ? rows.get(0) : List.of();
    StyledLine hang = StyledLine.of("  ", TextStyle.PLAIN);
    if (rows.size() == headerRows) {
      for (TableCell cell : header) {
        BlockRenderer.inline(cell, TextStyle.STRONG, width, StyledLine.EMPTY, hang, out);
      }
      return;
    }
    List<List<Piece>> names = new ArrayList<>(header.size());
    for (TableCell cell : header) {
      names.add(name(cell));
    }
    for (int r = headerRows; r < rows.size(); r++) {
      if (r > headerRows) {
        out.add(StyledLine.EMPTY);
      }
      List<TableCell> row = rows.get(r);
      for (int c = 0; c < row.size(); c++) {
        List<Piece> name = c < names.size() ? names.get(c) : List.of();
        List<List<Piece>> lines = Inlines.lines(row.get(c), TextStyle.PLAIN);
        // The header is text of the first line, so a long one wraps too.
        List<Piece> first = new ArrayList<>(name);
        if (name.isEmpty()) {
          first.add(new Piece("-", TextStyle.STRONG));
        }
        first.add(new Piece(": ", TextStyle.TABLE));
        first.addAll(lines.get(0));
        lines.set(0, first);
        for (int i = 0; i < lines.size(); i++) {
          Wrapper.wrap(lines.get(i), width, i == 0 ? StyledLine.EMPTY : hang, hang, out);
        }
      }
    }
  }

  /** A header cell's text on one line, with its styles and links. */
  private static List<Piece> name(TableCell cell) {
    List<Piece> name = new ArrayList<>();
    for (List<Piece> line : Inlines.lines(cell, TextStyle.STRONG)) {
      if (!name.isEmpty()) {
        name.add(new Piece(" ", TextStyle.STRONG));
      }
      name.addAll(line);
    }
    return name;
  }

  private static int[] natural(List<List<TableCell>> rows, int columns) {
    int[] widths = new int[columns];
    for (List<TableCell> row : rows) {
      for (int c = 0; c < row.size(); c++) {
        int w = 0;
        for (List<Piece> line : Inlines.lines(row.get(c), TextStyle.PLAIN)) {
          int lw = 0;
          for (Piece p : line) {
            lw += Graphemes.width(p.text());
          }
          w = Math.max(w, lw);
        }
        widths[c] = Math.max(widths[c], Math.max(1, w));
      }
    }
    return widths;
  }

  /** Takes columns from the widest column, one at a time, until the table fits (never below 1). */
  private static int[] fit(int[] widths, int room) {
    int total = 0;
    for (int w : widths) {
      total += w;
    }
    while (total > room) {
      int widest = 0;
      for (int c = 1; c < widths.length; c++) {
        if (widths[c] > widths[widest]) {
          widest = c;
        }
      }
      if (widths[widest] <= 1) {
        break;
      }
      widths[widest]--;
      total--;
    }
    return widths;
  }

  private static List<List<StyledLine>> wrap(List<TableCell> cells, int[] widths, boolean header) {
    List<List<StyledLine>> wrapped = new ArrayList<>();
    for (int c = 0; c < widths.length; c++) {
      List<StyledLine> lines = new ArrayList<>();
      if (c < cells.size()) {
        BlockRenderer.inline(
            cells.get(c),
            header ? TextStyle.STRONG : TextStyle.PLAIN,
            widths[c],
            StyledLine.EMPTY,
            StyledLine.EMPTY,
            lines);
      }
      wrapped.add(lines);
    }
    return wrapped;
  }

  private static void row(
      List<TableCell> cells, List<List<StyledLine>> wrapped, int[] widths, List<StyledLine> out) {
    int height = 1;
    for (List<StyledLine> lines : wrapped) {
      height = Math.max(height, lines.size());
    }
    for (int i = 0; i < height; i++) {
      List<Span> spans = new ArrayList<>();
      spans.add(new Span("│", TextStyle.TABLE));
      for (int c = 0; c < widths.length; c++) {
        List<StyledLine> lines = wrapped.get(c);
        StyledLine line = i < lines.size() ? lines.get(i) : StyledLine.EMPTY;
        TableCell.Alignment alignment = c < cells.size() ? cells.get(c).getAlignment() : null;
        int free = Math.max(0, widths[c] - line.width());
        int left =
            alignment == TableCell.Alignment.RIGHT
                ? free
                : alignment == TableCell.Alignment.CENTER ? free / 2 : 0;
        spans.add(Span.plain(" ".repeat(1 + left)));
        spans.addAll(line.spans());
        spans.add(Span.plain(" ".repeat(1 + free - left)));
        spans.add(new Span("│", TextStyle.TABLE));
      }
      out.add(new StyledLine(Wrapper.merged(spans)));
    }
  }

  private static StyledLine border(char left, char middle, char right, int[] widths) {
    StringBuilder line = new StringBuilder().append(left);
    for (int c = 0; c < widths.length; c++) {
      if (c > 0) {
        line.append(middle);
      }
      line.append("─".repeat(widths[c] + 2));
    }
    return StyledLine.of(line.append(right).toString(), TextStyle.TABLE);
  }
}

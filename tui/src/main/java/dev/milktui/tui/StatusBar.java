package dev.milktui.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AbstractComponent;
import com.googlecode.lanterna.gui2.ComponentRenderer;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.Sanitizer;
import java.util.Locale;
import java.util.Optional;

/**
 * The bottom line: session, model, mode, activity, how full the context is, the session's tokens
 * and cost (over every claude process that served it), what the baseline pre-approves, keys.
 */
public final class StatusBar extends AbstractComponent<StatusBar> {
  private static final String KEYS = "F1 help · Esc stop · ^C^C quit";

  private final Palette palette;
  private String sessionId = "";
  private String model = "";
  private String mode = "default";
  private Activity activity = Activity.NOT_STARTED;
  private String detail = "";
  private long sessionTokens;
  private double costUsd;
  private int contextPercent = -1;
  private Optional<String> baseline = Optional.empty();

  public StatusBar(Palette palette) {
    this.palette = palette;
  }

  public void session(String id, String model) {
    if (id != null && !id.isEmpty()) {
      this.sessionId = Sanitizer.oneLine(id);
    }
    if (model != null && !model.isEmpty()) {
      this.model = Sanitizer.oneLine(model);
    }
    invalidate();
  }

  public void mode(String mode) {
    if (mode != null && !mode.isEmpty()) {
      this.mode = Sanitizer.oneLine(mode);
      invalidate();
    }
  }

  public String mode() {
    return mode;
  }

  public void activity(Activity activity, String detail) {
    this.activity = activity;
    this.detail = detail == null ? "" : Sanitizer.oneLine(detail);
    invalidate();
  }

  public Activity activity() {
    return activity;
  }

  /** The session's totals so far. */
  public void usage(long sessionTokens, double costUsd) {
    this.sessionTokens = sessionTokens;
    this.costUsd = costUsd;
    invalidate();
  }

  /** How full the context window is, in percent; negative: not known (the gauge is hidden). */
  public void context(int percent) {
    this.contextPercent = percent;
    invalidate();
  }

  /**
   * What every session pre-approves without asking, in words; empty when the baseline is off. Shown
   * in full where there is room, else as "baseline on".
   */
  public void baseline(String summary) {
    this.baseline = Optional.of(Sanitizer.oneLine(summary));
    invalidate();
  }

  /** The bar's text at {@code width} columns. */
  public String text(int width) {
    String id =
        sessionId.isEmpty() ? "new" : sessionId.substring(0, Math.min(8, sessionId.length()));
    String state = activity.label() + (detail.isEmpty() ? "" : " (" + detail + ")");
    String left =
        " "
            + id
            + " │ "
            + (model.isEmpty() ? "model ?" : model)
            + " │ "
            + mode
            + " │ ● "
            + state
            + " │ "
            + (contextPercent < 0 ? "" : "ctx " + contextPercent + "% │ ")
            + "session "
            + tokens(sessionTokens)
            + " tok $"
            + String.format(Locale.ROOT, "%.4f", costUsd)
            + " ";
    left += baselineItem(width - Columns.width(left));
    int room = width - Columns.width(left);
    if (room >= Columns.width(KEYS) + 2) {
      return Columns.pad(left, width - Columns.width(KEYS) - 1) + KEYS + " ";
    }
    return Columns.pad(left, width);
  }

  /** The baseline item, as long as fits in {@code room} columns (the short form may not). */
  private String baselineItem(int room) {
    if (baseline.isEmpty()) {
      return "";
    }
    if (baseline.get().isEmpty()) {
      return "│ no baseline ";
    }
    String full = "│ baseline: " + baseline.get() + " ";
    return Columns.width(full) <= room ? full : "│ baseline on ";
  }

  private static String tokens(long n) {
    if (n >= 1_000_000) {
      return String.format(Locale.ROOT, "%.1fM", n / 1_000_000.0);
    }
    if (n >= 1_000) {
      return String.format(Locale.ROOT, "%.1fk", n / 1_000.0);
    }
    return Long.toString(n);
  }

  @Override
  protected ComponentRenderer<StatusBar> createDefaultRenderer() {
    return new ComponentRenderer<>() {
      @Override
      public TerminalSize getPreferredSize(StatusBar component) {
        return new TerminalSize(60, 1);
      }

      @Override
      public void drawComponent(TextGUIGraphics g, StatusBar component) {
        int width = g.getSize().getColumns();
        if (width < 1 || g.getSize().getRows() < 1) {
          return;
        }
        palette.apply(g, Palette.Role.STATUS);
        g.putString(0, 0, text(width));
      }
    };
  }
}

package dev.milktui.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AbstractComponent;
import com.googlecode.lanterna.gui2.ComponentRenderer;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import dev.milktui.tui.app.Activity;
import dev.milktui.tui.keys.KeyMap;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LinePainter;
import dev.milktui.tui.text.Palette;
import dev.milktui.tui.text.Sanitizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The bottom line: session, model, mode, activity, how full the context is, the session's tokens
 * and cost (over every claude process that served it), what the baseline pre-approves, keys.
 */
public final class StatusBar extends AbstractComponent<StatusBar> {
  /** The key hints, long and short, named as the key map in force binds them. */
  private final String keys;

  private final String keysShort;
  private final List<String> bothKeys;
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
  private boolean mouseSelect;

  public StatusBar(Palette palette) {
    this(palette, new KeyMap());
  }

  public StatusBar(Palette palette, KeyMap keyMap) {
    this.palette = palette;
    this.keys = keyMap.hints(" · ", false);
    this.keysShort = keyMap.hints("·", true);
    this.bothKeys = List.of(keys, keysShort);
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

  /** The baseline's summary ("" when it is off), once the app has said what it is. */
  public Optional<String> baselineSummary() {
    return baseline;
  }

  public void activity(Activity activity, String detail) {
    this.activity = activity;
    this.detail = detail == null ? "" : Sanitizer.oneLine(detail);
    invalidate();
  }

  /** The terminal has the mouse for selecting text: the bar says so, before all else. */
  public void mouseSelect(boolean select) {
    if (select != mouseSelect) {
      mouseSelect = select;
      invalidate();
    }
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

  /**
   * The bar's text at {@code width} columns. The keys to send, interrupt, get help and quit are
   * always there; where room is short, the other items give way in order (the baseline's summary,
   * then the session's tokens, its cost, the session id, context gauge, model, "baseline on"), the
   * keys taking their short form where that keeps an item, and last the session's mode and activity
   * are cut.
   */
  public String text(int width) {
    Optional<String> baselineFull = baselineItem(true);
    Optional<String> baselineShort = baselineItem(false);
    List<List<String>> tries = new ArrayList<>();
    for (int level = 0; level <= 7; level++) {
      List<String> t = new ArrayList<>();
      if (mouseSelect) {
        t.add("mouse: select");
      }
      if (level < 4) {
        t.add(id());
      }
      if (level < 6) {
        t.add(model());
      }
      t.add(mode);
      t.add("● " + state());
      if (level < 5 && contextPercent >= 0) {
        t.add("ctx " + contextPercent + "%");
      }
      if (level < 2) {
        t.add("session " + tokens(sessionTokens) + " tok " + cost());
      } else if (level < 3) {
        t.add(cost());
      }
      (level == 0 ? baselineFull : level < 7 ? baselineShort : Optional.<String>empty())
          .ifPresent(t::add);
      tries.add(t);
    }
    for (int i = 0; i < tries.size(); i++) {
      // The baseline's summary is worth less than the long keys; "baseline on" is worth more.
      List<String> keyForms =
          i == 0 ? List.of(keys) : i == tries.size() - 1 ? List.of(keysShort) : bothKeys;
      String left = " " + String.join(" │ ", tries.get(i)) + " ";
      for (String form : keyForms) {
        if (Columns.width(left) + Columns.width(form) + 3 <= width) {
          return Columns.pad(left, width - Columns.width(form) - 3) + "│ " + form + " ";
        }
      }
    }
    String left = " " + (mouseSelect ? "mouse: select │ " : "") + mode + " │ ● " + state() + " ";
    int room = width - Columns.width(keysShort) - 3;
    return room < 8
        ? Columns.pad(keysShort, width)
        : Columns.pad(Columns.fit(left, room), room) + "│ " + keysShort + " ";
  }

  private String id() {
    return sessionId.isEmpty() ? "new" : sessionId.substring(0, Math.min(8, sessionId.length()));
  }

  private String model() {
    return model.isEmpty() ? "model ?" : model;
  }

  private String state() {
    return activity.label() + (detail.isEmpty() ? "" : " (" + detail + ")");
  }

  private String cost() {
    return "$" + String.format(Locale.ROOT, "%.4f", costUsd);
  }

  /** The baseline item in full or short; empty when the app has not said what it is. */
  private Optional<String> baselineItem(boolean full) {
    if (baseline.isEmpty()) {
      return Optional.empty();
    }
    if (baseline.get().isEmpty()) {
      return Optional.of("no baseline");
    }
    return Optional.of(full ? "baseline: " + baseline.get() : "baseline on");
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
        LinePainter.putText(g, 0, 0, width, text(width));
      }
    };
  }
}

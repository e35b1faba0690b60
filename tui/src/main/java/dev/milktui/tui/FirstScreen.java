package dev.milktui.tui;

import dev.milktui.tui.app.Action;
import dev.milktui.tui.app.Ui;
import dev.milktui.tui.keys.KeyMap;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.PathText;
import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.text.Span;
import dev.milktui.tui.text.StyledLine;
import dev.milktui.tui.text.TextStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * What the empty transcript shows before the first message: milk-tui's version, the working
 * directory and the model (as the UI state knows them), the mode and the baseline (as the status
 * bar shows them), and three keys, named as the key map in force binds them (a keys file can move
 * them). The conversation replaces it.
 */
final class FirstScreen implements IntFunction<List<StyledLine>> {
  private static final int LABEL = 10;

  private final Ui ui;
  private final StatusBar status;
  private final Function<Action, String> keyName;

  /** {@code keyName} names the first key bound to an action, "(unbound)" when none is. */
  FirstScreen(Ui ui, StatusBar status, Function<Action, String> keyName) {
    this.ui = ui;
    this.status = status;
    this.keyName = keyName;
  }

  /** The lines at {@code width} columns. */
  @Override
  public List<StyledLine> apply(int width) {
    List<StyledLine> out = new ArrayList<>();
    out.add(
        line(
            width,
            new Span(" milk-tui", TextStyle.HEADING),
            new Span(ui.version().map(v -> " " + v).orElse(""), TextStyle.STRONG),
            new Span(" · Claude Code in a terminal UI", TextStyle.DIM)));
    out.add(StyledLine.EMPTY);
    String cwd = ui.workingDirectory().map(d -> Sanitizer.oneLine(d.toString())).orElse("");
    if (!cwd.isEmpty()) {
      out.add(fact(width, "folder", PathText.fit(cwd, Math.max(1, width - LABEL - 1))));
    }
    out.add(fact(width, "model", model().orElse("claude's default (named once it answers)")));
    out.add(fact(width, "mode", status.mode()));
    status
        .baselineSummary()
        .ifPresent(
            b ->
                out.add(
                    fact(
                        width,
                        "baseline",
                        b.isEmpty() ? "off: every tool asks" : b + " (pre-approved)")));
    out.add(StyledLine.EMPTY);
    out.add(key(width, "Enter", "sends your message (/ for commands, @ for files)"));
    bound(Action.HELP).ifPresent(k -> out.add(key(width, k, "shows every key")));
    bound(Action.CANCEL)
        .map(k -> key(width, k, "twice quits"))
        .or(() -> bound(Action.EXIT).map(k -> key(width, k, "twice quits from an empty box")))
        .ifPresent(out::add);
    return out;
  }

  private Optional<String> bound(Action action) {
    return Optional.of(keyName.apply(action)).filter(k -> !k.equals(KeyMap.UNBOUND));
  }

  private Optional<String> model() {
    return Optional.ofNullable(ui.state().model())
        .map(Sanitizer::oneLine)
        .filter(m -> !m.isEmpty());
  }

  private static StyledLine fact(int width, String label, String value) {
    return line(
        width, new Span(" " + Columns.pad(label, LABEL - 1), TextStyle.DIM), Span.plain(value));
  }

  private static StyledLine key(int width, String key, String what) {
    return line(
        width, new Span(" " + Columns.pad(key, LABEL - 1), TextStyle.STRONG), Span.plain(what));
  }

  private static StyledLine line(int width, Span... spans) {
    return StyledLine.cut(width, spans);
  }
}

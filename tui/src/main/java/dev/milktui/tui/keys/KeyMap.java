package dev.milktui.tui.keys;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.tui.app.Action;
import dev.milktui.tui.dialog.Keys;
import dev.milktui.tui.dialog.PermissionKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Every key milk-tui documents, with where it works and what it does: the main screen's bindings
 * are looked up here, and the help dialog and the status bar's key hints are made from the same
 * rows, so a line of help always names a key that is bound.
 */
public final class KeyMap {
  /** Where a key works. */
  public enum Context {
    /** Whatever has the keys, dialogs included. */
    GLOBAL,
    /** The main screen, no dialog up. */
    MAIN,
    /** The main screen, unless the message box has the keys (where it types). */
    PANES,
    /** The message box's own editing keys. */
    MESSAGE,
    /** The panes' own keys. */
    VIEW,
    /** Said in the help only: a dialog's keys, or words about the screen. */
    NOTE
  }

  /**
   * One row: the key as the help names it, its context, the action bound (empty: the component
   * under the focus handles it), the help text, and the status bar's short form (empty: not there).
   */
  public record Binding(
      String keys,
      Context context,
      Optional<Action> action,
      Predicate<KeyStroke> matches,
      String help,
      Optional<String> hint) {}

  private static final Predicate<KeyStroke> NONE = key -> false;

  /** What {@link #keyName} says of an action no key is bound to. */
  public static final String UNBOUND = "(unbound)";

  /** The status bar's hints, in this order (empty: the message box's Enter). */
  private static final List<Optional<Action>> HINT_ORDER =
      List.of(
          Optional.empty(),
          Optional.of(Action.INTERRUPT),
          Optional.of(Action.HELP),
          Optional.of(Action.CANCEL));

  private static final List<Binding> DEFAULTS =
      List.of(
          row("Enter", Context.MESSAGE, "send the message (queued while a turn runs)", "send"),
          row("Ctrl+J, Alt+Enter", Context.MESSAGE, "new line in the message"),
          row("Up / Down", Context.MESSAGE, "message history (on the first / last line)"),
          row(
              "Ctrl+A / Ctrl+E",
              Context.MESSAGE,
              "start / end of the line; Alt+B / Alt+F, Ctrl+←/→ by word"),
          row("Ctrl+K / Ctrl+U", Context.MESSAGE, "delete to the end / start of the line"),
          row("Ctrl+W, Alt+Bksp", Context.MESSAGE, "delete the word before the caret"),
          row(
              "Paste",
              Context.MESSAGE,
              "one edit, never a send; a long one shows as [Pasted text]"),
          bind(
              "Tab",
              Context.MAIN,
              Action.NEXT_PANE,
              key -> Keys.type(key, KeyType.Tab),
              "move between message, transcript and tools"),
          bind(
              "PgUp",
              Context.MAIN,
              Action.PAGE_UP,
              key -> Keys.type(key, KeyType.PageUp),
              "scroll the transcript up; Home / End in the transcript"),
          bind(
              "PgDn",
              Context.MAIN,
              Action.PAGE_DOWN,
              key -> Keys.type(key, KeyType.PageDown),
              "scroll the transcript down"),
          row("Enter on a tool", Context.VIEW, "show its full input and result"),
          row(
              "n / p, Enter",
              Context.VIEW,
              "in the transcript: next / previous tool call, expand it"),
          bind(
              "Ctrl+S",
              Context.MAIN,
              Action.EXPORT,
              key -> Keys.ctrl(key, 's'),
              "save the transcript as Markdown"),
          bind(
              "Shift+Tab, F2",
              Context.MAIN,
              Action.CYCLE_MODE,
              key -> Keys.type(key, KeyType.F2) || Keys.type(key, KeyType.ReverseTab),
              "next permission mode (default, acceptEdits, plan)"),
          bind(
              "F3",
              Context.MAIN,
              Action.MODE_MENU,
              key -> Keys.type(key, KeyType.F3),
              "choose the permission mode"),
          // Claude Code's keys (issue 23), and milk-tui's own that they moved.
          chord(
              "Ctrl+C",
              Context.GLOBAL,
              Action.CANCEL,
              "clear the message; else stop the turn; twice within 2 s quits",
              "quit"),
          chord("Ctrl+D", Context.MAIN, Action.EXIT, "quit from an empty box (twice within 2 s)"),
          chord(
              "Esc",
              Context.MAIN,
              Action.INTERRUPT,
              "stop the running turn; Esc Esc clears the message",
              "stop"),
          chord(
              "Ctrl+R",
              Context.MAIN,
              Action.HISTORY_SEARCH,
              "search sent messages from any pane; again: older; Enter takes it, Esc cancels"),
          chord(
              "Ctrl+O",
              Context.MAIN,
              Action.DETAIL_VIEW,
              "the conversation with every call, result and thinking in full"),
          chord("Ctrl+T", Context.MAIN, Action.TODOS, "Claude's todo list"),
          chord("Alt+T, F4", Context.MAIN, Action.TOGGLE_THINKING, "show or hide thinking"),
          chord(
              "Alt+R",
              Context.MAIN,
              Action.RETRY,
              "send your message again after a failed turn (also /retry)"),
          bind(
              "Ctrl+L",
              Context.GLOBAL,
              Action.REDRAW,
              key -> Keys.ctrl(key, 'l'),
              "redraw the screen"),
          bind(
              "F5",
              Context.MAIN,
              Action.RESTART_OFFER,
              key -> Keys.type(key, KeyType.F5),
              "resume or restart after claude stopped"),
          bind(
              "F6",
              Context.MAIN,
              Action.TASKS,
              key -> Keys.type(key, KeyType.F6),
              "running agents and tasks; stop one"),
          bind(
              "F7",
              Context.MAIN,
              Action.DECISIONS,
              key -> Keys.type(key, KeyType.F7),
              "this session's decisions: allowed, denied, ran without asking"),
          // Search and copy (issue 23, items 4 and 5).
          bind(
              "Ctrl+F",
              Context.MAIN,
              Action.SEARCH,
              key -> Keys.ctrl(key, 'f'),
              "search the transcript (/ there too), folded output included"),
          row(
              "↓ / Enter, ↑",
              Context.VIEW,
              "in the search line: next / previous match; Esc closes"),
          row("c", Context.VIEW, "in the transcript: copy the selected tool call's output"),
          row("/copy", Context.NOTE, "copy Claude's last reply; /copy code [N], /copy tool [N]"),
          bind(
              "F8, /mouse",
              Context.MAIN,
              Action.TOGGLE_MOUSE,
              key -> Keys.type(key, KeyType.F8),
              "give the mouse to the terminal to select text, or take it back"),
          row(
              "/help /resume /login",
              Context.NOTE,
              "answered by milk-tui (claude rejects them here)"),
          row("Ctrl+Z", Context.GLOBAL, "suspend to the shell; fg comes back"),
          row("Mouse wheel", Context.MAIN, "scroll the pane under the pointer"),
          row(
              "/ or @",
              Context.MESSAGE,
              "claude's commands (/ at the start) or a file; Tab completes"),
          new Binding(
              "F1 or ?",
              Context.MAIN,
              Optional.of(Action.HELP),
              key -> Keys.type(key, KeyType.F1),
              "this help",
              Optional.of("help")),
          bind("", Context.PANES, Action.HELP, key -> Keys.is(key, '?'), ""));

  private static final List<String> NOTES =
      List.of(
          "Permission dialog: " + PermissionKey.help() + ".",
          "Grant dialog: Space tick, a tick all, ←/→ rule, Tab next, Enter grant, Esc skip.",
          "A new dialog ignores keys briefly (keys paused); a message draft is kept.",
          "Long dialog text scrolls: Tab to it, then ↑/↓ or PgUp/PgDn.",
          "Trust offer: Shift+T trusts the workspace.",
          "Other keys: \"action = key\" lines in the keys file of milk-tui's config folder.");

  private final List<Binding> bindings;

  /** The default keys. */
  public KeyMap() {
    this(DEFAULTS);
  }

  private KeyMap(List<Binding> bindings) {
    this.bindings = List.copyOf(bindings);
  }

  /** A row whose keys are read from its own name, so a keys file can name them the same way. */
  private static Binding chord(String keys, Context context, Action action, String help) {
    return new Binding(
        keys, context, Optional.of(action), matcher(chords(keys)), help, Optional.empty());
  }

  private static Binding chord(
      String keys, Context context, Action action, String help, String hint) {
    return new Binding(
        keys, context, Optional.of(action), matcher(chords(keys)), help, Optional.of(hint));
  }

  private static List<KeyChord> chords(String keys) {
    return Arrays.stream(keys.split(",")).map(k -> KeyChord.parse(k).orElseThrow()).toList();
  }

  private static Predicate<KeyStroke> matcher(List<KeyChord> chords) {
    return key -> chords.stream().anyMatch(c -> c.matches(key));
  }

  /**
   * This map with {@code chosen} actions on other keys: each such action's rows become one row with
   * the new keys, where its first row was (its other rows, such as {@code ?} for help, go).
   */
  public KeyMap withKeys(Map<Action, List<KeyChord>> chosen) {
    List<Binding> out = new ArrayList<>();
    Set<Action> placed = new HashSet<>();
    for (Binding b : bindings) {
      Optional<Action> action = b.action().filter(chosen::containsKey);
      if (action.isEmpty()) {
        out.add(b);
      } else if (placed.add(action.get())) {
        List<KeyChord> keys = chosen.get(action.get());
        out.add(
            new Binding(
                keys.stream().map(KeyChord::toString).collect(Collectors.joining(", ")),
                b.context(),
                b.action(),
                matcher(keys),
                b.help(),
                b.hint()));
      }
    }
    return new KeyMap(out);
  }

  /** Whether a key is one bound to {@code action} now (a view closes on the key that opened it). */
  public Predicate<KeyStroke> keysOf(Action action) {
    List<Binding> rows =
        bindings.stream().filter(b -> b.action().equals(Optional.of(action))).toList();
    return key -> rows.stream().anyMatch(b -> b.matches().test(key));
  }

  /** The first key bound to {@code action} now, as the help names it ("Ctrl+C"). */
  public String keyName(Action action) {
    return bindings.stream()
        .filter(b -> b.action().equals(Optional.of(action)) && !b.keys().isEmpty())
        .map(b -> b.keys().split(", | or | / ")[0])
        .findFirst()
        .orElse(UNBOUND);
  }

  private static Binding row(String keys, Context context, String help) {
    return new Binding(keys, context, Optional.empty(), NONE, help, Optional.empty());
  }

  private static Binding row(String keys, Context context, String help, String hint) {
    return new Binding(keys, context, Optional.empty(), NONE, help, Optional.of(hint));
  }

  private static Binding bind(
      String keys, Context context, Action action, Predicate<KeyStroke> matches, String help) {
    return new Binding(keys, context, Optional.of(action), matches, help, Optional.empty());
  }

  public List<Binding> bindings() {
    return bindings;
  }

  /**
   * The action {@code key} is bound to in {@code context}: a GLOBAL binding everywhere, a MAIN one
   * on the main screen, a PANES one only when the message box does not have the keys.
   */
  public Optional<Action> action(KeyStroke key, Context context, boolean messageBoxFocused) {
    for (Binding b : bindings) {
      if (b.action().isEmpty() || !b.matches().test(key)) {
        continue;
      }
      boolean applies =
          b.context() == Context.GLOBAL
              || (context == Context.MAIN
                  && (b.context() == Context.MAIN
                      || (b.context() == Context.PANES && !messageBoxFocused)));
      if (applies) {
        return b.action();
      }
    }
    return Optional.empty();
  }

  /** The help dialog's text: one line per documented key, then the dialogs' keys. */
  public String help() {
    String keys =
        bindings.stream()
            .filter(b -> !b.keys().isEmpty())
            .map(b -> column(b.keys()) + b.help())
            .collect(Collectors.joining("\n"));
    return keys + "\n\n" + String.join("\n", NOTES);
  }

  /** The status bar's key hints, "Enter send · Esc stop · …", from the rows that have one. */
  public String hints(String separator, boolean symbols) {
    return HINT_ORDER.stream()
        .map(action -> bindingOf(action).orElseThrow())
        .map(b -> shortKey(b, symbols) + " " + b.hint().get())
        .collect(Collectors.joining(separator));
  }

  private Optional<Binding> bindingOf(Optional<Action> action) {
    return bindings.stream()
        .filter(b -> b.hint().isPresent() && b.action().equals(action))
        .findFirst();
  }

  private static String shortKey(Binding b, boolean symbols) {
    String first = b.keys().split("[ ,]")[0];
    if (b.action().equals(Optional.of(Action.CANCEL)) && first.equals("Ctrl+C")) {
      return "^C^C";
    }
    return symbols && first.equals("Enter") ? "↵" : first;
  }

  /** Keys in a column 17 wide; a longer key gets two spaces after it. */
  private static String column(String keys) {
    return keys.length() < 17 ? keys + " ".repeat(17 - keys.length()) : keys + "  ";
  }
}

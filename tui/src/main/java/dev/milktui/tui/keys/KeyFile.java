package dev.milktui.tui.keys;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.tui.app.Action;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The user's keys file: one {@code action = key[, key…]} a line ({@code #} starts a comment), for
 * example {@code toggle-thinking = Ctrl+G}. Each line names an action's keys in full (its default
 * keys go). A file with any fault changes nothing: every fault is reported with its line, and the
 * default keys stay, so a typo never leaves a key half-bound.
 */
public final class KeyFile {
  /** The name of the file in milk-tui's config folder. */
  public static final String FILE_NAME = "keys";

  /** The message box's own editing keys, which no action may take. */
  private static final List<String> MESSAGE_KEYS =
      List.of(
          "Enter",
          "Alt+Enter",
          "Ctrl+J",
          "Up",
          "Down",
          "Left",
          "Right",
          "Ctrl+Left",
          "Ctrl+Right",
          "Home",
          "End",
          "Backspace",
          "Alt+Backspace",
          "Delete",
          "Ctrl+A",
          "Ctrl+E",
          "Ctrl+K",
          "Ctrl+U",
          "Ctrl+W",
          "Alt+B",
          "Alt+F");

  /** Keys dialogs answer with, which a key working over dialogs (Ctrl+C's) may not take. */
  private static final List<String> DIALOG_KEYS =
      List.of("Esc", "Tab", "Shift+Tab", "PgUp", "PgDn");

  /** The keys in force and what was wrong with the file (empty: nothing). */
  public record Loaded(KeyMap keys, List<String> problems) {
    public Loaded {
      problems = List.copyOf(problems);
    }

    /** One message for the transcript, or empty when the file was fine or absent. */
    public Optional<String> notice() {
      return problems.isEmpty()
          ? Optional.empty()
          : Optional.of(String.join("\n", problems) + "\nThe default keys are in force.");
    }
  }

  private record Line(int number, Action action, List<KeyChord> keys) {}

  private final String source;
  private final KeyMap defaults;
  private final List<String> problems = new ArrayList<>();
  private final Map<Action, Line> chosen = new LinkedHashMap<>();

  private KeyFile(String source, KeyMap defaults) {
    this.source = source;
    this.defaults = defaults;
  }

  /** The keys {@code file} binds over {@code defaults}; no file: the defaults, no problem. */
  public static Loaded load(Path file, KeyMap defaults) {
    try {
      return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString(), defaults);
    } catch (NoSuchFileException e) {
      return new Loaded(defaults, List.of());
    } catch (IOException e) {
      return new Loaded(
          defaults, List.of("Keys file " + file + " cannot be read: " + e.getMessage()));
    }
  }

  /** The keys {@code lines} bind over {@code defaults}; {@code source} names them in messages. */
  public static Loaded parse(List<String> lines, String source, KeyMap defaults) {
    KeyFile file = new KeyFile(source, defaults);
    for (int i = 0; i < lines.size(); i++) {
      file.line(i + 1, lines.get(i));
    }
    if (!file.problems.isEmpty()) {
      return new Loaded(defaults, file.problems);
    }
    KeyMap keys =
        defaults.withKeys(
            file.chosen.values().stream()
                .collect(
                    Collectors.toMap(Line::action, Line::keys, (a, b) -> a, LinkedHashMap::new)));
    file.clashes(keys);
    return file.problems.isEmpty()
        ? new Loaded(keys, List.of())
        : new Loaded(defaults, file.problems);
  }

  /** The name an action has in the file: {@code HISTORY_SEARCH} is {@code history-search}. */
  public static String name(Action action) {
    return action.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  private void line(int number, String raw) {
    int hash = raw.indexOf('#');
    String text = (hash >= 0 ? raw.substring(0, hash) : raw).strip();
    if (text.isEmpty()) {
      return;
    }
    int equals = text.indexOf('=');
    if (equals < 0) {
      problem(number, "expected \"action = key\", e.g. \"history-search = Ctrl+R\"");
      return;
    }
    String name = text.substring(0, equals).strip();
    Optional<Action> action =
        Arrays.stream(Action.values()).filter(a -> name(a).equals(name)).findFirst();
    if (action.isEmpty()) {
      problem(
          number,
          "unknown action \""
              + name
              + "\"; the actions are "
              + Arrays.stream(Action.values())
                  .map(KeyFile::name)
                  .collect(Collectors.joining(", ")));
      return;
    }
    if (chosen.containsKey(action.get())) {
      problem(number, name + " is bound already on line " + chosen.get(action.get()).number());
      return;
    }
    List<KeyChord> keys = new ArrayList<>();
    for (String key : text.substring(equals + 1).split(",", -1)) {
      Optional<String> fault = fault(key.strip(), action.get());
      if (fault.isPresent()) {
        problem(number, fault.get());
        return;
      }
      keys.add(KeyChord.parse(key).orElseThrow());
    }
    chosen.put(action.get(), new Line(number, action.get(), keys));
  }

  /** What is wrong with {@code key} for {@code action}, if anything. */
  private Optional<String> fault(String key, Action action) {
    if (key.isEmpty()) {
      return Optional.of("a key is missing after \"=\" or between commas");
    }
    Optional<KeyChord> chord = KeyChord.parse(key);
    if (chord.isEmpty()) {
      return Optional.of(
          "cannot read the key \""
              + key
              + "\" (keys are written like Ctrl+R, Alt+T, F4, Esc, Shift+Tab, PgUp)");
    }
    KeyChord c = chord.get();
    if (c.type() == KeyType.Character && !c.ctrl() && !c.alt()) {
      return Optional.of(
          "\"" + key + "\" alone could no longer be typed in the message box; add Ctrl+ or Alt+");
    }
    if (among(c, MESSAGE_KEYS)) {
      return Optional.of(c + " is the message box's own editing key");
    }
    if (global(action) && among(c, DIALOG_KEYS)) {
      return Optional.of(name(action) + " works over dialogs, which need " + c + " themselves");
    }
    return Optional.empty();
  }

  private boolean global(Action action) {
    return defaults.bindings().stream()
        .anyMatch(
            b -> b.action().equals(Optional.of(action)) && b.context() == KeyMap.Context.GLOBAL);
  }

  private static boolean among(KeyChord chord, List<String> names) {
    return names.stream().map(n -> KeyChord.parse(n).orElseThrow()).anyMatch(chord::equals);
  }

  /** Two actions on one key: named with where each comes from. */
  private void clashes(KeyMap keys) {
    for (Line line : chosen.values()) {
      for (KeyChord key : line.keys()) {
        keys.bindings().stream()
            .filter(b -> b.action().isPresent() && b.action().get() != line.action())
            .filter(b -> b.matches().test(key.stroke()))
            .map(b -> b.action().get())
            .findFirst()
            .ifPresent(
                other ->
                    problem(
                        line.number(),
                        key
                            + " is bound to both "
                            + name(line.action())
                            + " and "
                            + name(other)
                            + (chosen.containsKey(other)
                                ? " (line " + chosen.get(other).number() + ")"
                                : " (its default key)")));
      }
    }
  }

  private void problem(int line, String text) {
    problems.add("Keys file " + source + ", line " + line + ": " + text + ".");
  }
}

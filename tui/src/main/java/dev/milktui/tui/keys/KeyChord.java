package dev.milktui.tui.keys;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One key as a keys file and the help name it: optional {@code Ctrl+}, {@code Alt+} and {@code
 * Shift+}, then a named key ({@code F1}…{@code F12}, {@code Esc}, {@code Tab}, {@code Enter},
 * {@code PgUp}, {@code Up}, {@code Space}…) or one character ({@code Ctrl+R}, {@code ?}).
 */
public record KeyChord(
    KeyType type, Character character, boolean ctrl, boolean alt, boolean shift) {
  private static final Map<String, KeyType> NAMED =
      Map.ofEntries(
          Map.entry("esc", KeyType.Escape),
          Map.entry("escape", KeyType.Escape),
          Map.entry("tab", KeyType.Tab),
          Map.entry("enter", KeyType.Enter),
          Map.entry("backspace", KeyType.Backspace),
          Map.entry("bksp", KeyType.Backspace),
          Map.entry("delete", KeyType.Delete),
          Map.entry("del", KeyType.Delete),
          Map.entry("insert", KeyType.Insert),
          Map.entry("home", KeyType.Home),
          Map.entry("end", KeyType.End),
          Map.entry("pgup", KeyType.PageUp),
          Map.entry("pageup", KeyType.PageUp),
          Map.entry("pgdn", KeyType.PageDown),
          Map.entry("pagedown", KeyType.PageDown),
          Map.entry("up", KeyType.ArrowUp),
          Map.entry("down", KeyType.ArrowDown),
          Map.entry("left", KeyType.ArrowLeft),
          Map.entry("right", KeyType.ArrowRight));

  private static final Map<KeyType, String> SHOWN =
      Map.ofEntries(
          Map.entry(KeyType.Escape, "Esc"),
          Map.entry(KeyType.Tab, "Tab"),
          Map.entry(KeyType.ReverseTab, "Shift+Tab"),
          Map.entry(KeyType.Enter, "Enter"),
          Map.entry(KeyType.Backspace, "Backspace"),
          Map.entry(KeyType.Delete, "Delete"),
          Map.entry(KeyType.Insert, "Insert"),
          Map.entry(KeyType.Home, "Home"),
          Map.entry(KeyType.End, "End"),
          Map.entry(KeyType.PageUp, "PgUp"),
          Map.entry(KeyType.PageDown, "PgDn"),
          Map.entry(KeyType.ArrowUp, "Up"),
          Map.entry(KeyType.ArrowDown, "Down"),
          Map.entry(KeyType.ArrowLeft, "Left"),
          Map.entry(KeyType.ArrowRight, "Right"));

  /** The key {@code text} names, or empty when it names none. */
  public static Optional<KeyChord> parse(String text) {
    String rest = text.strip();
    boolean ctrl = false;
    boolean alt = false;
    boolean shift = false;
    while (rest.length() > 1 && rest.indexOf('+') > 0) {
      int plus = rest.indexOf('+');
      String modifier = rest.substring(0, plus).strip().toLowerCase(Locale.ROOT);
      switch (modifier) {
        case "ctrl", "control" -> ctrl = true;
        case "alt", "meta" -> alt = true;
        case "shift" -> shift = true;
        default -> {
          return Optional.empty();
        }
      }
      rest = rest.substring(plus + 1).strip();
    }
    return key(rest, ctrl, alt, shift);
  }

  private static Optional<KeyChord> key(String name, boolean ctrl, boolean alt, boolean shift) {
    if (name.isEmpty()) {
      return Optional.empty();
    }
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.equals("space")) {
      return Optional.of(new KeyChord(KeyType.Character, ' ', ctrl, alt, false));
    }
    if (lower.equals("tab") && shift && !ctrl && !alt) {
      return Optional.of(new KeyChord(KeyType.ReverseTab, null, false, false, false));
    }
    if (NAMED.containsKey(lower)) {
      return Optional.of(new KeyChord(NAMED.get(lower), null, ctrl, alt, shift));
    }
    if (lower.matches("f([1-9]|1[0-2])")) {
      KeyType f = KeyType.valueOf("F" + lower.substring(1));
      return Optional.of(new KeyChord(f, null, ctrl, alt, shift));
    }
    if (name.codePointCount(0, name.length()) != 1 || Character.isISOControl(name.charAt(0))) {
      return Optional.empty();
    }
    char c = name.charAt(0);
    if (ctrl && !Character.isLetter(c)) {
      // A terminal sends Ctrl with a letter only.
      return Optional.empty();
    }
    // A letter names its key: Alt+T is the t key; Shift+ (not ctrl) asks for the capital.
    char typed =
        Character.isLetter(c)
            ? shift && !ctrl ? Character.toUpperCase(c) : Character.toLowerCase(c)
            : c;
    return Optional.of(new KeyChord(KeyType.Character, typed, ctrl, alt, false));
  }

  /** Whether {@code key} is this key (a Ctrl letter in either case, as terminals differ). */
  public boolean matches(KeyStroke key) {
    if (key.getKeyType() != type || key.isCtrlDown() != ctrl || key.isAltDown() != alt) {
      return false;
    }
    if (type != KeyType.Character) {
      return key.isShiftDown() == shift;
    }
    return ctrl
        ? Character.toLowerCase(key.getCharacter()) == character
        : key.getCharacter().equals(character);
  }

  /** The stroke a terminal gives for this key (to ask which other binding it would hit). */
  public KeyStroke stroke() {
    return type == KeyType.Character
        ? new KeyStroke(character, ctrl, alt, shift)
        : new KeyStroke(type, ctrl, alt, shift);
  }

  /** The name the help shows: {@code Ctrl+R}, {@code Alt+T}, {@code F4}, {@code Shift+Tab}. */
  @Override
  public String toString() {
    boolean capital = type == KeyType.Character && Character.isUpperCase(character);
    String key =
        type != KeyType.Character
            ? SHOWN.getOrDefault(type, type.name())
            : character == ' ' ? "Space" : String.valueOf(Character.toUpperCase(character));
    return (ctrl ? "Ctrl+" : "") + (alt ? "Alt+" : "") + (shift || capital ? "Shift+" : "") + key;
  }
}

package dev.milktui.tui.dialog;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The keys that answer a permission request, with the words the help (F1) shows for them: the
 * dialog looks keys up here, and the help is made from the same rows.
 */
public enum PermissionKey {
  ALLOW_ONCE("y", "allow once", key -> Keys.is(key, 'y')),
  ALLOW_ALWAYS("Shift+A", "allow always", key -> Keys.shifted(key, 'A')),
  DENY("n", "deny", key -> Keys.is(key, 'n')),
  DENY_ALL("Shift+D", "deny all waiting", key -> Keys.shifted(key, 'D')),
  DENY_AND_STOP("Esc", "deny and stop", key -> Keys.type(key, KeyType.Escape)),
  // Answers nothing: shows which settings decide the request (WhyWindow).
  WHY("?", "why: the settings that decide it", key -> Keys.is(key, '?'));

  private final String key;
  private final String help;
  private final Predicate<KeyStroke> matches;

  PermissionKey(String key, String help, Predicate<KeyStroke> matches) {
    this.key = key;
    this.help = help;
    this.matches = matches;
  }

  /** The row {@code stroke} is bound to, if any. */
  public static Optional<PermissionKey> of(KeyStroke stroke) {
    return Arrays.stream(values()).filter(k -> k.matches.test(stroke)).findFirst();
  }

  /** "y allow once, Shift+A allow always, …": the help's line for the dialog. */
  public static String help() {
    return Arrays.stream(values()).map(k -> k.key + " " + k.help).collect(Collectors.joining(", "));
  }
}

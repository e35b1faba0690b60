package dev.milktui.tui;

import static dev.milktui.tui.Events.input;
import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.tui.keys.KeyMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The help (F1) names every key the main screen binds and every key that acts in a dialog. */
class HelpNamesEveryKeyTest {
  private final KeyMap keys = new KeyMap();

  /** A bound row without a name is a second key of the named row above it (PgDn under PgUp). */
  @Test
  void everyKeyTheMainScreenBindsIsNamedInTheHelp() {
    List<KeyMap.Binding> rows = keys.bindings();
    for (int i = 0; i < rows.size(); i++) {
      KeyMap.Binding row = rows.get(i);
      if (row.action().isEmpty()) {
        continue;
      }
      KeyMap.Binding named = row.keys().isEmpty() && i > 0 ? rows.get(i - 1) : row;
      assertThat(named.keys()).as("%s has a name in the help", row.action().get()).isNotEmpty();
      assertThat(keys.help()).contains(named.keys() + " ");
    }
  }

  @Test
  void everyKeyThatActsOnAPermissionRequestIsNamedInTheHelp() {
    String line =
        keys.help()
            .lines()
            .filter(l -> l.startsWith("Permission dialog:"))
            .findFirst()
            .orElseThrow();
    Map<String, KeyStroke> candidates = new LinkedHashMap<>();
    for (char c = 'a'; c <= 'z'; c++) {
      candidates.put(String.valueOf(c), new KeyStroke(c, false, false));
      char upper = Character.toUpperCase(c);
      candidates.put("Shift+" + upper, new KeyStroke(upper, false, false));
    }
    candidates.put("Esc", new KeyStroke(KeyType.Escape));
    candidates.put("Enter", new KeyStroke(KeyType.Enter));
    List<String> acting = new ArrayList<>();
    candidates.forEach(
        (name, stroke) -> {
          if (acts(stroke)) {
            acting.add(name);
          }
        });
    assertThat(acting).as("some keys act").contains("y", "Shift+D", "Esc");
    for (String name : acting) {
      // A lower-case letter's binding takes its capital too, so "n" names Shift+N.
      String lower = name.startsWith("Shift+") ? name.substring(6).toLowerCase() : name;
      assertThat(named(line, name) || (named(line, lower) && acting.contains(lower)))
          .as("%s acts on a permission request and is in the help: %s", name, line)
          .isTrue();
    }
  }

  private static boolean named(String line, String key) {
    return Pattern.compile("[ :,]" + Pattern.quote(key) + "[ ,.]").matcher(line).find();
  }

  /**
   * True when {@code stroke} answers the request shown (one other waits, so "deny all" applies) or
   * leaves the dialog's first step; a key that only explains itself does not count.
   */
  private static boolean acts(KeyStroke stroke) {
    Harness h = new Harness(110, 30);
    List<String> answers = Events.answers();
    PermissionRequest first =
        Events.request("r1", "Bash", input("command", "make"), List.of(), answers);
    PermissionRequest second =
        Events.request("r2", "Bash", input("command", "make test"), List.of(), answers);
    h.events(
        new SessionEvent.PermissionRequested(first), new SessionEvent.PermissionRequested(second));
    assertThat(h.screen()).contains("Allow once (y)");
    h.key(stroke);
    return !answers.isEmpty() || !h.screen().contains("Allow once (y)");
  }
}

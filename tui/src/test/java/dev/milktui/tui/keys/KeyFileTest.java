package dev.milktui.tui.keys;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.tui.app.Action;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The keys file: what it binds, and that every fault names its line and keeps the defaults. */
class KeyFileTest {
  private final KeyMap defaults = new KeyMap();

  private KeyFile.Loaded parse(String... lines) {
    return KeyFile.parse(List.of(lines), "keys", defaults);
  }

  private static Optional<Action> mainAction(KeyMap keys, KeyStroke key) {
    return keys.action(key, KeyMap.Context.MAIN, true);
  }

  @Test
  void aLineMovesAnActionToItsNewKeysAndTheOldKeyIsFree() {
    KeyFile.Loaded loaded = parse("# mine", "", "toggle-thinking = Ctrl+G, F9  # both");

    assertThat(loaded.problems()).isEmpty();
    assertThat(mainAction(loaded.keys(), new KeyStroke('g', true, false)))
        .contains(Action.TOGGLE_THINKING);
    assertThat(mainAction(loaded.keys(), new KeyStroke(KeyType.F9)))
        .contains(Action.TOGGLE_THINKING);
    assertThat(mainAction(loaded.keys(), new KeyStroke(KeyType.F4))).isEmpty();
    assertThat(mainAction(loaded.keys(), new KeyStroke('t', false, true))).isEmpty();
  }

  @Test
  void theHelpAndTheTextsNameTheKeysInForce() {
    KeyMap keys = parse("cancel = Ctrl+Q", "help = F10", "interrupt = Ctrl+G").keys();

    assertThat(keys.help()).contains("Ctrl+Q", "F10").doesNotContain("F1 or ?");
    assertThat(keys.keyName(Action.CANCEL)).isEqualTo("Ctrl+Q");
    assertThat(keys.hints(" · ", false)).contains("Ctrl+G stop", "F10 help", "Ctrl+Q quit");
  }

  @Test
  void swappingTwoActionsKeysIsNoClash() {
    KeyFile.Loaded loaded = parse("history-search = Ctrl+T", "todos = Ctrl+R");

    assertThat(loaded.problems()).isEmpty();
    assertThat(mainAction(loaded.keys(), new KeyStroke('t', true, false)))
        .contains(Action.HISTORY_SEARCH);
    assertThat(mainAction(loaded.keys(), new KeyStroke('r', true, false))).contains(Action.TODOS);
  }

  @Test
  void aLineWithoutEqualsIsNamedAndTheDefaultsStay() {
    KeyFile.Loaded loaded = parse("todos = Ctrl+G", "todos Ctrl+G");

    assertThat(loaded.problems())
        .containsExactly(
            "Keys file keys, line 2: expected \"action = key\", e.g. \"history-search = Ctrl+R\".");
    assertThat(loaded.keys()).isSameAs(defaults);
  }

  @Test
  void anUnknownActionIsNamedWithTheActionsThereAre() {
    assertThat(parse("thinking = Ctrl+G").problems())
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .startsWith("Keys file keys, line 1: unknown action \"thinking\"")
                    .contains("toggle-thinking", "history-search"));
  }

  @Test
  void anUnreadableKeyIsNamed() {
    assertThat(parse("todos = Ctrl+").problems())
        .containsExactly(
            "Keys file keys, line 1: cannot read the key \"Ctrl+\" (keys are written like Ctrl+R,"
                + " Alt+T, F4, Esc, Shift+Tab, PgUp).");
    assertThat(parse("todos = Hyper+X").problems()).singleElement().asString().contains("Hyper+X");
    assertThat(parse("todos = F13").problems()).singleElement().asString().contains("F13");
    assertThat(parse("todos = Ctrl+1").problems()).singleElement().asString().contains("Ctrl+1");
  }

  @Test
  void aMissingKeyIsNamed() {
    assertThat(parse("todos =").problems())
        .containsExactly("Keys file keys, line 1: a key is missing after \"=\" or between commas.");
    assertThat(parse("todos = F9,").problems()).hasSize(1);
  }

  @Test
  void twoActionsOnOneKeyOfTheFileAreNamedWithBothLines() {
    assertThat(parse("todos = F9", "export = F9").problems())
        .contains("Keys file keys, line 2: F9 is bound to both export and todos (line 1).");
  }

  @Test
  void anActionOnAnotherActionsDefaultKeyIsAClash() {
    assertThat(parse("todos = Ctrl+S").problems())
        .containsExactly(
            "Keys file keys, line 1: Ctrl+S is bound to both todos and export (its default key).");
    assertThat(parse("help = F6").problems())
        .singleElement()
        .asString()
        .contains("tasks (its default key)");
  }

  @Test
  void oneActionTwiceIsNamedWithTheEarlierLine() {
    assertThat(parse("todos = F9", "todos = F10").problems())
        .containsExactly("Keys file keys, line 2: todos is bound already on line 1.");
  }

  @Test
  void aPlainCharacterIsRefusedBecauseItCouldNotBeTyped() {
    assertThat(parse("todos = t").problems())
        .containsExactly(
            "Keys file keys, line 1: \"t\" alone could no longer be typed in the message box; add"
                + " Ctrl+ or Alt+.");
  }

  @Test
  void theMessageBoxsEditingKeysAreRefused() {
    assertThat(parse("todos = Ctrl+A").problems())
        .containsExactly("Keys file keys, line 1: Ctrl+A is the message box's own editing key.");
    assertThat(parse("todos = Enter").problems()).hasSize(1);
  }

  @Test
  void aKeyThatWorksOverDialogsCannotTakeADialogsKey() {
    assertThat(parse("interrupt = F9", "cancel = Esc").problems())
        .containsExactly(
            "Keys file keys, line 2: cancel works over dialogs, which need Esc themselves.");
  }

  @Test
  void everyFaultIsReportedNotOnlyTheFirst() {
    KeyFile.Loaded loaded = parse("nope = F9", "todos = ???", "export");

    assertThat(loaded.problems()).hasSize(3);
    assertThat(loaded.notice()).get().asString().endsWith("The default keys are in force.");
  }

  @Test
  void noFileMeansTheDefaultsAndNoMessage(@TempDir Path dir) {
    KeyFile.Loaded loaded = KeyFile.load(dir.resolve("keys"), defaults);

    assertThat(loaded.keys()).isSameAs(defaults);
    assertThat(loaded.notice()).isEmpty();
  }

  @Test
  void aFileIsReadFromDiskWithItsPathInTheMessages(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("keys");
    Files.writeString(file, "todos = Ctrl+S\n");

    assertThat(KeyFile.load(file, defaults).problems())
        .singleElement()
        .asString()
        .startsWith("Keys file " + file + ", line 1:");
  }

  @Test
  void aFolderInPlaceOfTheFileIsReportedAndTheDefaultsStay(@TempDir Path dir) {
    KeyFile.Loaded loaded = KeyFile.load(dir, defaults);

    assertThat(loaded.keys()).isSameAs(defaults);
    assertThat(loaded.problems()).singleElement().asString().contains("cannot be read");
  }

  @Test
  void theDefaultMapBindsNoKeyToTwoActions() {
    for (KeyMap.Binding row : defaults.bindings()) {
      if (row.action().isEmpty() || row.keys().isEmpty()) {
        continue;
      }
      for (String name : row.keys().split(", | or ")) {
        KeyChord.parse(name)
            .ifPresent(
                chord ->
                    assertThat(
                            defaults.bindings().stream()
                                .filter(b -> b.action().isPresent())
                                .filter(b -> b.matches().test(chord.stroke()))
                                .map(b -> b.action().get())
                                .distinct())
                        .as(name)
                        .containsExactly(row.action().get()));
      }
    }
  }
}

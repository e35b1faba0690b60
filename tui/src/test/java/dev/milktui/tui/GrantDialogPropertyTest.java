package dev.milktui.tui;

import static dev.milktui.tui.Events.input;
import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.StreamClosedRecord;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.grants.DirectoryPaths;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.PermissionRule;
import dev.milktui.core.grants.RuleSuggester;
import dev.milktui.tui.app.Effect;
import dev.milktui.tui.dialog.FailedCall;
import dev.milktui.tui.dialog.GrantDialog;
import dev.milktui.tui.dialog.GrantForm;
import dev.milktui.tui.dialog.SuggestedRuleOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A grant is never wider than what the user saw and chose: seeded random walks through the grant
 * dialog's keys (1 to 40 calls, terminals from 60×16 up, ticks, "tick all", rule choices, directory
 * edits, the broad confirmation, remember or not, Enter at any point), checked against a model of
 * the user's intent. Whatever reaches the session is exactly the ticked calls' chosen rules and the
 * directory field's directories as the user left it (or, untouched, the ticked calls' directories);
 * a tool-wide rule nobody chose, an unconfirmed broad directory, or nothing at all sends nothing.
 * Every tick happens on a row that is on screen.
 */
class GrantDialogPropertyTest {
  private static final long SEED = Long.getLong("milk.grants.seed", 4242L);
  private static final int RUNS = Integer.getInteger("milk.grants.runs", 1000);
  private static final Path HOME = Path.of("/home/dev");
  private static final Path CWD = Path.of("/home/dev/project");
  private static final List<String> TYPED =
      List.of("", "/srv/typed", "rel/dir", "~/x", "..", "/", "/home", "/srv/a, /srv/b, /srv/a");

  /** Focus order: the list, the directory field, remember, broad, then the three buttons. */
  private static final int LIST = 0;

  private static final int FIELD = 1;
  private static final int PERSIST = 2;
  private static final int BROAD = 3;
  private static final int STOPS = 7;

  @Test
  void whatReachesTheSessionIsExactlyTheVisibleTickedCallsChosenRulesAndTheFieldsDirectories() {
    for (int run = 0; run < RUNS; run++) {
      long seed = SEED + run;
      try {
        new Walk(new Random(seed)).run();
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError("run with seed " + seed + " failed", e);
      }
    }
  }

  private static StreamClosedRecord call(Random random, int i) {
    String id = "t" + i;
    int dir = random.nextInt(6);
    return switch (random.nextInt(12)) {
      case 0 -> new StreamClosedRecord(id, "Write", input("file_path", "/srv/d" + dir + "/f.txt"));
      case 1 -> new StreamClosedRecord(id, "Edit", input("file_path", "rel/d" + dir + "/f.txt"));
      case 2 -> new StreamClosedRecord(id, "Read", input("file_path", "/etc/d" + dir + "/x"));
      case 3 -> new StreamClosedRecord(id, "Bash", input("command", "npm test " + dir));
      case 4 -> new StreamClosedRecord(id, "Bash", input("command", "sudo make install"));
      case 5 -> new StreamClosedRecord(id, "Bash", input("command", "bash -c 'rm -rf /'"));
      case 6 -> new StreamClosedRecord(id, "Bash", input("command", "git -C / push --force"));
      case 7 -> new StreamClosedRecord(id, "mcp__gh__issue", input("title", "t" + dir));
      case 8 -> new StreamClosedRecord(id, "Bash(rm -rf /:*)", input("command", "x" + dir));
      case 9 -> new StreamClosedRecord(id, "", input("file_path", "/srv/u" + dir));
      case 10 -> new StreamClosedRecord(id, "Write", input("file_path", "/top" + dir + ".txt"));
      default -> new StreamClosedRecord(id, "WebFetch", input("url", "https://h" + dir + ".test/"));
    };
  }

  /** One seeded run: a dialog, a model of the user's intent, and the keys that change both. */
  private static final class Walk {
    private final Random random;
    private final DirectoryPaths paths = new DirectoryPaths(HOME);
    private final List<GrantDecision> received = new ArrayList<>();
    private final DialogScreen screen;
    private final List<GrantForm.Item> items;
    private final int n;
    private final boolean[] ticked;
    private final int[] rule;
    private final boolean[] chosen;
    private int cursor;
    private int focus = LIST;
    private boolean edited;
    private String field = "";
    private boolean persist;
    private boolean broad;
    private boolean closed;

    Walk(Random random) {
      this.random = random;
      List<StreamClosedRecord> failed = new ArrayList<>();
      int count = 1 + random.nextInt(40);
      for (int i = 0; i < count; i++) {
        failed.add(call(random, i));
      }
      TurnSummary summary = Events.summary(failed, List.of());
      SuggestedRuleOptions options = new SuggestedRuleOptions(new RuleSuggester(CWD, paths));
      GrantForm form = GrantForm.of(summary, options, CWD, paths);
      // The rows as the dialog will offer them, read before any key: the model's input.
      items = GrantForm.of(summary, options, CWD, paths).items();
      n = items.size();
      ticked = new boolean[n];
      rule = new int[n];
      chosen = new boolean[n];
      screen = new DialogScreen(60 + random.nextInt(101), 16 + random.nextInt(35));
      new GrantDialog(form, () -> closed = true)
          .open(
              screen.host,
              effect -> {
                if (effect instanceof Effect.ResumeWithGrants answer) {
                  received.add(answer.decision());
                  answer.progress().saved(Optional.empty());
                }
              });
      screen.pump();
      if (items.stream().noneMatch(GrantForm.Item::grantable)) {
        focus = FIELD;
      }
    }

    void run() {
      int steps = 1 + random.nextInt(30);
      for (int s = 0; s < steps && !closed; s++) {
        step();
      }
      if (!closed) {
        enter();
      }
    }

    private void step() {
      switch (random.nextInt(10)) {
        case 0, 1 -> moveCursor(random.nextInt(n));
        case 2, 3 -> tick();
        case 4 -> pickRule(random.nextBoolean() ? 1 : -1);
        case 5 -> tickAll();
        case 6 -> editField(TYPED.get(random.nextInt(TYPED.size())));
        case 7 -> {
          focusOn(PERSIST);
          screen.queue(KeyType.ArrowRight);
          persist = !persist;
        }
        case 8 -> {
          focusOn(BROAD);
          screen.queue(" ");
          broad = !broad;
        }
        default -> {
          if (random.nextInt(3) == 0) {
            enter();
          }
        }
      }
    }

    private void focusOn(int stop) {
      int forward = Math.floorMod(stop - focus, STOPS);
      for (int i = 0; i < forward; i++) {
        screen.queue(KeyType.Tab);
      }
      focus = stop;
    }

    private void moveCursor(int row) {
      focusOn(LIST);
      if (row == 0 && random.nextBoolean()) {
        screen.queue(KeyType.Home);
      } else if (row == n - 1 && random.nextBoolean()) {
        screen.queue(KeyType.End);
      } else {
        for (int r = cursor; r < row; r++) {
          screen.queue(KeyType.ArrowDown);
        }
        for (int r = cursor; r > row; r--) {
          screen.queue(KeyType.ArrowUp);
        }
      }
      cursor = row;
    }

    private void tick() {
      focusOn(LIST);
      screen.queue(" ").pump();
      if (items.get(cursor).grantable()) {
        ticked[cursor] = !ticked[cursor];
        assertThat(screen.screen())
            .as("the row just ticked or unticked is on screen")
            .contains("›" + (ticked[cursor] ? "[x]" : "[ ]"));
      }
    }

    private void pickRule(int delta) {
      focusOn(LIST);
      screen.queue(delta > 0 ? KeyType.ArrowRight : KeyType.ArrowLeft);
      GrantForm.Item item = items.get(cursor);
      if (item.grantable()) {
        rule[cursor] = Math.floorMod(rule[cursor] + delta, item.rules().size());
        chosen[cursor] = true;
      }
    }

    private void tickAll() {
      if (focus == FIELD) {
        focusOn(LIST);
      }
      screen.queue("a");
      boolean all = true;
      for (int i = 0; i < n; i++) {
        all &= ticked[i] || !items.get(i).grantable();
      }
      for (int i = 0; i < n; i++) {
        ticked[i] = !all && items.get(i).grantable();
      }
    }

    private void editField(String typed) {
      focusOn(FIELD);
      String before = edited ? field : followed();
      for (int i = 0; i < before.length() + 2; i++) {
        screen.queue(KeyType.Backspace);
      }
      screen.queue(typed);
      edited |= !before.isEmpty() || !typed.isEmpty();
      field = typed;
    }

    /** What the field shows while it follows the ticks. */
    private String followed() {
      Set<String> dirs = new LinkedHashSet<>();
      for (int i = 0; i < n; i++) {
        if (ticked[i]) {
          items.get(i).directory().ifPresent(d -> dirs.add(d.toString()));
        }
      }
      return String.join(", ", dirs);
    }

    private void enter() {
      if (focus >= STOPS - 3) {
        focusOn(LIST);
      }
      screen.queue(KeyType.Enter).pump();
      Optional<GrantDecision> expected = expected();
      if (expected.isEmpty()) {
        assertThat(received).as("nothing may be sent").isEmpty();
        assertThat(closed).isFalse();
        return;
      }
      assertThat(received).as("expected %s on%n%s", expected.get(), screen.screen()).hasSize(1);
      GrantDecision got = received.get(0);
      assertThat(got).isEqualTo(expected.get());
      assertNeverWider(got);
      closed = true;
    }

    /** The decision the user's choices call for, or empty when the dialog must refuse. */
    private Optional<GrantDecision> expected() {
      Set<String> rules = new LinkedHashSet<>();
      Set<String> confirmed = new LinkedHashSet<>();
      for (int i = 0; i < n; i++) {
        if (!ticked[i]) {
          continue;
        }
        String r = items.get(i).rules().get(rule[i]);
        if (PermissionRule.parse(r).content().isEmpty() && !chosen[i]) {
          return Optional.empty();
        }
        rules.add(r);
        if (chosen[i]) {
          confirmed.add(r);
        }
      }
      List<Path> dirs = new ArrayList<>();
      for (String part : (edited ? field : followed()).split(",")) {
        if (!part.isBlank()) {
          Path dir = paths.normalise(part, CWD);
          if (!dirs.contains(dir)) {
            dirs.add(dir);
          }
        }
      }
      boolean anyBroad = dirs.stream().anyMatch(paths::isBroad);
      if ((anyBroad && !broad) || (rules.isEmpty() && dirs.isEmpty())) {
        return Optional.empty();
      }
      List<GrantDecision.Call> calls = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        FailedCall call = items.get(i).call();
        calls.add(
            new GrantDecision.Call(
                call.toolName(),
                call.input(),
                call.count(),
                ticked[i],
                ticked[i] ? items.get(i).rules().get(rule[i]) : ""));
      }
      return Optional.of(
          new GrantDecision(
                  List.copyOf(rules), dirs, persist, null, List.copyOf(confirmed), anyBroad)
              .withCalls(calls));
    }

    /** Independently of the model: each rule is a ticked row's offer, each directory was asked. */
    private void assertNeverWider(GrantDecision got) {
      for (String r : got.rules()) {
        assertThat(
                Arrays.stream(range())
                    .anyMatch(i -> ticked[i] && items.get(i).rules().get(rule[i]).equals(r)))
            .as("%s is the chosen rule of a ticked row", r)
            .isTrue();
      }
      Set<Path> asked = new LinkedHashSet<>();
      if (edited) {
        for (String part : field.split(",")) {
          if (!part.isBlank()) {
            asked.add(paths.normalise(part, CWD));
          }
        }
      } else {
        for (int i : range()) {
          if (ticked[i]) {
            items.get(i).directory().ifPresent(asked::add);
          }
        }
      }
      assertThat(asked).containsAll(got.directories());
    }

    private int[] range() {
      int[] all = new int[n];
      Arrays.setAll(all, i -> i);
      return all;
    }
  }
}

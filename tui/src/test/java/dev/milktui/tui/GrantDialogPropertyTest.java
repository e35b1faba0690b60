package dev.milktui.tui;

import static dev.milktui.tui.Events.input;
import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.session.GrantDecision;
import dev.milktui.core.turn.StreamClosedRecord;
import dev.milktui.core.turn.TurnSummary;
import dev.milktui.tui.dialog.GrantForm;
import dev.milktui.tui.dialog.SuggestedRuleOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A grant never exceeds what the user ticked: random tick, untick, tick-all, rule, directory and
 * remember edits through the grant dialog's keys, checked against a model of the user's intent. The
 * decision holds exactly the ticked calls' chosen rules, the typed directories, the chosen remember
 * option; nothing ticked and no directory sends nothing.
 */
class GrantDialogPropertyTest {
  private static final long SEED = Long.getLong("milk.grants.seed", 4242L);
  private static final int CASES = Integer.getInteger("milk.grants.cases", 25);

  private static final List<StreamClosedRecord> FAILED =
      List.of(
          new StreamClosedRecord("t1", "Bash", input("command", "npm test")),
          new StreamClosedRecord("t2", "Write", input("file_path", "/p/a.txt", "content", "x")),
          new StreamClosedRecord("t3", "Read", input("file_path", "/q/b.txt")),
          new StreamClosedRecord("t4", "WebFetch", input("url", "https://example.com/x")),
          new StreamClosedRecord("t5", "Edit", input("file_path", "/r/c.txt")));

  @Test
  void theDecisionHoldsExactlyTheTickedCallsChosenRulesAfterRandomEdits() {
    for (int c = 0; c < CASES; c++) {
      long seed = SEED + c;
      try {
        runCase(new Random(seed));
      } catch (AssertionError e) {
        throw new AssertionError("case with seed " + seed + " failed", e);
      }
    }
  }

  private static void runCase(Random random) {
    int n = 1 + random.nextInt(FAILED.size());
    List<StreamClosedRecord> failed = FAILED.subList(0, n);
    TurnSummary summary = Events.summary(failed, List.of());
    // The options each call offers are the dialog's input; the model picks among them.
    List<List<String>> options = new ArrayList<>();
    for (GrantForm.Item item :
        GrantForm.of(summary, new SuggestedRuleOptions(Path.of("").toAbsolutePath()), null)
            .items()) {
      options.add(item.rules());
    }
    String prefilled =
        GrantForm.of(summary, new SuggestedRuleOptions(Path.of("").toAbsolutePath()), null)
            .directories();

    Harness h = new Harness(110, 40);
    h.events(new SessionEvent.GrantsNeeded(summary));

    boolean[] ticked = new boolean[n];
    int[] rule = new int[n];
    String directories = prefilled;
    boolean persist = true;
    int focus = 0; // 2i: call i's box, 2i+1: its rule, 2n: directories, 2n+1: remember

    int steps = 1 + random.nextInt(25);
    for (int s = 0; s < steps; s++) {
      int action = random.nextInt(6);
      int i = random.nextInt(n);
      switch (action) {
        case 0, 1 -> {
          focus = moveTo(h, focus, 2 * i);
          h.type(" ");
          ticked[i] = !ticked[i];
        }
        case 2 -> {
          focus = moveTo(h, focus, 2 * i + 1);
          boolean right = random.nextBoolean();
          h.key(right ? KeyType.ArrowRight : KeyType.ArrowLeft);
          int size = options.get(i).size();
          if (size > 1) {
            rule[i] = Math.floorMod(rule[i] + (right ? 1 : -1), size);
          }
        }
        case 3 -> {
          if (focus == 2 * n) {
            focus = moveTo(h, focus, 0);
          }
          h.type("a");
          boolean all = true;
          for (boolean t : ticked) {
            all &= t;
          }
          java.util.Arrays.fill(ticked, !all);
        }
        case 4 -> {
          focus = moveTo(h, focus, 2 * n);
          for (int k = 0; k < 40; k++) {
            h.vt.addInput(new com.googlecode.lanterna.input.KeyStroke(KeyType.Backspace));
          }
          h.pump();
          directories = random.nextBoolean() ? "" : "/d/" + random.nextInt(100);
          h.type(directories);
        }
        default -> {
          focus = moveTo(h, focus, 2 * n + 1);
          h.key(KeyType.ArrowRight);
          persist = !persist;
        }
      }
    }
    if (focus == 2 * n + 2) {
      focus = moveTo(h, focus, 0);
    }
    h.key(KeyType.Enter);

    LinkedHashSet<String> rules = new LinkedHashSet<>();
    for (int i = 0; i < n; i++) {
      if (ticked[i]) {
        rules.add(options.get(i).get(rule[i]));
      }
    }
    List<Path> dirs = new ArrayList<>();
    for (String part : directories.split(",")) {
      if (!part.isBlank()) {
        dirs.add(Path.of(part.strip()));
      }
    }
    List<GrantDecision> decisions = h.session().decisions;
    if (rules.isEmpty() && dirs.isEmpty()) {
      assertThat(decisions).as("nothing ticked, no directory: nothing is granted").isEmpty();
      return;
    }
    assertThat(decisions).hasSize(1);
    GrantDecision d = decisions.get(0);
    assertThat(d.rules()).containsExactlyElementsOf(rules);
    assertThat(d.directories()).containsExactlyElementsOf(dirs);
    assertThat(d.persist()).isEqualTo(persist);
  }

  /** Moves the focus with Tab / Shift+Tab (never past the ends, so no wrapping). */
  private static int moveTo(Harness h, int from, int to) {
    for (int f = from; f < to; f++) {
      h.key(KeyType.Tab);
    }
    for (int f = from; f > to; f--) {
      h.key(KeyType.ReverseTab);
    }
    return to;
  }
}

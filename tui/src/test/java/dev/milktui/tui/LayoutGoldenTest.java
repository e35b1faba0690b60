package dev.milktui.tui;

import static dev.milktui.tui.Events.input;
import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.StreamClosedRecord;
import dev.milktui.tui.dialog.SuggestedRuleOptions;
import dev.milktui.tui.testkit.Golden;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * The main screen and the dialogs at the smallest size milk-tui draws on, the usual terminal and a
 * large one, as golden text files ({@code golden/layout/}); {@code -Dgolden.update=true} rewrites
 * them for review.
 */
class LayoutGoldenTest {
  private static final String CWD = "/projects/shop";
  private static final String LONG_DIR = CWD + "/services/billing/src/main/resources/templates";

  private static Harness harness(int columns, int rows) {
    Harness h =
        new Harness(
            columns,
            rows,
            TuiConfig.defaults()
                .withDialogInputPause(Duration.ZERO)
                .withRuleOptions(new SuggestedRuleOptions(Path.of(CWD))));
    h.controller.showBaseline("Bash, Read; edits in cwd and /tmp");
    h.controller.showVersion("1.4.0");
    return h.events(
        new SessionEvent.TurnStarted(
            "de305d54-75b4-431b-adb2-eb6b9e546014",
            "claude-opus-5-5",
            CWD,
            "default",
            "2.1.332",
            List.of()));
  }

  private static void atEverySize(BiConsumer<Integer, Integer> test) {
    test.accept(60, 16);
    test.accept(80, 24);
    test.accept(200, 60);
  }

  private static void snap(String name, Harness h) {
    var size = h.vt.getTerminalSize();
    Golden.assertMatches(
        "layout/" + name + "-" + size.getColumns() + "x" + size.getRows() + ".txt", h.screen());
  }

  private static List<StreamClosedRecord> manyCalls() {
    List<StreamClosedRecord> calls = new ArrayList<>();
    calls.add(
        new StreamClosedRecord(
            "w1",
            "Write",
            input("file_path", LONG_DIR + "/invoice-reminder.html", "content", "x")));
    for (int i = 1; i <= 11; i++) {
      calls.add(
          new StreamClosedRecord(
              "b" + i, "Bash", input("command", "./gradlew :billing:test --tests Invoice" + i)));
    }
    return calls;
  }

  private static SessionEvent editRequest() {
    StringBuilder before = new StringBuilder();
    StringBuilder after = new StringBuilder();
    for (int i = 1; i <= 30; i++) {
      before.append("  line ").append(i).append(" of the old template\n");
      after.append("  line ").append(i).append(" of the new template\n");
    }
    return new SessionEvent.PermissionRequested(
        Events.request(
            "r1",
            "Edit",
            input(
                "file_path",
                LONG_DIR + "/invoice.html",
                "old_string",
                before.toString(),
                "new_string",
                after.toString()),
            List.of(),
            Events.answers()));
  }

  @Test
  void theMainScreenIdle() {
    atEverySize(
        (columns, rows) -> {
          Harness h = harness(columns, rows);
          h.events(new SessionEvent.TurnFinished(Events.summary(List.of(), List.of())));
          snap("idle", h);
        });
  }

  @Test
  void aRunningTurnWithItsSpinnerLine() {
    atEverySize(
        (columns, rows) -> {
          Harness h = harness(columns, rows);
          h.events(
              new SessionEvent.UserPrompt("Add a reminder e-mail for overdue invoices", false),
              new SessionEvent.TextDelta(
                  "m1", 0, "I'll look at the billing templates first. ".repeat(6)));
          h.clock.advance(Duration.ofSeconds(14));
          h.controller.tick();
          h.pump();
          String screen = h.screen();
          assertThat(screen).contains("14s").contains("Esc to interrupt");
          snap("running", h);
        });
  }

  @Test
  void thePermissionDialogWithAnEditPreviewThatScrolls() {
    atEverySize(
        (columns, rows) -> {
          Harness h = harness(columns, rows);
          h.events(editRequest());
          assertThat(h.screen()).contains("Allow once (y)").contains("Deny & stop (Esc)");
          snap("permission", h);
        });
  }

  @Test
  void theGrantDialogWithManyCalls() {
    atEverySize(
        (columns, rows) -> {
          Harness h = harness(columns, rows);
          h.events(new SessionEvent.GrantsNeeded(Events.summary(manyCalls(), List.of())));
          String screen = h.screen();
          assertThat(screen).contains("Grant and retry").contains("Skip (Esc)");
          snap("grant", h);
        });
  }

  @Test
  void theHelp() {
    atEverySize(
        (columns, rows) -> {
          Harness h = harness(columns, rows);
          h.key(KeyType.F1);
          assertThat(h.screen()).contains("Close (Esc)").contains("Ctrl+J");
          snap("help", h);
        });
  }

  @Test
  void theSlashCommandPopup() {
    atEverySize(
        (columns, rows) -> {
          Harness h = harness(columns, rows);
          h.events(
              new SessionEvent.TurnFinished(Events.summary(List.of(), List.of())),
              new SessionEvent.CommandsAvailable(
                  List.of("compact", "clear", "context", "config", "cost", "review"), List.of()));
          h.type("/co");
          assertThat(h.screen()).contains("› /compact").contains("Tab complete");
          snap("slash-popup", h);
        });
  }

  @Test
  void anOpenDialogReLaysOutWhenTheScreenShrinksAndGrowsAgain() {
    Harness h = harness(200, 60);
    h.events(new SessionEvent.GrantsNeeded(Events.summary(manyCalls(), List.of())));
    String large = h.screen();

    h.resize(60, 16);
    assertThat(h.screen())
        .contains("Tool calls failed")
        .contains("<Grant and retry>")
        .contains("<Skip (Esc)>");
    snap("grant", h);

    h.resize(200, 60);
    assertThat(h.screen()).isEqualTo(large);
    snap("grant", h);
  }

  @Test
  void aClosedDialogLeavesNothingBehindNotEvenInTheGapBetweenThePanes() {
    Harness h = harness(200, 60);
    String before = h.screen();
    h.key(KeyType.F1);
    assertThat(h.screen()).isNotEqualTo(before).contains("Close (Esc)");
    h.key(KeyType.Escape);
    assertThat(h.screen()).isEqualTo(before);
  }

  @Test
  void belowTheMinimumSizeTheDialogIsHiddenAndTakesNoKeys() {
    Harness h = harness(80, 24);
    h.events(new SessionEvent.GrantsNeeded(Events.summary(manyCalls(), List.of())));

    h.resize(59, 24);
    assertThat(h.screen()).contains("Terminal too small").doesNotContain("Tool calls failed");
    h.type(" a").key(KeyType.Enter).key(KeyType.Escape);

    h.resize(80, 24);
    assertThat(h.screen()).contains("Tool calls failed").contains("0 ticked");
    assertThat(h.session().decisions).isEmpty();
  }
}

package dev.milktui.tui.dialog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.event.StreamClosedRecord;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.grants.DirectoryPaths;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.RuleSuggester;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.PermissionDenial;
import dev.milktui.core.protocol.Usage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GrantFormTest {
  private static final Path HOME = Path.of("/home/dev");
  private static final Path CWD = Path.of("/home/dev/project");

  private static ObjectNode input(String key, String value) {
    ObjectNode node = Json.object();
    node.put(key, value);
    return node;
  }

  private static TurnSummary summary(
      List<StreamClosedRecord> closed, List<PermissionDenial> denials) {
    return new TurnSummary(
        1,
        "s",
        "",
        List.of(),
        closed,
        denials,
        0,
        Usage.NONE,
        0,
        0,
        false,
        "success",
        "completed",
        "",
        List.of(),
        null,
        0,
        false);
  }

  private static GrantForm form(List<StreamClosedRecord> closed) {
    DirectoryPaths paths = new DirectoryPaths(HOME);
    return GrantForm.of(
        summary(closed, List.of()),
        new SuggestedRuleOptions(new RuleSuggester(CWD, paths)),
        CWD,
        paths);
  }

  private static final List<StreamClosedRecord> FAILURES =
      List.of(
          new StreamClosedRecord("t1", "Write", input("file_path", "/srv/x/a.txt")),
          new StreamClosedRecord("t2", "Write", input("file_path", "/srv/x/a.txt")),
          new StreamClosedRecord("t3", "Bash", input("command", "npm test")),
          new StreamClosedRecord("t4", "", input("file_path", "/srv/z/b")),
          new StreamClosedRecord("t5", "Read", input("file_path", "/srv/y/c.txt")),
          new StreamClosedRecord("t6", "mcp__gh__issue", input("title", "x")));

  @Test
  void duplicatesMergeNothingIsTickedAndNothingWouldBeGrantedOrRemembered() {
    GrantForm form = form(FAILURES);

    assertThat(form.kind()).isEqualTo(GrantForm.Kind.STREAM_CLOSED);
    assertThat(form.items()).hasSize(5);
    assertThat(form.items().get(0).call().count()).isEqualTo(2);
    assertThat(form.items()).noneMatch(GrantForm.Item::ticked);
    assertThat(form.directories()).isEmpty();
    assertThat(form.persist()).isFalse();
    assertThat(form.decision().grantsSomething()).isFalse();
  }

  @Test
  void theDecisionListsEveryCallWithWhetherItWasTickedAndTheRuleItGrants() {
    GrantForm form = form(FAILURES);
    form.setTicked(1, true);

    List<GrantDecision.Call> calls = form.decision().calls();

    assertThat(calls).hasSize(5);
    assertThat(calls.get(0).tool()).isEqualTo("Write");
    assertThat(calls.get(0).count()).isEqualTo(2);
    assertThat(calls.get(0).ticked()).isFalse();
    assertThat(calls.get(0).rule()).isEmpty();
    assertThat(calls.get(1).ticked()).isTrue();
    assertThat(calls.get(1).rule()).isEqualTo("Bash(npm test:*)");
    assertThat(calls.get(1).input()).isEqualTo(input("command", "npm test"));
    assertThat(form.listedCalls(false))
        .as("retrying without grants grants none of them")
        .noneMatch(GrantDecision.Call::ticked);
  }

  @Test
  void everyCallStartsOnTheNarrowestRuleOffered() {
    List<GrantForm.Item> items = form(FAILURES).items();

    assertThat(items.get(0).rules()).containsExactly("Edit(//srv/x/**)", "Write");
    assertThat(items.get(1).rules()).containsExactly("Bash(npm test:*)", "Bash");
    assertThat(items).allMatch(item -> item.rule() == 0 && !item.chosen());
    assertThat(items.get(1).meaning()).isEqualTo("`npm test` alone or with more arguments");
  }

  @Test
  void theDirectoryFieldFollowsTheTicksAndUntickedCallsContributeNoDirectory() {
    GrantForm form = form(FAILURES);

    form.setTicked(0, true);
    assertThat(form.directories()).isEqualTo("/srv/x");
    form.setTicked(3, true);
    assertThat(form.directories()).isEqualTo("/srv/x, /srv/y");
    form.setTicked(0, false);
    assertThat(form.directories()).isEqualTo("/srv/y");
    assertThat(form.decision().directories()).containsExactly(Path.of("/srv/y"));
    form.setTicked(3, false);
    assertThat(form.directories()).isEmpty();
  }

  @Test
  void onceEditedTheDirectoryFieldStaysAsTheUserLeftIt() {
    GrantForm form = form(FAILURES);
    form.setTicked(0, true);

    form.editDirectories("/srv/q");
    form.setTicked(3, true);
    form.toggleAll();

    assertThat(form.directories()).isEqualTo("/srv/q");
    assertThat(form.directoriesFollowTicks()).isFalse();
  }

  @Test
  void relativeAndTildeDirectoriesResolveAgainstTheSessionDirectoryAndHome() {
    GrantForm form = form(FAILURES);

    form.editDirectories("out, ../other, ~/z");

    assertThat(form.resolvedDirectories())
        .containsExactly(
            Path.of("/home/dev/project/out"), Path.of("/home/dev/other"), Path.of("/home/dev/z"));
    assertThat(form.decision().directories()).isEqualTo(form.resolvedDirectories());
  }

  @Test
  void aBroadDirectoryIsGrantedOnlyWithItsConfirmation() {
    for (String broad : List.of("..", "../..", "/", "~", "/home")) {
      GrantForm form = form(FAILURES);
      form.editDirectories("/srv/ok, " + broad);

      assertThat(form.broadDirectories()).as(broad).hasSize(1);
      assertThatThrownBy(form::decision).as(broad).hasMessageContaining("is broad");
      form.setBroadConfirmed(true);
      GrantDecision d = form.decision();
      assertThat(d.broadConfirmed()).isTrue();
      assertThat(d.directories()).hasSize(2);
    }
  }

  @Test
  void aToolWideRuleIsGrantedOnlyAfterTheUserChoseItAndThenCountsAsConfirmed() {
    GrantForm form = form(FAILURES);
    form.setTicked(4, true);

    assertThatThrownBy(form::decision)
        .hasMessageContaining("mcp__gh__issue allows every use of mcp__gh__issue");
    form.chooseRule(4, 0);
    GrantDecision d = form.decision();

    assertThat(d.rules()).containsExactly("mcp__gh__issue");
    assertThat(d.confirmedRules()).containsExactly("mcp__gh__issue");
  }

  @Test
  void onlyTickedCallsBecomeRulesWithTheChosenScope() {
    GrantForm form = form(FAILURES);
    form.setTicked(0, true);
    form.chooseRule(0, 1);
    form.setTicked(1, true);
    form.setPersist(true);

    GrantDecision d = form.decision();

    assertThat(d.rules()).containsExactly("Write", "Bash(npm test:*)");
    assertThat(d.confirmedRules()).containsExactly("Write");
    assertThat(d.directories()).containsExactly(Path.of("/srv/x"));
    assertThat(d.persist()).isTrue();
  }

  @Test
  void toggleAllTicksOnlyGrantableCallsThenUnticksThem() {
    GrantForm form = form(FAILURES);

    form.toggleAll();
    assertThat(form.items()).filteredOn(GrantForm.Item::ticked).hasSize(4);
    assertThat(form.items().get(2).ticked()).isFalse();
    form.toggleAll();
    assertThat(form.items()).noneMatch(GrantForm.Item::ticked);
  }

  @Test
  void aToolNameWithRuleSyntaxIsNotGrantableAndTheOtherCallsStillWork() {
    GrantForm form =
        form(
            List.of(
                new StreamClosedRecord("t1", "Bash(rm -rf /:*)", input("command", "ls")),
                new StreamClosedRecord("t2", "Write", input("file_path", "/srv/x/a.txt"))));

    assertThat(form.items().get(0).grantable()).isFalse();
    form.setTicked(0, true);
    form.toggleAll();

    assertThat(form.items().get(0).ticked()).isFalse();
    assertThat(form.decision().rules()).containsExactly("Edit(//srv/x/**)");
  }

  @Test
  void aGrepOfOneFilePrefillsTheFilesDirectoryNeverTheFile(@TempDir Path temp) throws Exception {
    Path file = Files.writeString(temp.resolve("a.txt"), "x");
    GrantForm form =
        form(List.of(new StreamClosedRecord("t", "Grep", input("path", file.toString()))));

    form.setTicked(0, true);

    assertThat(form.directories()).isEqualTo(temp.toString());
    assertThat(form.decision().rules()).containsExactly("Read(/" + temp + "/**)");
  }

  @Test
  void anInvalidDirectoryIsReportedNotDropped() {
    GrantForm form = form(FAILURES);
    form.editDirectories("/ok, bad\u0000dir");

    assertThatThrownBy(form::decision).hasMessageContaining("Not a valid directory");
  }

  @Test
  void denialsMakeADenialsForm() {
    GrantForm form =
        GrantForm.of(
            summary(
                List.of(), List.of(new PermissionDenial("Bash", "t", input("command", "rm x")))),
            new SuggestedRuleOptions(CWD),
            null);

    assertThat(form.kind()).isEqualTo(GrantForm.Kind.DENIALS);
    assertThat(form.items().get(0).rules()).containsExactly("Bash(rm:*)", "Bash");
  }
}

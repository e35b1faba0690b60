package dev.milktui.tui.dialog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.PermissionDenial;
import dev.milktui.core.protocol.Usage;
import dev.milktui.core.session.GrantDecision;
import dev.milktui.core.turn.StreamClosedRecord;
import dev.milktui.core.turn.TurnSummary;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class GrantFormTest {

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
        0);
  }

  private static final List<StreamClosedRecord> FAILURES =
      List.of(
          new StreamClosedRecord("t1", "Write", input("file_path", "/tmp/x/a.txt")),
          new StreamClosedRecord("t2", "Write", input("file_path", "/tmp/x/a.txt")),
          new StreamClosedRecord("t3", "Bash", input("command", "npm test")),
          new StreamClosedRecord("t4", "", input("file_path", "/tmp/y/b")));

  @Test
  void duplicatesMergeAndNothingIsTickedAtFirst() {
    GrantForm form =
        GrantForm.of(
            summary(FAILURES, List.of()), new SuggestedRuleOptions(Path.of("/projects")), null);
    assertThat(form.kind()).isEqualTo(GrantForm.Kind.STREAM_CLOSED);
    assertThat(form.items()).hasSize(3);
    assertThat(form.items().get(0).call().count()).isEqualTo(2);
    assertThat(form.items()).noneMatch(GrantForm.Item::ticked);
    assertThat(form.decision().rules()).isEmpty();
  }

  @Test
  void directoryFieldIsPrefilledWithTheParentsOfTouchedFiles() {
    GrantForm form =
        GrantForm.of(
            summary(FAILURES, List.of()), new SuggestedRuleOptions(Path.of("/projects")), null);
    assertThat(form.directories()).isEqualTo("/tmp/x, /tmp/y");
  }

  @Test
  void relativePathsResolveAgainstTheSessionDirectory() {
    GrantForm form =
        GrantForm.of(
            summary(
                List.of(new StreamClosedRecord("t", "Write", input("file_path", "out/f"))),
                List.of()),
            new SuggestedRuleOptions(Path.of("/projects")),
            Path.of("/projects/p"));
    assertThat(form.directories()).isEqualTo("/projects/p/out");
  }

  @Test
  void onlyTickedNamedCallsBecomeRulesWithTheChosenScope() {
    GrantForm form =
        GrantForm.of(
            summary(FAILURES, List.of()), new SuggestedRuleOptions(Path.of("/projects")), null);
    form.setTicked(0, true);
    form.chooseRule(0, 1);
    form.setTicked(2, true);
    form.setDirectories("/tmp/x");
    form.setPersist(false);
    GrantDecision d = form.decision();
    assertThat(d.rules()).containsExactly("Edit(//tmp/x/**)");
    assertThat(d.directories()).containsExactly(Path.of("/tmp/x"));
    assertThat(d.persist()).isFalse();
  }

  @Test
  void toggleAllTicksEveryGrantableCallThenUnticksThem() {
    GrantForm form =
        GrantForm.of(
            summary(FAILURES, List.of()), new SuggestedRuleOptions(Path.of("/projects")), null);
    form.toggleAll();
    assertThat(form.decision().rules()).containsExactly("Write", "Bash");
    form.toggleAll();
    assertThat(form.decision().rules()).isEmpty();
  }

  @Test
  void anEmptiedDirectoryFieldAddsNoDirectories() {
    GrantForm form =
        GrantForm.of(
            summary(FAILURES, List.of()), new SuggestedRuleOptions(Path.of("/projects")), null);
    form.setDirectories("  ");
    assertThat(form.decision().directories()).isEmpty();
  }

  @Test
  void anInvalidDirectoryIsReportedNotDropped() {
    GrantForm form =
        GrantForm.of(
            summary(FAILURES, List.of()), new SuggestedRuleOptions(Path.of("/projects")), null);
    form.setDirectories("/ok, bad\u0000dir");
    assertThatThrownBy(form::decision).hasMessageContaining("Not a valid directory");
  }

  @Test
  void denialsMakeADenialsForm() {
    GrantForm form =
        GrantForm.of(
            summary(
                List.of(), List.of(new PermissionDenial("Bash", "t", input("command", "rm x")))),
            new SuggestedRuleOptions(Path.of("/projects")),
            null);
    assertThat(form.kind()).isEqualTo(GrantForm.Kind.DENIALS);
    assertThat(form.items().get(0).rules()).containsExactly("Bash", "Bash(rm:*)");
  }
}

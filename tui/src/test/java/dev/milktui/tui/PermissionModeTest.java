package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.SessionEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Shift+Tab cycles the mode, F3 chooses it, and the status bar shows what claude reports. */
class PermissionModeTest {

  private static SessionEvent.TurnStarted init(String mode) {
    return new SessionEvent.TurnStarted(
        "s-1", "claude-opus-5-5", "/tmp", mode, "2.1.332", List.of());
  }

  @Test
  void shiftTabCyclesDefaultAcceptEditsPlanAndBackNeverBypass() {
    Harness h = new Harness(100, 30).events(init("default"));

    h.key(KeyType.ReverseTab).key(KeyType.ReverseTab).key(KeyType.ReverseTab);

    assertThat(h.session().modes).containsExactly("acceptEdits", "plan", "default");
  }

  @Test
  void f2StaysAnAliasOfShiftTab() {
    Harness h = new Harness(100, 30).events(init("default"));

    h.key(KeyType.F2).key(KeyType.ReverseTab);

    assertThat(h.session().modes).containsExactly("acceptEdits", "plan");
  }

  @Test
  void theStatusBarShowsTheModeClaudeReportsAndTheCycleGoesOnFromIt() {
    Harness h = new Harness(100, 30).events(init("default"));
    h.key(KeyType.ReverseTab);
    assertThat(h.controller.statusBar().mode()).isEqualTo("default");

    h.events(new SessionEvent.StatusChanged(null, "acceptEdits"));
    assertThat(h.controller.statusBar().mode()).isEqualTo("acceptEdits");

    // Claude changed it by itself (a plan approved inside the CLI): the next step starts there.
    h.events(new SessionEvent.StatusChanged(null, "plan"));
    h.key(KeyType.ReverseTab);
    assertThat(h.session().modes).containsExactly("acceptEdits", "default");
  }

  @Test
  void fromBypassPermissionsTheCycleGoesToDefault() {
    Harness h = new Harness(100, 30).events(init("bypassPermissions"));

    h.key(KeyType.ReverseTab);

    assertThat(h.session().modes).containsExactly("default");
  }

  @Test
  void f3ChoosesAModeDirectlyAndAutoAcceptingEditsNeedsShift() {
    Harness h = new Harness(100, 30).events(init("default"));

    h.key(KeyType.F3);
    assertThat(h.screen())
        .contains("Permission mode")
        .contains("plan")
        .contains("acceptEdits (Shift+A)")
        .doesNotContain("bypass");
    h.type("a");
    assertThat(h.session().modes).isEmpty();
    h.type("p");
    assertThat(h.session().modes).containsExactly("plan");

    h.key(KeyType.F3).type("A");
    assertThat(h.session().modes).containsExactly("plan", "acceptEdits");
  }
}

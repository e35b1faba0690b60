package dev.milktui.tui.dialog;

import dev.milktui.tui.app.Effect;
import dev.milktui.tui.app.UiEvent;

/**
 * The permission mode chosen directly: default, acceptEdits or plan. bypassPermissions is never
 * offered. Auto-accepting edits widens what runs unasked, so it takes Shift+A. The choice is
 * answered to the reducer, which sets the mode.
 */
public final class ModeMenu {
  private ModeMenu() {}

  public static Overlay of(String current) {
    return new SimpleDialog("Permission mode")
        .text(
            "Now: "
                + (current == null ? "unknown" : current)
                + "\n\n"
                + "default      ask before edits and commands\n"
                + "acceptEdits  file edits run without asking; commands still ask\n"
                + "plan         Claude plans only (reads, no edits) until you approve a plan")
        .action("default", 'd', chosen("default"))
        .deliberateAction("acceptEdits", 'a', chosen("acceptEdits"))
        .action("plan", 'p', chosen("plan"));
  }

  private static Effect chosen(String mode) {
    return new Effect.Report(new UiEvent.ModeChosen(mode));
  }
}

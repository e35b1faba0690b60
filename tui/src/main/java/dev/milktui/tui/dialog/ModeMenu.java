package dev.milktui.tui.dialog;

import java.util.function.Consumer;

/**
 * The permission mode chosen directly: default, acceptEdits or plan. bypassPermissions is never
 * offered. Auto-accepting edits widens what runs unasked, so it takes Shift+A.
 */
public final class ModeMenu {
  private ModeMenu() {}

  public static void open(DialogHost host, String current, Consumer<String> choose) {
    new SimpleDialog(host, "Permission mode")
        .text(
            "Now: "
                + (current == null ? "unknown" : current)
                + "\n\n"
                + "default      ask before edits and commands\n"
                + "acceptEdits  file edits run without asking; commands still ask\n"
                + "plan         Claude plans only (reads, no edits) until you approve a plan")
        .action("default", 'd', () -> choose.accept("default"))
        .deliberateAction("acceptEdits", 'a', () -> choose.accept("acceptEdits"))
        .action("plan", 'p', () -> choose.accept("plan"))
        .open();
  }
}

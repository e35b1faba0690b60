package dev.milktui.core.session;

import java.util.List;

/**
 * The permission modes milk-tui itself chooses, and what any other mode claude may report means for
 * the user. Every launch names one of the chosen modes: since CLI 2.1.285 a fresh configuration
 * starts in {@code auto}, where nothing asks.
 */
public final class PermissionModes {
  /** The mode milk-tui launches with unless the user chose another. */
  public static final String DEFAULT = "default";

  /** The modes milk-tui offers and passes on, in the order Shift+Tab cycles them. */
  public static final List<String> CHOSEN = List.of(DEFAULT, "acceptEdits", "plan");

  private PermissionModes() {}

  public static boolean chosen(String mode) {
    return CHOSEN.contains(mode);
  }

  /** What claude running in {@code mode} does that the user did not ask for, in words. */
  public static String meaning(String mode) {
    return switch (mode) {
      case "auto" -> "tools run without asking you";
      case "bypassPermissions" -> "every tool runs without asking you";
      case "dontAsk" -> "tools not allowed already are refused without asking you";
      default -> "not the mode milk-tui asked for";
    };
  }
}

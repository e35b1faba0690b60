package dev.milktui.app;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The claude versions milk-tui supports: the one place the range is written, read by the start-up
 * notice, {@code milk-tui doctor} and docs/compatibility.md. The floor is the oldest CLI the
 * compatibility suite runs; the newest tested is the pinned one. Nothing outside the range is
 * refused: the user is told what may break and how to update.
 */
final class ClaudeSupport {

  /** The oldest CLI the compatibility suite runs; 1.x and early 2.0 are below it. */
  static final ClaudeVersion FLOOR = new ClaudeVersion("2.0.77");

  /** The newest CLI milk-tui is tested with: the pinned one. */
  static final ClaudeVersion NEWEST_TESTED = new ClaudeVersion(ClaudeVersion.PINNED);

  /** Set (to anything but empty) to silence the start-up notice about the claude version. */
  static final String SILENCE_VARIABLE = "MILK_TUI_NO_VERSION_NOTICE";

  static final String HOW_TO_UPDATE =
      "update it with 'npm i -g @anthropic-ai/claude-code' (or scripts/install-claude in a"
          + " milk-tui checkout)";

  /**
   * Versions inside the range that behave differently, and what milk-tui does about it. Each was
   * measured against the real CLI (see the recordings' README).
   */
  static final List<Quirk> QUIRKS =
      List.of(
          new Quirk(
              new ClaudeVersion("2.1.285"),
              new ClaudeVersion("2.1.301"),
              "starts in auto mode unless told otherwise; milk-tui always names the mode and"
                  + " sets it back when claude reports another"),
          new Quirk(
              FLOOR,
              new ClaudeVersion("2.1.294"),
              "prints no api_message_id; milk-tui keys streamed text by message_start"));

  /** A stretch of versions and what is different about them. */
  record Quirk(ClaudeVersion from, ClaudeVersion to, String what) {
    boolean covers(ClaudeVersion version) {
      return version.compareTo(from) >= 0 && version.compareTo(to) <= 0;
    }
  }

  /** Where a version stands. */
  enum Standing {
    BELOW_FLOOR,
    TESTED_RANGE,
    NEWER_THAN_TESTED
  }

  private ClaudeSupport() {}

  static Standing standing(ClaudeVersion version) {
    if (version.compareTo(FLOOR) < 0) {
      return Standing.BELOW_FLOOR;
    }
    return version.compareTo(NEWEST_TESTED) > 0
        ? Standing.NEWER_THAN_TESTED
        : Standing.TESTED_RANGE;
  }

  /** The supported range in words, e.g. "2.0.77 to 2.1.332". */
  static String range() {
    return FLOOR + " to " + NEWEST_TESTED;
  }

  /**
   * What the user is told as milk-tui starts, if anything: a clear warning below the floor, a quiet
   * note above the newest tested version, nothing inside the range.
   */
  static Optional<String> notice(ClaudeVersion version) {
    return switch (standing(version)) {
      case BELOW_FLOOR ->
          Optional.of(
              "claude "
                  + version
                  + " is older than milk-tui supports ("
                  + range()
                  + "): replies, permission prompts and interrupts may not show as they should;"
                  + " "
                  + HOW_TO_UPDATE
                  + ".");
      case NEWER_THAN_TESTED ->
          Optional.of(
              "claude "
                  + version
                  + " is newer than milk-tui has been tested with ("
                  + NEWEST_TESTED
                  + "); tell us if something looks wrong.");
      case TESTED_RANGE -> Optional.empty();
    };
  }

  /** Whether the start-up notice is wanted: {@link #SILENCE_VARIABLE} unset or empty. */
  static boolean noticeWanted(Map<String, String> variables) {
    String silence = variables.get(SILENCE_VARIABLE);
    return silence == null || silence.isEmpty();
  }

  /** What is known to differ in {@code version}, in words; empty when nothing is. */
  static List<String> quirks(ClaudeVersion version) {
    return QUIRKS.stream().filter(q -> q.covers(version)).map(Quirk::what).toList();
  }
}

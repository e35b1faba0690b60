package dev.milktui.core.testkit;

/** Shell pieces for stand-in claude scripts: bash programs that play a recorded CLI on cue. */
public final class StandInClaude {
  /**
   * Defines {@code next_line}: reads the next message into {@code $LINE}, skipping the
   * context-usage request the session sends after each turn (read as a message, it would start
   * another scripted turn, and so on without end); false at the end of input.
   */
  public static final String NEXT_LINE = nextLine(":");

  private StandInClaude() {}

  /** {@link #NEXT_LINE} that also runs the bash {@code command} for each message it returns. */
  public static String nextLine(String command) {
    return "next_line() { while IFS= read -r LINE; do\n"
        + "  case \"$LINE\" in *'\"get_context_usage\"'*) continue ;; esac\n"
        + "  "
        + command
        + "; return 0; done; return 1; }\n";
  }
}

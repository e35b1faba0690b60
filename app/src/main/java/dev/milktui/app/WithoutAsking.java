package dev.milktui.app;

import dev.milktui.core.grants.AlwaysAsk;
import java.nio.file.Path;
import java.util.List;

/** The first line of each session: in plain words, what runs without a question. */
final class WithoutAsking {
  private WithoutAsking() {}

  static String say(
      boolean noBaseline, Path workingDirectory, List<String> allowedTools, AlwaysAsk.Rules asks) {
    String extra =
        allowedTools.isEmpty()
            ? ""
            : "; also your --allowed-tools " + String.join(", ", allowedTools);
    if (noBaseline) {
      return "Every tool asks before it runs (--no-baseline)" + extra + ".";
    }
    return "Runs without asking: shell commands (Bash), reading files, and edits in "
        + workingDirectory
        + " and /tmp"
        + extra
        + ". "
        + asking(asks);
  }

  private static String asking(AlwaysAsk.Rules asks) {
    if (asks.rules().isEmpty()) {
      return "No command is singled out to ask (" + asks.source() + " is empty).";
    }
    if (asks.file().isEmpty()) {
      return "Destructive commands always ask ("
          + AlwaysAsk.SUMMARY
          + "; milk-tui doctor lists them).";
    }
    return "The " + asks.rules().size() + " rules of " + asks.source() + " always ask.";
  }
}

package dev.milktui.tui.copy;

import dev.milktui.core.event.SessionEvent;
import java.text.NumberFormat;
import java.util.Locale;

/**
 * What a copy did, in words the user can trust: which way the text went (the clipboard program, OSC
 * 52 to the terminal, both or neither), and that a terminal may refuse OSC 52 without saying so.
 *
 * @param what what was copied ("Claude's last reply")
 * @param characters its length in characters
 * @param tool how the clipboard program did
 * @param terminal how the OSC 52 sequence went
 * @param insideTmux whether the sequence went to tmux, which passes it on only when set to
 */
public record CopyReport(
    String what, int characters, ToolResult tool, Osc52Result terminal, boolean insideTmux) {

  /** How the clipboard program did. */
  public sealed interface ToolResult {
    record None() implements ToolResult {}

    record Done(String name) implements ToolResult {}

    record Failed(String name, String reason) implements ToolResult {}
  }

  /** How the OSC 52 sequence went. */
  public sealed interface Osc52Result {
    record Sent() implements Osc52Result {}

    record TooLong(int payloadBytes) implements Osc52Result {}

    /** There is no terminal to write to (a virtual one). */
    record NoTerminal() implements Osc52Result {}

    record WriteFailed(String reason) implements Osc52Result {}
  }

  /** A warning when the text surely reached no clipboard, else information. */
  public SessionEvent.Level level() {
    return tool instanceof ToolResult.Done || terminal instanceof Osc52Result.Sent
        ? SessionEvent.Level.INFO
        : SessionEvent.Level.WARNING;
  }

  public String text() {
    String subject = what + " (" + count(characters) + " characters)";
    boolean sent = terminal instanceof Osc52Result.Sent;
    String tmux =
        sent && insideTmux
            ? " Inside tmux it reaches your terminal only with tmux's set-clipboard on or"
                + " allow-passthrough on."
            : "";
    if (tool instanceof ToolResult.Done done) {
      return "Copied "
          + subject
          + " with "
          + done.name()
          + (sent
              ? " and sent it to the terminal as OSC 52 (some terminals refuse it)."
              : notSent(terminal).isEmpty() ? "." : "; " + notSent(terminal) + ".")
          + tmux;
    }
    String noTool =
        tool instanceof ToolResult.Failed failed
            ? failed.name() + " failed (" + failed.reason() + ")"
            : "no clipboard program was found (" + ClipboardTool.names() + ")";
    if (sent) {
      return "Sent "
          + subject
          + " to the terminal as OSC 52; some terminals refuse it, so check that it arrived ("
          + noTool
          + ")."
          + tmux;
    }
    return "Not copied: " + subject + " " + notSent(terminal) + ", and " + noTool + ".";
  }

  private static String notSent(Osc52Result terminal) {
    if (terminal instanceof Osc52Result.TooLong t) {
      return "not sent as OSC 52: its "
          + count(t.payloadBytes())
          + " bytes are over the "
          + count(Osc52.MAX_PAYLOAD)
          + " terminals take";
    }
    if (terminal instanceof Osc52Result.WriteFailed w) {
      return "could not be sent as OSC 52 (" + w.reason() + ")";
    }
    if (terminal instanceof Osc52Result.NoTerminal) {
      return "could not be sent as OSC 52 (no terminal)";
    }
    return "";
  }

  private static String count(int n) {
    return NumberFormat.getIntegerInstance(Locale.ROOT).format(n);
  }
}

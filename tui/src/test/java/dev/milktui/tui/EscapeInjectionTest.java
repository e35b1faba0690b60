package dev.milktui.tui;

import static dev.milktui.tui.Events.input;
import static dev.milktui.tui.Events.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.StreamClosedRecord;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.protocol.PermissionDenial;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Escape sequences in assistant text, thinking, tool names, tool input and tool output, notices,
 * permission requests and the grant dialog never reach the terminal: every character the screen
 * writes to the terminal is recorded and none is ESC, another C0 control, DEL, a C1 control or a
 * bidirectional override.
 */
class EscapeInjectionTest {
  private static final String[] PAYLOADS = {
    "\u001b]0;pwned\u0007",
    "\u001b[2J\u001b[H",
    "\u001b]52;c;ZXZpbA==\u001b\\",
    "\u009b31m",
    "\u009d8;;http://evil\u009c",
    "\u001bP+q544e\u001b\\",
    "\u001b7\u001b[99;1H\u001b8",
    "\u202eexe.txt",
    "bell\u0007 back\b\b del\u007f nul\u0000 cr\rX",
  };

  /** A virtual terminal that keeps every character put on it. */
  static final class RecordingTerminal extends DefaultVirtualTerminal {
    final StringBuilder written = new StringBuilder();

    RecordingTerminal(int columns, int rows) {
      super(new TerminalSize(columns, rows));
    }

    @Override
    public synchronized void putCharacter(char c) {
      written.append(c);
      super.putCharacter(c);
    }

    @Override
    public synchronized void putString(String string) {
      written.append(string);
      super.putString(string);
    }
  }

  private static String evil(int i) {
    return "a" + PAYLOADS[i % PAYLOADS.length] + "b" + PAYLOADS[(i + 3) % PAYLOADS.length];
  }

  @Test
  void noEscapeOrControlCharacterFromContentIsEverWrittenToTheTerminal() {
    RecordingTerminal terminal = new RecordingTerminal(120, 40);
    Harness h = new Harness(terminal, TuiConfig.defaults().withDialogInputPause(Duration.ZERO));
    for (int i = 0; i < PAYLOADS.length; i++) {
      h.events(
          new SessionEvent.TurnStarted(evil(i), evil(i), "/tmp", evil(i), evil(i), List.of()),
          new SessionEvent.UserPrompt(evil(i), false),
          new SessionEvent.ThinkingDelta("m" + i, 0, evil(i)),
          new SessionEvent.TextDelta("m" + i, 1, evil(i)),
          // A sequence split across two deltas.
          new SessionEvent.TextDelta("m" + i, 1, "\u001b"),
          new SessionEvent.TextDelta("m" + i, 1, "[31mred"),
          new SessionEvent.ToolStarted(
              tool("t" + i, evil(i), input("command", evil(i)), ToolOutcome.RUNNING, "")),
          new SessionEvent.ToolProgressed("t" + i, 31, evil(i)),
          new SessionEvent.ToolFinished(
              tool("t" + i, evil(i), input("command", evil(i)), ToolOutcome.ERROR, evil(i))),
          new SessionEvent.Notice(SessionEvent.Level.ERROR, evil(i)),
          new SessionEvent.ApiRetrying(1, 10, 500, 529, evil(i)),
          new SessionEvent.ProcessExited(1, evil(i), false));
      h.key(KeyType.Escape);
    }
    // The full input and result of a tool, in its details dialog.
    h.key(KeyType.Tab).key(KeyType.Tab).key(KeyType.Enter).key(KeyType.Escape);
    // A permission request and the grant dialog, with hostile names and inputs.
    h.events(
        new SessionEvent.PermissionRequested(
            Events.request("r1", evil(1), input("command", evil(2)), List.of(), Events.answers())));
    h.key(KeyType.Escape);
    h.events(
        new SessionEvent.GrantsNeeded(
            Events.summary(
                List.of(
                    new StreamClosedRecord("s1", evil(4), input("file_path", "/x/" + evil(5))),
                    new StreamClosedRecord("s2", "Bash", input("command", evil(6)))),
                List.of(new PermissionDenial(evil(7), "s3", input("url", evil(8)))))));

    String written = terminal.written.toString();
    assertThat(written).contains("red").contains("Tool call t8").contains("Permission 1 of 1");
    for (int i = 0; i < written.length(); i++) {
      char c = written.charAt(i);
      boolean control = c < 0x20 || (c >= 0x7f && c <= 0x9f);
      boolean bidi = (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
      assertThat(control || bidi)
          .as("U+%04X written at %d: …%s…", (int) c, i, excerpt(written, i))
          .isFalse();
    }
  }

  private static String excerpt(String s, int at) {
    return s.substring(Math.max(0, at - 20), Math.min(s.length(), at + 20))
        .replaceAll("\\p{Cntrl}", "?");
  }
}

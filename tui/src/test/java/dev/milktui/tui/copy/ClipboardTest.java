package dev.milktui.tui.copy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.tui.work.Workers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Copying with a fake clipboard program on PATH and a terminal that records what it is sent. */
class ClipboardTest {
  @TempDir Path dir;

  private final List<String> written = new ArrayList<>();
  private final List<CopyReport> reports = new ArrayList<>();
  // Jobs and their results run on the test's thread, in order.
  private final Executor here = Runnable::run;
  private final Workers workers = new Workers(here, here);

  private Map<String, String> withProgram(String name, String body) throws IOException {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path file = bin.resolve(name);
    Files.writeString(file, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    return Map.of("PATH", bin.toString(), "DISPLAY", ":0");
  }

  private Clipboard clipboard(Map<String, String> environment) {
    return new Clipboard(workers, Optional.of(written::add), environment, Duration.ofMillis(500));
  }

  private String sentText() {
    String sequence = written.get(0);
    String payload = sequence.substring("\u001b]52;c;".length(), sequence.indexOf('\u0007'));
    return new String(Base64.getDecoder().decode(payload), StandardCharsets.UTF_8);
  }

  @Test
  void theProgramGetsTheTextOnStdinTheTerminalGetsOsc52AndTheReportSaysBoth() throws IOException {
    Path out = dir.resolve("clipboard.txt");
    Clipboard clipboard = clipboard(withProgram("xclip", "cat > '" + out + "'"));

    clipboard.copy("déjà vu 你好\nline two", "Claude's last reply", reports::add);

    assertThat(Files.readString(out)).isEqualTo("déjà vu 你好\nline two");
    assertThat(sentText()).isEqualTo("déjà vu 你好\nline two");
    assertThat(reports)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.level()).isEqualTo(SessionEvent.Level.INFO);
              assertThat(r.text())
                  .isEqualTo(
                      "Copied Claude's last reply (19 characters) with xclip and sent it to the terminal"
                          + " as OSC 52 (some terminals refuse it).");
            });
  }

  @Test
  void escapeSequencesAndControlsOfTheTextReachNeitherTheProgramNorTheTerminal()
      throws IOException {
    Path out = dir.resolve("clipboard.txt");
    Clipboard clipboard = clipboard(withProgram("xclip", "cat > '" + out + "'"));

    clipboard.copy("\u001b]0;title\u0007red \u001b[31mtext\u001b[0m\u0008!", "it", reports::add);

    assertThat(Files.readString(out)).isEqualTo("red text!");
    assertThat(sentText()).isEqualTo("red text!");
  }

  @Test
  void aProgramThatFailsIsNamedWithItsExitAndTheOsc52SendIsStillSaid() throws IOException {
    Clipboard clipboard = clipboard(withProgram("xclip", "cat > /dev/null; exit 3"));

    clipboard.copy("abc", "the last code block", reports::add);

    assertThat(reports.get(0).text())
        .isEqualTo(
            "Sent the last code block (3 characters) to the terminal as OSC 52; some terminals"
                + " refuse it, so check that it arrived (xclip failed (exit 3)).");
    assertThat(reports.get(0).level()).isEqualTo(SessionEvent.Level.INFO);
  }

  @Test
  void aProgramThatNeverEndsIsStoppedAtTheTimeLimit() throws IOException {
    Clipboard clipboard = clipboard(withProgram("xclip", "exec sleep 30"));

    clipboard.copy("abc", "it", reports::add);

    assertThat(reports.get(0).text()).contains("xclip failed (did not finish within 500 ms)");
  }

  @Test
  void withoutAProgramOnlyOsc52GoesAndTheReportSaysNoneWasFound() {
    Clipboard clipboard = clipboard(Map.of("PATH", dir.toString()));

    clipboard.copy("abc", "it", reports::add);

    assertThat(written).hasSize(1);
    assertThat(reports.get(0).text())
        .isEqualTo(
            "Sent it (3 characters) to the terminal as OSC 52; some terminals refuse it, so check"
                + " that it arrived (no clipboard program was found (wl-copy, xclip, xsel, pbcopy,"
                + " clip.exe)).");
  }

  @Test
  void textOverTheCapIsNotSentAndWithoutAProgramTheReportIsAWarningThatNothingWasCopied() {
    Clipboard clipboard = clipboard(Map.of("PATH", dir.toString()));

    clipboard.copy("x".repeat(80_000), "Claude's last reply", reports::add);

    assertThat(written).isEmpty();
    assertThat(reports.get(0).level()).isEqualTo(SessionEvent.Level.WARNING);
    assertThat(reports.get(0).text())
        .isEqualTo(
            "Not copied: Claude's last reply (80,000 characters) not sent as OSC 52: its 106,668"
                + " bytes are over the 100,000 terminals take, and no clipboard program was found"
                + " (wl-copy, xclip, xsel, pbcopy, clip.exe).");
  }

  @Test
  void textOverTheCapStillGoesToTheProgramAndTheReportSaysWhyNotToTheTerminal() throws IOException {
    Path out = dir.resolve("clipboard.txt");
    Clipboard clipboard = clipboard(withProgram("xclip", "cat > '" + out + "'"));

    clipboard.copy("x".repeat(80_000), "it", reports::add);

    assertThat(Files.size(out)).isEqualTo(80_000);
    assertThat(reports.get(0).text())
        .isEqualTo(
            "Copied it (80,000 characters) with xclip; not sent as OSC 52: its 106,668 bytes are"
                + " over the 100,000 terminals take.");
  }

  @Test
  void insideTmuxTheReportSaysWhichTmuxSettingPassesItOn() {
    Clipboard clipboard = clipboard(Map.of("PATH", dir.toString(), "TMUX", "/tmp/tmux-1/default"));

    clipboard.copy("abc", "it", reports::add);

    assertThat(written.get(0)).contains("\u001bPtmux;");
    assertThat(reports.get(0).text())
        .endsWith(
            " Inside tmux it reaches your terminal only with tmux's set-clipboard on or"
                + " allow-passthrough on.");
  }

  @Test
  void clipExeGetsUtf16WithAByteOrderMark() {
    ClipboardTool clip = new ClipboardTool("clip.exe", List.of("clip.exe"));

    assertThat(Clipboard.bytesFor(clip, "é"))
        .containsExactly((byte) 0xff, (byte) 0xfe, (byte) 0xe9, (byte) 0x00);
  }

  @Test
  void givingTheMouseBackTurnsEveryMouseReportModeOffAndTakingItTurnsTheWheelModesOn() {
    Clipboard clipboard = clipboard(Map.of());

    assertThat(clipboard.captureMouse(false)).isTrue();
    assertThat(clipboard.captureMouse(true)).isTrue();

    assertThat(written.get(0))
        .contains("\u001b[?1000l", "\u001b[?1002l", "\u001b[?1003l", "\u001b[?1006l");
    assertThat(written.get(1)).contains("\u001b[?1000h", "\u001b[?1006h");
  }
}

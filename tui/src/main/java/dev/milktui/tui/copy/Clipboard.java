package dev.milktui.tui.copy;

import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.work.Workers;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Puts text on the clipboard two ways at once: OSC 52 written to the terminal (on the UI thread,
 * the terminal's only writer, between frames) and the system's clipboard program ({@link
 * ClipboardTool}), run on the workers with a time limit, never on the UI thread. The text is
 * cleaned for reading first, as the screen shows it: no control character or escape sequence of it
 * reaches the terminal or the clipboard.
 */
public final class Clipboard {
  /** Where raw sequences go: the real terminal, between frames. */
  public interface Terminal {
    void write(String sequence) throws IOException;
  }

  /** How long the clipboard program may take. */
  public static final Duration TIMEOUT = Duration.ofSeconds(3);

  private final Workers workers;
  private final Optional<Terminal> terminal;
  private final Optional<ClipboardTool> tool;
  private final boolean insideTmux;
  private final Duration timeout;

  public Clipboard(Workers workers, Optional<Terminal> terminal, Map<String, String> environment) {
    this(workers, terminal, environment, TIMEOUT);
  }

  Clipboard(
      Workers workers,
      Optional<Terminal> terminal,
      Map<String, String> environment,
      Duration timeout) {
    this.workers = workers;
    this.terminal = terminal;
    this.tool = ClipboardTool.find(environment);
    this.insideTmux = !environment.getOrDefault("TMUX", "").isEmpty();
    this.timeout = timeout;
  }

  /** The program used besides OSC 52, if one was found. */
  public Optional<ClipboardTool> tool() {
    return tool;
  }

  /**
   * Copies {@code text} ({@code what} names it for the report); {@code done} gets the report on the
   * UI thread once the clipboard program ended (at once when there is none).
   */
  public void copy(String text, String what, Consumer<CopyReport> done) {
    String clean = Sanitizer.clean(text);
    CopyReport.Osc52Result sent = send(clean);
    int characters = clean.codePointCount(0, clean.length());
    if (tool.isEmpty()) {
      done.accept(
          new CopyReport(what, characters, new CopyReport.ToolResult.None(), sent, insideTmux));
      return;
    }
    ClipboardTool program = tool.get();
    workers.submit(
        () -> run(program, clean),
        outcome ->
            done.accept(
                new CopyReport(
                    what,
                    characters,
                    outcome.ok()
                        ? outcome.value()
                        : new CopyReport.ToolResult.Failed(program.name(), outcome.reason()),
                    sent,
                    insideTmux)));
  }

  /** Gives mouse reports up ({@code captured} false), so the terminal selects text, or back. */
  public boolean captureMouse(boolean captured) {
    if (terminal.isEmpty()) {
      return false;
    }
    try {
      terminal.get().write(MouseModes.sequence(captured));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private CopyReport.Osc52Result send(String text) {
    Optional<String> sequence = Osc52.sequence(text, insideTmux);
    if (sequence.isEmpty()) {
      return new CopyReport.Osc52Result.TooLong(Osc52.payloadBytes(text));
    }
    if (terminal.isEmpty()) {
      return new CopyReport.Osc52Result.NoTerminal();
    }
    try {
      terminal.get().write(sequence.get());
      return new CopyReport.Osc52Result.Sent();
    } catch (IOException e) {
      return new CopyReport.Osc52Result.WriteFailed(String.valueOf(e.getMessage()));
    }
  }

  /**
   * Runs the program with the text on its stdin. Its output is discarded (xclip and wl-copy leave a
   * process behind that serves the selection and would hold a pipe open); the text is written on
   * another worker, so a program that never reads is stopped at the time limit like one that never
   * ends.
   */
  private CopyReport.ToolResult run(ClipboardTool program, String text)
      throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(program.command())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    byte[] bytes = bytesFor(program, text);
    workers.execute(
        () -> {
          try (OutputStream in = process.getOutputStream()) {
            in.write(bytes);
          } catch (IOException e) {
            // The program ended or was stopped; its exit says what happened.
          }
        });
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
      return new CopyReport.ToolResult.Failed(
          program.name(), "did not finish within " + timeout.toMillis() + " ms");
    }
    int exit = process.exitValue();
    return exit == 0
        ? new CopyReport.ToolResult.Done(program.name())
        : new CopyReport.ToolResult.Failed(program.name(), "exit " + exit);
  }

  /** clip.exe reads the console's code page unless the text is UTF-16 with a byte-order mark. */
  static byte[] bytesFor(ClipboardTool program, String text) {
    return program.name().equals("clip.exe")
        ? ("\uFEFF" + text).getBytes(StandardCharsets.UTF_16LE)
        : text.getBytes(StandardCharsets.UTF_8);
  }
}

package dev.milktui.tui.terminal;

import com.googlecode.lanterna.TerminalSize;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tinylog.Logger;

/** Runs {@code stty} on the controlling terminal. */
final class Stty {
  private Stty() {}

  /** The settings in {@code stty -g} form, to give back to {@link #set} later. */
  static Optional<String> save() {
    return run("-g").map(String::strip).filter(s -> !s.isEmpty());
  }

  /** Applies settings ({@code -ixon}, or a saved {@code stty -g} string); false if it failed. */
  static boolean set(String... settings) {
    return run(settings).isPresent();
  }

  /**
   * The terminal's size as the kernel has it. Unlike Lanterna's cursor-position query, it needs no
   * reply on the input, so it is right whatever mode the terminal is in (say, just after {@code
   * fg}).
   */
  static Optional<TerminalSize> size() {
    String[] rowsColumns = run("size").map(String::strip).orElse("").split(" ");
    try {
      int rows = Integer.parseInt(rowsColumns[0]);
      int columns = Integer.parseInt(rowsColumns[rowsColumns.length - 1]);
      return rows > 0 && columns > 0
          ? Optional.of(new TerminalSize(columns, rows))
          : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static Optional<String> run(String... args) {
    List<String> command = new ArrayList<>(List.of("stty"));
    command.addAll(List.of(args));
    try {
      Process stty =
          new ProcessBuilder(command)
              .redirectInput(new File("/dev/tty"))
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      String out = new String(stty.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      return stty.waitFor() == 0 ? Optional.of(out) : Optional.empty();
    } catch (IOException e) {
      Logger.info(e, "cannot run stty {}", String.join(" ", args));
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}

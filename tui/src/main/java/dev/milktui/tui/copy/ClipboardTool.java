package dev.milktui.tui.copy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The system's clipboard program, found on {@code PATH}: {@code wl-copy} under Wayland, {@code
 * xclip} or {@code xsel} under X, {@code pbcopy} (macOS), {@code clip.exe} (WSL). The programs that
 * need a display are chosen only where one is named ({@code WAYLAND_DISPLAY}, {@code DISPLAY}), so
 * over SSH without one the copy goes by OSC 52 alone. The command names the program by the path
 * found, so what runs is what was looked up.
 *
 * @param name the program's name, for the user
 * @param command the argv: the program's path and its arguments; the text goes to its stdin
 */
public record ClipboardTool(String name, List<String> command) {
  public ClipboardTool {
    command = List.copyOf(command);
  }

  private record Candidate(String program, List<String> arguments, String needs) {}

  private static final List<Candidate> CANDIDATES =
      List.of(
          new Candidate("wl-copy", List.of(), "WAYLAND_DISPLAY"),
          new Candidate("xclip", List.of("-selection", "clipboard"), "DISPLAY"),
          new Candidate("xsel", List.of("--clipboard", "--input"), "DISPLAY"),
          new Candidate("pbcopy", List.of(), null),
          new Candidate("clip.exe", List.of(), null));

  /** The names looked for, in order, for messages. */
  public static String names() {
    return "wl-copy, xclip, xsel, pbcopy, clip.exe";
  }

  /** The first program of the list usable in {@code environment}, if any. */
  public static Optional<ClipboardTool> find(Map<String, String> environment) {
    String path = environment.getOrDefault("PATH", "");
    for (Candidate c : CANDIDATES) {
      if (c.needs() != null && environment.getOrDefault(c.needs(), "").isBlank()) {
        continue;
      }
      Optional<Path> found = onPath(path, c.program());
      if (found.isPresent()) {
        List<String> argv = new ArrayList<>();
        argv.add(found.get().toString());
        argv.addAll(c.arguments());
        return Optional.of(new ClipboardTool(c.program(), argv));
      }
    }
    return Optional.empty();
  }

  private static Optional<Path> onPath(String path, String program) {
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        // An empty entry means the current folder; a clipboard program is never taken from there.
        continue;
      }
      try {
        Path candidate = Path.of(dir, program);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate.toAbsolutePath());
        }
      } catch (InvalidPathException e) {
        // A PATH entry this system cannot name holds no program.
      }
    }
    return Optional.empty();
  }
}

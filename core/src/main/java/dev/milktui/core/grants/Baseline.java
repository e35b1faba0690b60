package dev.milktui.core.grants;

import java.nio.file.Path;
import java.util.List;

/**
 * The pre-approvals milk-tui passes to every session as flags ({@code --allowedTools}, {@code
 * --add-dir}). They live in memory only: persisting them would silently widen the user's own Claude
 * settings on the next upgrade (ADR-0035). The store refuses to write them.
 */
public final class Baseline {

  /**
   * The tools the baseline pre-approves: Bash and Read by name, Write and Edit only inside the
   * working directory and {@code /tmp} (see {@code LaunchSpec.baselineTools()}). A rule as wide as
   * any of them is saved only when the user chose exactly that rule ({@link GrantPolicy}).
   */
  public static final List<String> TOOLS = List.of("Bash", "Read", "Write", "Edit");

  /** Added with {@code --add-dir} to every session, next to the working directory. */
  public static final Path TEMP_DIRECTORY = Path.of("/tmp");

  private Baseline() {}
}

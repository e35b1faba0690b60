package dev.milktui.tui.app;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.tui.text.Sanitizer;
import java.util.Optional;

/**
 * The line each session starts with, once, as Claude Code's own header says it: milk-tui's version,
 * claude's (from its init, else what {@code claude --version} answered), the folder, the model and
 * the mode.
 */
final class SessionHeader {
  private String version;
  private String probedClaudeVersion;
  private int shownFor;

  void version(String version) {
    this.version = version;
  }

  /** milk-tui's version, once the app said it, on one line. */
  Optional<String> version() {
    return Optional.ofNullable(version).map(Sanitizer::oneLine).filter(v -> !v.isEmpty());
  }

  void claudeVersion(String version) {
    probedClaudeVersion = version;
  }

  /** The header for session {@code generation}'s turn, or empty once it was shown. */
  Optional<String> turnStarted(int generation, SessionEvent.TurnStarted t) {
    if (shownFor == generation) {
      return Optional.empty();
    }
    shownFor = generation;
    return Optional.of(
        "milk-tui"
            + (version == null ? "" : " " + version)
            + " · claude "
            + (t.claudeVersion() != null
                ? t.claudeVersion()
                : probedClaudeVersion == null ? "?" : probedClaudeVersion)
            + " · "
            + (t.cwd() == null ? "?" : t.cwd())
            + " · model "
            + (t.model() == null ? "?" : t.model())
            + " · "
            + (t.permissionMode() == null ? "default" : t.permissionMode())
            + " mode");
  }
}

package dev.milktui.core.grants;

import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Spots the CLI's stderr line saying it ignored project settings because the workspace was never
 * trusted. The pinned CLI writes {@code Ignoring 1 permissions.allow entry from
 * .claude/settings.json: this workspace has not been trusted. Run Claude Code interactively here
 * once …} (recording p12), for any count, any key ({@code permissions.allow}, {@code ask}, {@code
 * deny}, …) and any files; with {@code --debug} it also logs {@code Dropped 2 project-scoped
 * permissions.allow entries — workspace not yet trusted}. That line is the only trace of the
 * problem. Other reasons the CLI gives for ignoring entries (a session that moved, no working
 * directory) are not this workspace's trust, which is all milk-tui can offer to fix.
 */
public final class UntrustedWorkspaceDetector implements Predicate<String> {

  private static final Pattern IGNORED =
      Pattern.compile(
          "\\bIgnoring \\d+ \\S+ entr(?:y|ies) from .+?: this workspace has not been trusted\\b");

  private static final Pattern DROPPED =
      Pattern.compile(
          "\\bDropped \\d+ project-scoped \\S+ entr(?:y|ies) \\S+ workspace not yet trusted\\b");

  @Override
  public boolean test(String stderrLine) {
    return stderrLine != null
        && (IGNORED.matcher(stderrLine).find() || DROPPED.matcher(stderrLine).find());
  }
}

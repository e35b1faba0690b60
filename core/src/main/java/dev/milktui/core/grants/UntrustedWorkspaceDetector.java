package dev.milktui.core.grants;

import java.util.Locale;
import java.util.function.Predicate;

/**
 * Spots the CLI's stderr line saying it ignored project permissions because the workspace was never
 * trusted, e.g. {@code Dropped 2 project-scoped permissions.allow entries — workspace not yet
 * trusted}. That line is the only trace of the problem (lessons.md).
 */
public final class UntrustedWorkspaceDetector implements Predicate<String> {

  private static final String PHRASE = "workspace not yet trusted";

  @Override
  public boolean test(String stderrLine) {
    return stderrLine != null && stderrLine.toLowerCase(Locale.ROOT).contains(PHRASE);
  }
}

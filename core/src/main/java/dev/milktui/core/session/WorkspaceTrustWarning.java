package dev.milktui.core.session;

import java.util.Locale;

/**
 * Recognises the CLI's stderr line that says project permission rules were dropped because the
 * workspace is not trusted (e.g. "… entries — workspace not yet trusted").
 */
final class WorkspaceTrustWarning {
  private WorkspaceTrustWarning() {}

  static boolean matches(String stderrLine) {
    String lower = stderrLine.toLowerCase(Locale.ROOT);
    return lower.contains("not yet trusted") || lower.contains("workspace is not trusted");
  }
}

package dev.milktui.core.why;

import java.util.Locale;

/** What claude does with a tool call before it runs. */
public enum Verdict {
  ALLOW,
  ASK,
  DENY;

  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }
}

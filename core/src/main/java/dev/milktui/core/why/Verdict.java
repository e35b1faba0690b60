package dev.milktui.core.why;

import java.util.Locale;

/** What claude does with a tool call before it runs. */
public enum Verdict {
  ALLOW,
  ASK,
  DENY,
  /**
   * Claude runs it without asking only if checks of its own pass that this explanation does not
   * repeat (a read-only command's options, paths outside the working folders); otherwise it asks.
   */
  ASK_OR_ALLOW,
  /** A deny rule matches part of the call, and claude was seen both to refuse and to ask. */
  ASK_OR_DENY;

  public String word() {
    return name().toLowerCase(Locale.ROOT).replace("_", " ");
  }

  /** Whether claude doing {@code real} is what this verdict says. */
  public boolean admits(Verdict real) {
    return this == real
        || (this == ASK_OR_ALLOW && (real == ASK || real == ALLOW))
        || (this == ASK_OR_DENY && (real == ASK || real == DENY));
  }
}

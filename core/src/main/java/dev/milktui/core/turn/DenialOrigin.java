package dev.milktui.core.turn;

import dev.milktui.core.protocol.ToolResultMeta;
import java.util.Optional;

/**
 * Who refused a tool call, read from its {@code tool_result_meta}. Only a refusal by a rule (or one
 * whose origin the CLI did not say) is something a grant can change; the user's own "no" and a
 * hook's are final.
 */
public enum DenialOrigin {
  /** The user said no (in the dialog, or deny and stop). */
  USER,
  /** A PreToolUse hook refused it. */
  HOOK,
  /** A permission rule or the default (no one could be asked): a grant can change this. */
  RULE,
  /** The CLI did not say (older CLIs): treated as a rule. */
  UNKNOWN;

  public boolean grantCanChange() {
    return this == RULE || this == UNKNOWN;
  }

  public static DenialOrigin of(Optional<ToolResultMeta> meta) {
    if (meta.isEmpty()) {
      return UNKNOWN;
    }
    String source = meta.get().source();
    if (source == null) {
      return "user-rejected".equals(meta.get().nonExecutionKind()) ? USER : UNKNOWN;
    }
    if (source.startsWith("user")) {
      return USER;
    }
    if (source.equals("hook")) {
      return HOOK;
    }
    return source.equals("config") ? RULE : UNKNOWN;
  }
}

package dev.milktui.tui.dialog;

import com.fasterxml.jackson.databind.JsonNode;

/** A tool call that failed for want of a permission; duplicates (same tool and input) merged. */
public record FailedCall(String toolName, JsonNode input, int count) {
  /** Calls whose tool is unknown (an id never announced) must never become a grant. */
  public boolean grantable() {
    return toolName != null && !toolName.isBlank();
  }
}

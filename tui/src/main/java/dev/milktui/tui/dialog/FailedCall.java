package dev.milktui.tui.dialog;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A tool call that failed for want of a permission; duplicates (same tool and input) merged.
 * Whether it can be granted depends on the rules core offers for it (none for an unknown tool, or a
 * tool name holding rule syntax).
 */
public record FailedCall(String toolName, JsonNode input, int count) {}

package dev.milktui.core.diff;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The diff a file tool call makes (Edit, MultiEdit, Write over an existing file). Implementations
 * may read the disk, so they are called off the UI thread, where the call arrives.
 */
@FunctionalInterface
public interface ToolDiffs {
  Optional<FileDiff> diff(String toolName, JsonNode input);

  /** No diffs (replays of recordings, whose paths are not this machine's). */
  ToolDiffs NONE = (toolName, input) -> Optional.empty();
}

package dev.milktui.core.replay;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.diff.FileDiff;
import dev.milktui.core.diff.FileDiffs;
import dev.milktui.core.diff.ProposedEdit;
import dev.milktui.core.diff.ToolDiffs;
import dev.milktui.core.protocol.Json;
import java.util.Optional;

/**
 * A replayed file call's diff from its own input, never from the disk: the recorded files are not
 * this machine's, or have changed since. A Write shows its content as added, an Edit its old text
 * against its new (numbered from the edit's first line, as the file's own numbers are not known).
 */
final class RecordedDiffs implements ToolDiffs {
  @Override
  public Optional<FileDiff> diff(String toolName, JsonNode input) {
    String path = Json.text(input, "file_path");
    if (path == null) {
      return Optional.empty();
    }
    String before =
        switch (toolName) {
          case "Write" -> "";
          case "Edit" -> Json.text(input, "old_string");
          default -> null;
        };
    if (before == null) {
      return Optional.empty();
    }
    return ProposedEdit.apply(toolName, input, before)
        .map(after -> FileDiffs.between(path, before, after))
        .filter(diff -> diff.added() > 0 || diff.removed() > 0);
  }
}

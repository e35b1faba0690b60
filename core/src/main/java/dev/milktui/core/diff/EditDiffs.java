package dev.milktui.core.diff;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.grants.RuleSuggester;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Diffs of file tool calls against the file on disk. Reads only a regular file of at most {@link
 * #MAX_FILE_BYTES} that is valid UTF-8; anything else gets no diff. The file named by a call is the
 * one {@link RuleSuggester#file} says, the same place grants take it from. Disk I/O: never call on
 * the UI thread.
 */
public final class EditDiffs implements ToolDiffs {
  /** The largest file read for a diff (the bound on one string in a line). */
  public static final int MAX_FILE_BYTES = 1024 * 1024;

  private final RuleSuggester files;

  public EditDiffs(Path workingDirectory) {
    this.files = new RuleSuggester(workingDirectory);
  }

  @Override
  public Optional<FileDiff> diff(String toolName, JsonNode input) {
    if (!ProposedEdit.changesFile(toolName)) {
      return Optional.empty();
    }
    Optional<Path> file = files.file(toolName, input);
    if (file.isEmpty()) {
      return Optional.empty();
    }
    Path path = file.get();
    if (!Files.exists(path)) {
      // A new file: Write shows its content, an Edit with an empty old_string creates it.
      return "Write".equals(toolName)
          ? Optional.empty()
          : ProposedEdit.apply(toolName, input, "")
              .map(after -> FileDiffs.between(path.toString(), "", after));
    }
    Optional<String> current = read(path);
    if (current.isEmpty()) {
      return Optional.empty();
    }
    Optional<String> after = ProposedEdit.apply(toolName, input, current.get());
    if (after.isPresent()) {
      return Optional.of(FileDiffs.between(path.toString(), current.get(), after.get()));
    }
    // The call may already have run by the time its line was read: diff it backwards.
    return ProposedEdit.undo(toolName, input, current.get())
        .map(before -> FileDiffs.between(path.toString(), before, current.get()));
  }

  static Optional<String> read(Path path) {
    if (!Files.isRegularFile(path)) {
      return Optional.empty();
    }
    byte[] bytes;
    try (InputStream in = Files.newInputStream(path)) {
      bytes = in.readNBytes(MAX_FILE_BYTES + 1);
    } catch (IOException | SecurityException e) {
      return Optional.empty();
    }
    if (bytes.length > MAX_FILE_BYTES) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString());
    } catch (CharacterCodingException e) {
      return Optional.empty();
    }
  }
}

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
 * #MAX_FILE_BYTES} that is valid UTF-8 with no NUL; anything else gets no diff. CRLF files are
 * matched with \n line ends, as the CLI matches them. The file named by a call is the one {@link
 * RuleSuggester#file} says, the same place grants take it from. Disk I/O: never call on the UI
 * thread.
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
    Optional<String> read = read(path);
    if (read.isEmpty()) {
      return Optional.empty();
    }
    // The CLI matches edits against the file with its line ends made \n (and keeps the file's own
    // on writing); the diff's lines have no line ends, so matching that way changes nothing shown.
    String normalized = read.get().replace("\r\n", "\n");
    Optional<FileDiff> diff = against(path, toolName, input, normalized);
    return diff.isPresent() || normalized.equals(read.get())
        ? diff
        : against(path, toolName, input, read.get());
  }

  private static Optional<FileDiff> against(
      Path path, String toolName, JsonNode input, String current) {
    Optional<String> after = ProposedEdit.apply(toolName, input, current);
    Optional<FileDiff> diff =
        after.isPresent()
            ? Optional.of(FileDiffs.between(path.toString(), current, after.get()))
            // The call may already have run by the time its line was read: diff it backwards.
            : ProposedEdit.undo(toolName, input, current)
                .map(before -> FileDiffs.between(path.toString(), before, current));
    // No changed line: a Write that already ran, or one that changes only the final newline or
    // line ends; "No change" could be false, so the call says what it did instead.
    return diff.filter(d -> d.added() > 0 || d.removed() > 0);
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
    for (byte b : bytes) {
      if (b == 0) {
        // A NUL is valid UTF-8 but means a binary file: its "lines" are no diff to read.
        return Optional.empty();
      }
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

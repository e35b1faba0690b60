package dev.milktui.core.grants;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Derives grant offers from a tool call that failed or was denied: the tool-wide rule and, where
 * the CLI has a matching rule form that is genuinely narrower, a scoped one. File writes are scoped
 * as {@code Edit(//dir/**)} because that is the only path rule the CLI applies to {@code Write}
 * (protocol.md §11); {@code //} marks an absolute path in rule syntax.
 *
 * <p>This is also the one place that says which directory a call touched (a file's parent, the
 * directory a search ran in, never a file itself). A broad directory ({@link
 * DirectoryPaths#isBroad}) is neither offered as a path rule nor as a directory. Pattern characters
 * in a directory's name are escaped ({@link PathPattern}); a name no escape makes exact gets no
 * path rule, only the directory offer.
 */
public final class RuleSuggester {

  private final Path workingDirectory;
  private final DirectoryPaths paths;

  /**
   * @param workingDirectory the session's directory, for relative paths and path-less searches
   */
  public RuleSuggester(Path workingDirectory) {
    this(workingDirectory, DirectoryPaths.ofUser());
  }

  public RuleSuggester(Path workingDirectory, DirectoryPaths paths) {
    this.workingDirectory = workingDirectory.toAbsolutePath().normalize();
    this.paths = paths;
  }

  public SuggestedRules suggest(String toolName, JsonNode input) {
    if (toolName == null || !PermissionRule.isToolName(toolName.strip())) {
      return SuggestedRules.NONE;
    }
    PermissionRule toolWide = PermissionRule.toolWide(toolName.strip());
    return switch (toolWide.toolName()) {
      case "Bash" ->
          new SuggestedRules(
              Optional.of(toolWide),
              BashCommandPrefix.of(text(input, "command"))
                  .map(prefix -> PermissionRule.scoped("Bash", prefix + ":*")),
              Optional.empty());
      case "Write", "Edit", "MultiEdit" ->
          underDirectory(toolWide, "Edit", parentOf(input, "file_path"));
      case "NotebookEdit" -> underDirectory(toolWide, "Edit", parentOf(input, "notebook_path"));
      case "Read" -> underDirectory(toolWide, "Read", parentOf(input, "file_path"));
      case "Glob" -> underDirectory(toolWide, "Read", searchDirectory(input, true));
      case "Grep" -> underDirectory(toolWide, "Read", searchDirectory(input, false));
      case "WebFetch" ->
          new SuggestedRules(
              Optional.of(toolWide),
              host(text(input, "url"))
                  .map(host -> PermissionRule.scoped("WebFetch", "domain:" + host)),
              Optional.empty());
      default -> new SuggestedRules(Optional.of(toolWide), Optional.empty(), Optional.empty());
    };
  }

  private SuggestedRules underDirectory(
      PermissionRule toolWide, String ruleTool, Optional<Path> touched) {
    Optional<Path> directory = touched.filter(dir -> !paths.isBroad(dir));
    return new SuggestedRules(
        Optional.of(toolWide),
        directory
            .flatMap(PathPattern::under)
            .map(pattern -> PermissionRule.scoped(ruleTool, pattern)),
        directory.filter(this::worthAdding));
  }

  /** The working directory and {@code /tmp} are in every session already. */
  private boolean worthAdding(Path directory) {
    return !directory.equals(workingDirectory) && !directory.equals(Baseline.TEMP_DIRECTORY);
  }

  private Optional<Path> parentOf(JsonNode input, String field) {
    return path(text(input, field)).map(Path::getParent);
  }

  /**
   * Glob and Grep search {@code path} (the working directory when absent); a file means its
   * directory. Glob's path is always a directory; a Grep path that does not exist could be either,
   * so it yields none.
   */
  private Optional<Path> searchDirectory(JsonNode input, boolean alwaysDirectory) {
    String typed = text(input, "path");
    if (typed.isBlank()) {
      return Optional.of(workingDirectory);
    }
    return path(typed)
        .flatMap(
            p -> {
              if (Files.isDirectory(p)) {
                return Optional.of(p);
              }
              if (Files.exists(p)) {
                return Optional.ofNullable(p.getParent());
              }
              return alwaysDirectory ? Optional.of(p) : Optional.empty();
            });
  }

  private Optional<Path> path(String typed) {
    if (typed.isBlank()) {
      return Optional.empty();
    }
    try {
      return Optional.of(workingDirectory.resolve(typed).normalize());
    } catch (InvalidPathException e) {
      return Optional.empty();
    }
  }

  private static Optional<String> host(String url) {
    try {
      return Optional.ofNullable(new URI(url.strip()).getHost()).filter(host -> !host.isBlank());
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
  }

  private static String text(JsonNode input, String field) {
    JsonNode value = input == null ? null : input.get(field);
    return value != null && value.isTextual() ? value.asText() : "";
  }
}

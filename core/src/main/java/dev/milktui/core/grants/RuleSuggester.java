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
 * the CLI has a matching rule form, a scoped one. File writes are scoped as {@code Edit(//dir/**)}
 * because that is the only path rule the CLI applies to {@code Write} (protocol.md §11); {@code //}
 * marks an absolute path in rule syntax.
 */
public final class RuleSuggester {

  private final Path workingDirectory;

  /**
   * @param workingDirectory the session's directory, for relative paths and path-less searches
   */
  public RuleSuggester(Path workingDirectory) {
    this.workingDirectory = workingDirectory.toAbsolutePath().normalize();
  }

  public SuggestedRules suggest(String toolName, JsonNode input) {
    if (toolName == null || toolName.isBlank()) {
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
      case "Glob", "Grep" -> underDirectory(toolWide, "Read", searchDirectory(input));
      case "WebFetch" ->
          new SuggestedRules(
              Optional.of(toolWide),
              host(text(input, "url"))
                  .map(host -> PermissionRule.scoped("WebFetch", "domain:" + host)),
              Optional.empty());
      default -> new SuggestedRules(Optional.of(toolWide), Optional.empty(), Optional.empty());
    };
  }

  private static SuggestedRules underDirectory(
      PermissionRule toolWide, String ruleTool, Optional<Path> directory) {
    return new SuggestedRules(
        Optional.of(toolWide),
        directory.map(
            dir -> PermissionRule.scoped(ruleTool, "/" + withoutTrailingSlash(dir) + "/**")),
        directory);
  }

  private Optional<Path> parentOf(JsonNode input, String field) {
    return path(text(input, field)).map(Path::getParent);
  }

  /**
   * Glob and Grep search {@code path} (the working directory when absent); a file means its
   * directory.
   */
  private Optional<Path> searchDirectory(JsonNode input) {
    String typed = text(input, "path");
    Optional<Path> path = typed.isBlank() ? Optional.of(workingDirectory) : path(typed);
    return path.map(p -> Files.isRegularFile(p) ? p.getParent() : p);
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

  private static String withoutTrailingSlash(Path directory) {
    String text = directory.toString();
    return text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
  }

  private static String text(JsonNode input, String field) {
    JsonNode value = input == null ? null : input.get(field);
    return value != null && value.isTextual() ? value.asText() : "";
  }
}

package dev.milktui.core.session;

import java.nio.file.Path;
import java.util.List;

/**
 * What the user chose in the stream-closed (or denials) dialog: rules to allow, directories to add,
 * whether to remember them in Claude's user settings, and the message that asks Claude to retry. An
 * empty decision is "retry without granting".
 */
public record GrantDecision(
    List<String> rules, List<Path> directories, boolean persist, String retryMessage) {

  public static final String DEFAULT_RETRY_MESSAGE =
      "The permissions you needed were granted. Please retry the tool calls that failed.";

  public GrantDecision {
    rules = List.copyOf(rules);
    directories = List.copyOf(directories);
    if (retryMessage == null || retryMessage.isBlank()) {
      retryMessage = DEFAULT_RETRY_MESSAGE;
    }
  }

  public static GrantDecision retryWithoutGrants() {
    return new GrantDecision(
        List.of(), List.of(), false, "Please retry the tool calls that failed.");
  }

  public boolean grantsSomething() {
    return !rules.isEmpty() || !directories.isEmpty();
  }
}

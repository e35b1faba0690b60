package dev.milktui.core.grants;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;

/**
 * What the user chose in the stream-closed (or denials) dialog: rules to allow, directories to add,
 * whether to remember them in Claude's user settings, and the message that asks Claude to retry. An
 * empty decision is "retry without granting".
 *
 * @param confirmedRules the rules among {@code rules} that the user explicitly chose or wrote; only
 *     these may persist a tool-wide baseline rule such as {@code Write}
 * @param broadConfirmed the user explicitly confirmed that a broad directory ({@code /}, home or
 *     above) may be added
 * @param calls the failed calls the dialog listed, each with whether it was ticked; empty when the
 *     decision did not come from a dialog
 */
public record GrantDecision(
    List<String> rules,
    List<Path> directories,
    boolean persist,
    String retryMessage,
    List<String> confirmedRules,
    boolean broadConfirmed,
    List<Call> calls) {

  /**
   * One failed call as the dialog listed it (repeats of the same call merged into {@code count}).
   *
   * @param rule the rule it was granted with when ticked, empty when it was not
   */
  public record Call(String tool, JsonNode input, int count, boolean ticked, String rule) {
    public Call {
      tool = tool == null ? "" : tool;
      rule = ticked && rule != null ? rule : "";
    }
  }

  public static final String DEFAULT_RETRY_MESSAGE =
      "The permissions you needed were granted. Please retry the tool calls that failed.";
  public static final String NO_GRANTS_RETRY_MESSAGE = "Please retry the tool calls that failed.";

  public GrantDecision {
    rules = List.copyOf(rules);
    directories = List.copyOf(directories);
    confirmedRules = confirmedRules.stream().filter(rules::contains).toList();
    calls = List.copyOf(calls);
    // Claude must never be told that something was granted when nothing was.
    if (rules.isEmpty() && directories.isEmpty()) {
      retryMessage = NO_GRANTS_RETRY_MESSAGE;
    } else if (retryMessage == null || retryMessage.isBlank()) {
      retryMessage = DEFAULT_RETRY_MESSAGE;
    }
  }

  public GrantDecision(
      List<String> rules,
      List<Path> directories,
      boolean persist,
      String retryMessage,
      List<String> confirmedRules,
      boolean broadConfirmed) {
    this(rules, directories, persist, retryMessage, confirmedRules, broadConfirmed, List.of());
  }

  /** A decision in which no rule counts as explicitly confirmed and no directory as broad. */
  public GrantDecision(
      List<String> rules, List<Path> directories, boolean persist, String retryMessage) {
    this(rules, directories, persist, retryMessage, List.of(), false);
  }

  public static GrantDecision retryWithoutGrants() {
    return new GrantDecision(List.of(), List.of(), false, null);
  }

  /** The same decision, with the calls the dialog listed and which of them were ticked. */
  public GrantDecision withCalls(List<Call> listed) {
    return new GrantDecision(
        rules, directories, persist, retryMessage, confirmedRules, broadConfirmed, listed);
  }

  public boolean grantsSomething() {
    return !rules.isEmpty() || !directories.isEmpty();
  }
}

package dev.milktui.core.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.protocol.Json;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;

/**
 * One entry of the decision ledger: a decision about what may run, as it was taken.
 *
 * @param sessionId claude's session id, empty when claude had not named one yet
 * @param tool the tool the decision is about, empty for a mode change or a trust
 * @param input the tool input the decision covers (as sent back when it was allowed), or null
 * @param shown that input as the permission dialog showed it, marked as it marked it (controls and
 *     lookalikes made visible, widening keys named in words)
 * @param decided what was decided, in words ("allowed once", "denied: …")
 * @param by who decided
 * @param source what {@code by} stands on: the rule and the file it is in, the mode's name; empty
 *     when the user decided alone
 * @param details the decision's own facts (rules, directories, file, message, mode), for {@code
 *     --json}
 */
public record Decision(
    Instant time,
    String sessionId,
    Kind kind,
    String tool,
    JsonNode input,
    String shown,
    String decided,
    By by,
    String source,
    ObjectNode details) {

  public Decision {
    sessionId = sessionId == null ? "" : sessionId;
    tool = tool == null ? "" : tool;
    shown = shown == null ? "" : shown;
    source = source == null ? "" : source;
    details = details == null ? Json.object() : details;
  }

  /** The user trusted {@code workspace}: claude may read its project settings and run in it. */
  public static Decision workspaceTrusted(
      Instant time, String sessionId, Path workspace, Path file) {
    ObjectNode details = Json.object();
    details.put("workspace", workspace.toString());
    details.put("file", file.toString());
    return new Decision(
        time,
        sessionId,
        Kind.TRUST,
        "",
        null,
        "",
        "trusted the workspace " + workspace + " (written to " + file + ")",
        By.YOU,
        "",
        details);
  }

  /** What kind of decision it was; {@link #wireName} is how the ledger file spells it. */
  public enum Kind {
    ALLOW_ONCE("allow-once"),
    ALLOW_ALWAYS("allow-always"),
    DENY("deny"),
    DENY_AND_STOP("deny-and-stop"),
    GRANT("grant"),
    TRUST("trust"),
    RAN_WITHOUT_ASKING("ran-without-asking"),
    REFUSED_WITHOUT_ASKING("refused-without-asking"),
    MODE("mode");

    private final String wireName;

    Kind(String wireName) {
      this.wireName = wireName;
    }

    public String wireName() {
      return wireName;
    }

    public static Optional<Kind> ofWireName(String name) {
      return Arrays.stream(values()).filter(kind -> kind.wireName.equals(name)).findFirst();
    }
  }

  /** Who decided. */
  public enum By {
    YOU("you"),
    RULE("rule"),
    BASELINE("baseline"),
    MODE("mode"),
    CLAUDE("claude"),
    /** milk-tui's default: what nobody answered is denied; the mode nobody chose is default. */
    DEFAULT("default");

    private final String wireName;

    By(String wireName) {
      this.wireName = wireName;
    }

    public String wireName() {
      return wireName;
    }

    public static Optional<By> ofWireName(String name) {
      return Arrays.stream(values()).filter(by -> by.wireName.equals(name)).findFirst();
    }
  }
}

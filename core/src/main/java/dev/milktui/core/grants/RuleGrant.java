package dev.milktui.core.grants;

/**
 * A rule someone wants persisted, with where it came from. The origin lets the store tell a user's
 * deliberate choice from a pre-approval that leaked in through a bug.
 */
public record RuleGrant(PermissionRule rule, Origin origin) {

  public enum Origin {
    /** A session pre-approval; never persisted, always refused. */
    BASELINE,
    /** Offered by milk-tui or the CLI and ticked by the user (scoped rules, non-baseline tools). */
    SUGGESTED,
    /**
     * The user explicitly asked for this exact rule, having been shown that it is tool-wide. Only
     * this origin may persist a bare baseline tool such as {@code Write}.
     */
    USER_CONFIRMED
  }

  public static RuleGrant suggested(String rule) {
    return new RuleGrant(PermissionRule.parse(rule), Origin.SUGGESTED);
  }

  public static RuleGrant userConfirmed(String rule) {
    return new RuleGrant(PermissionRule.parse(rule), Origin.USER_CONFIRMED);
  }

  public static RuleGrant baseline(String rule) {
    return new RuleGrant(PermissionRule.parse(rule), Origin.BASELINE);
  }
}

package dev.milktui.core.why;

import dev.milktui.core.grants.PermissionRule;

/** One rule of one list (allow, ask or deny) and where it was read. */
public record SourcedRule(PermissionRule rule, RuleOrigin origin) {

  public String text() {
    return rule.toString();
  }

  /** "Bash(npm test:*) in user settings (/home/a/.claude/settings.json)". */
  public String describe() {
    return text() + " in " + origin.describe();
  }
}

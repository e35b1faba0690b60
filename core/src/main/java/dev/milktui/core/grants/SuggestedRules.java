package dev.milktui.core.grants;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What to offer for one failed or denied tool call.
 *
 * @param toolWide the rule allowing the tool everywhere; empty when the call had no tool name
 * @param scoped a narrower rule covering calls like this one, when one can be derived
 * @param directory the directory the call touched, for the dialog's directory field
 */
public record SuggestedRules(
    Optional<PermissionRule> toolWide, Optional<PermissionRule> scoped, Optional<Path> directory) {

  static final SuggestedRules NONE =
      new SuggestedRules(Optional.empty(), Optional.empty(), Optional.empty());

  /** The offers, narrowest first. */
  public List<PermissionRule> rules() {
    List<PermissionRule> rules = new ArrayList<>(2);
    scoped.ifPresent(rules::add);
    toolWide.ifPresent(rules::add);
    return rules;
  }
}

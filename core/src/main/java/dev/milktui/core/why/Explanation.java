package dev.milktui.core.why;

import java.util.List;
import java.util.Optional;

/**
 * What claude does with one call and why.
 *
 * @param verdict allow, ask or deny
 * @param rule the rule that decided, when one did
 * @param because the reason in words ("Bash(git status) in user settings", "no rule: claude asks")
 * @param notes what else the answer depends on: layers left out, parts no rule covers, limits of
 *     this explanation
 */
public record Explanation(
    Verdict verdict, Optional<SourcedRule> rule, String because, List<String> notes) {

  public Explanation {
    notes = List.copyOf(notes);
  }

  /** "ask, because Bash(rm *-r*) in milk-tui's always-ask list". */
  public String summary() {
    return verdict.word() + ", because " + because;
  }
}

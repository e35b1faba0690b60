package dev.milktui.core.grants;

import dev.milktui.core.text.TerminalText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The one owner of what a rule or directory grant may be, for every dialog that grants (the grant
 * dialog, "allow always") and for the store that saves them. A suggestion, the CLI's or milk-tui's,
 * is only a proposal: this decides whether it may be offered at all, whether it is wide (it needs
 * the user's deliberate choice), what it allows in words, and in which order offers come (the
 * narrowest first).
 *
 * <p>Refused outright: a rule that is not {@code Tool} or {@code Tool(content)} with a tool name as
 * the CLI spells them (so a Cyrillic {@code Bаsh} is no rule), one holding a control or invisible
 * character, one longer than {@value #MAX_RULE_LENGTH} characters. Wide: a tool-wide rule, a
 * content of wildcards only ({@code Bash(*)}, {@code Read(//**)}, {@code WebFetch(domain:*)}), a
 * path rule over a broad directory ({@code Edit(//home/**)}) — and a rule with letters of mixed
 * scripts, which could be read as another rule.
 */
public final class GrantPolicy {
  /** Longer than this is no rule anyone reads before saving it. */
  public static final int MAX_RULE_LENGTH = 500;

  /** A rule that may be offered, with what the user needs to know to choose it. */
  public record Rule(PermissionRule rule, Breadth breadth, String meaning) {
    /** Whether saving it needs the user's deliberate choice of exactly this rule. */
    public boolean needsChoice() {
      return breadth != Breadth.SCOPED;
    }

    /** The rule as settings files spell it. */
    public String text() {
      return rule.toString();
    }
  }

  /** How far a rule reaches. */
  public enum Breadth {
    SCOPED,
    /** Every use of the tool, or every file of a broad directory. */
    WIDE,
    /** Letters of another script inside a word: it may not be the rule it looks like. */
    LOOKALIKE
  }

  /** A directory grant as it would be made: normalised, and whether it is broad. */
  public record Directory(Path path, boolean broad) {}

  private final DirectoryPaths paths;

  public GrantPolicy(DirectoryPaths paths) {
    this.paths = paths;
  }

  /** For the user running milk-tui (both the password database's home and {@code $HOME}). */
  public static GrantPolicy ofUser() {
    return new GrantPolicy(DirectoryPaths.ofUser());
  }

  /**
   * What {@code text} would grant.
   *
   * @throws IllegalArgumentException when it may not be granted at all; the message says why
   */
  public Rule rule(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("an empty rule");
    }
    if (text.length() > MAX_RULE_LENGTH) {
      throw new IllegalArgumentException(
          "a rule of " + text.length() + " characters (more than " + MAX_RULE_LENGTH + ")");
    }
    Set<TerminalText.Finding> findings = TerminalText.findings(text);
    if (findings.contains(TerminalText.Finding.CONTROL)
        || findings.contains(TerminalText.Finding.HIDDEN)) {
      throw new IllegalArgumentException("holds control or invisible characters");
    }
    PermissionRule rule = PermissionRule.parse(text);
    if (!PermissionRule.isToolName(rule.toolName())) {
      throw new IllegalArgumentException("\"" + rule.toolName() + "\" is not a tool name");
    }
    Breadth breadth =
        findings.contains(TerminalText.Finding.MIXED_SCRIPT)
            ? Breadth.LOOKALIKE
            : wide(rule) ? Breadth.WIDE : Breadth.SCOPED;
    return new Rule(rule, breadth, RuleMeaning.of(rule));
  }

  /** As {@link #rule}, empty when refused. */
  public Optional<Rule> offerable(String text) {
    try {
      return Optional.of(rule(text));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** The offerable rules among {@code texts}, once each, the narrowest first (stable otherwise). */
  public List<Rule> ranked(List<String> texts) {
    List<Rule> rules = new ArrayList<>();
    for (String text : texts) {
      offerable(text)
          .filter(r -> rules.stream().noneMatch(seen -> seen.text().equals(r.text())))
          .ifPresent(rules::add);
    }
    rules.sort(Comparator.comparing(Rule::breadth));
    return rules;
  }

  /** Whether {@code rule} reaches every use of its tool or every file of a broad directory. */
  private boolean wide(PermissionRule rule) {
    if (rule.content().isEmpty()) {
      return true;
    }
    String content = rule.content().get();
    if (scopesNothing(content)) {
      return true;
    }
    return PathPattern.directoryOf(content)
        .map(directory -> paths.isBroad(Path.of(directory)))
        .orElse(false);
  }

  /**
   * Whether a rule's content limits nothing: wildcards, slashes, colons, dots, tildes and blanks
   * alone, also after {@code domain:}.
   */
  static boolean scopesNothing(String content) {
    String scope = content.startsWith("domain:") ? content.substring(7) : content;
    return scope.chars().allMatch(c -> "*/:.~ ".indexOf(c) >= 0);
  }

  /**
   * A directory as it would be granted; relative ones resolve against {@code base}.
   *
   * @throws IllegalArgumentException when it is no valid directory path; the message says why
   */
  public Directory directory(String typed, Path base) {
    if (TerminalText.hasControls(typed)) {
      throw new IllegalArgumentException(
          "holds control, invisible or lookalike characters: " + TerminalText.revealInline(typed));
    }
    Path path = paths.normalise(typed, base);
    return new Directory(path, paths.isBroad(path));
  }

  /** Whether granting {@code directory} reaches {@code /}, a home directory or above. */
  public boolean isBroad(Path directory) {
    return paths.isBroad(directory);
  }

  DirectoryPaths paths() {
    return paths;
  }
}

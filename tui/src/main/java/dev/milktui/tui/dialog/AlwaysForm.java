package dev.milktui.tui.dialog;

import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.grants.GrantPolicy;
import dev.milktui.core.grants.PermissionRule;
import dev.milktui.core.protocol.PermissionSuggestion;
import dev.milktui.core.text.TerminalText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The state of "allow always" (Shift+A in the permission dialog), apart from the screen, held to
 * the grant dialog's guards by core's {@link GrantPolicy}. The CLI's {@code permission_suggestions}
 * and milk-tui's own offers are proposals: refused ones are only listed, the rest are offered the
 * narrowest first, and the field starts with the narrowest. A wide rule (tool-wide, wildcards only,
 * a broad directory) or a lookalike one is saved only when the user picked exactly it (↑/↓) or
 * wrote it. The CLI's directories are offered unticked, a broad one needs its own confirmation, and
 * its mode changes are never applied.
 */
final class AlwaysForm {

  /** A directory the CLI proposed for this session, as it would be granted. */
  static final class Directory {
    private final String proposed;
    private final GrantPolicy.Directory resolved;
    private final String refusal;
    private boolean ticked;

    private Directory(String proposed, GrantPolicy.Directory resolved, String refusal) {
      this.proposed = proposed;
      this.resolved = resolved;
      this.refusal = refusal;
    }

    String proposed() {
      return proposed;
    }

    /** Why it cannot be added; null when it can. */
    String refusal() {
      return refusal;
    }

    boolean broad() {
      return resolved != null && resolved.broad();
    }

    boolean ticked() {
      return ticked;
    }
  }

  /** What Enter saves and sends: the rules, those the user chose, the directories ticked. */
  record Decision(
      List<String> rules,
      List<String> confirmed,
      List<PermissionSuggestion.Rule> sessionRules,
      List<String> directories) {}

  private final GrantPolicy policy;
  private final List<GrantPolicy.Rule> offers;
  private final List<String> refused = new ArrayList<>();
  private final List<Directory> directories = new ArrayList<>();
  private final List<String> modes = new ArrayList<>();
  private String text;
  // What was last put into the field for the user (the first fill, or an offer picked with ↑/↓).
  private String filled;
  private String picked;
  private int offer;
  private boolean broadConfirmed;

  private AlwaysForm(GrantPolicy policy, List<GrantPolicy.Rule> offers) {
    this.policy = policy;
    this.offers = offers;
  }

  static AlwaysForm of(
      PermissionRequest request, RuleOptions options, GrantPolicy policy, Path base) {
    List<String> proposed = new ArrayList<>();
    List<String> fromCli = new ArrayList<>();
    List<String> directories = new ArrayList<>();
    List<String> modes = new ArrayList<>();
    List<PermissionSuggestion> suggestions = request.request().permissionSuggestions();
    for (PermissionSuggestion s :
        suggestions == null ? List.<PermissionSuggestion>of() : suggestions) {
      if (s instanceof PermissionSuggestion.AddRules add
          && (add.behavior() == null || "allow".equals(add.behavior()))) {
        add.rules().forEach(rule -> fromCli.add(rule.asSettingsRule()));
      } else if (s instanceof PermissionSuggestion.AddDirectories add) {
        directories.addAll(add.directories());
      } else if (s instanceof PermissionSuggestion.SetMode mode && mode.mode() != null) {
        modes.add(mode.mode());
      }
    }
    proposed.addAll(fromCli);
    proposed.addAll(
        options.offer(request.toolName(), request.request().input()).rules().stream()
            .map(PermissionRule::toString)
            .toList());
    AlwaysForm form = new AlwaysForm(policy, policy.ranked(proposed));
    for (String rule : new LinkedHashSet<>(proposed)) {
      try {
        policy.rule(rule);
      } catch (IllegalArgumentException e) {
        form.refused.add(TerminalText.revealInline(shortened(rule)) + " (" + e.getMessage() + ")");
      }
    }
    for (String directory : new LinkedHashSet<>(directories)) {
      try {
        form.directories.add(new Directory(directory, policy.directory(directory, base), null));
      } catch (IllegalArgumentException e) {
        form.directories.add(new Directory(directory, null, e.getMessage()));
      }
    }
    form.modes.addAll(new LinkedHashSet<>(modes));
    form.fill(form.firstFill(fromCli));
    return form;
  }

  /** The CLI's scoped rules together (they may all be needed), else the narrowest offer. */
  private String firstFill(List<String> fromCli) {
    List<String> scoped = new ArrayList<>();
    for (GrantPolicy.Rule rule : offers) {
      if (!rule.needsChoice() && fromCli.contains(rule.text())) {
        scoped.add(rule.text());
      }
    }
    if (!scoped.isEmpty()) {
      return RuleText.join(scoped);
    }
    return offers.isEmpty() ? "" : offers.get(0).text();
  }

  private void fill(String rules) {
    text = rules;
    filled = rules;
  }

  /** The field's text. */
  String text() {
    return text;
  }

  /** The user typed in the field. */
  void edit(String typed) {
    text = typed == null ? "" : typed;
  }

  /** ↑/↓: the next offer (narrowest first) into the field, picked deliberately. */
  void pick(int step) {
    if (offers.isEmpty()) {
      return;
    }
    boolean showingOffer = text.equals(offers.get(offer).text());
    offer = showingOffer ? Math.floorMod(offer + step, offers.size()) : offer;
    picked = offers.get(offer).text();
    fill(picked);
  }

  List<GrantPolicy.Rule> offers() {
    return offers;
  }

  /** The CLI's proposals that are no rule milk-tui saves, marked, with why. */
  List<String> refused() {
    return refused;
  }

  List<Directory> directories() {
    return directories;
  }

  /** Mode changes the CLI proposed; never applied from here. */
  List<String> modes() {
    return modes;
  }

  void setTicked(int index, boolean ticked) {
    directories.get(index).ticked = ticked && directories.get(index).refusal == null;
  }

  void setBroadConfirmed(boolean confirmed) {
    broadConfirmed = confirmed;
  }

  boolean anyBroad() {
    return directories.stream().anyMatch(Directory::broad);
  }

  /**
   * Whether the user chose {@code rule} themselves: picked it with ↑/↓, or wrote it (it was not in
   * what was filled in for them).
   */
  private boolean chosen(String rule) {
    return rule.equals(picked) || !RuleText.split(filled).contains(rule);
  }

  /**
   * One line per rule in the field: the rule marked, what it allows, and whether it still needs a
   * choice; a rule that may not be saved says why.
   */
  List<String> lines() {
    List<String> lines = new ArrayList<>();
    for (String rule : RuleText.split(text)) {
      String shown = TerminalText.revealInline(shortened(rule));
      try {
        GrantPolicy.Rule assessed = policy.rule(rule);
        String line = shown + " — allows " + TerminalText.revealInline(assessed.meaning());
        if (assessed.needsChoice()) {
          line +=
              chosen(rule) ? " (" + breadth(assessed) + ", chosen)" : " ⚠ " + howToChoose(assessed);
        }
        lines.add(line);
      } catch (IllegalArgumentException e) {
        lines.add(shown + " — not saved: " + e.getMessage());
      }
    }
    return lines;
  }

  private static String breadth(GrantPolicy.Rule rule) {
    return rule.breadth() == GrantPolicy.Breadth.LOOKALIKE
        ? "holds letters of another script, marked"
        : "wide";
  }

  private static String howToChoose(GrantPolicy.Rule rule) {
    return breadth(rule)
        + ": press ↓ until it is in the field to choose it, or keep a narrower rule";
  }

  /**
   * What Enter saves and sends.
   *
   * @throws IllegalArgumentException when the field holds no rule, a rule the policy refuses, a
   *     wide rule the user did not choose, or a broad directory is ticked but not confirmed; the
   *     message says what to do
   */
  Decision decision() {
    List<String> rules = RuleText.split(text);
    if (rules.isEmpty()) {
      throw new IllegalArgumentException("Write a rule to save, or press Esc to go back.");
    }
    Set<String> confirmed = new LinkedHashSet<>();
    List<PermissionSuggestion.Rule> sessionRules = new ArrayList<>();
    for (String rule : rules) {
      GrantPolicy.Rule assessed;
      try {
        assessed = policy.rule(rule);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "Not a rule milk-tui saves: "
                + TerminalText.revealInline(shortened(rule))
                + " ("
                + e.getMessage()
                + ")",
            e);
      }
      if (assessed.needsChoice() && !chosen(rule)) {
        throw new IllegalArgumentException(
            TerminalText.revealInline(rule)
                + " allows "
                + assessed.meaning()
                + " ("
                + howToChoose(assessed)
                + ").");
      }
      if (chosen(rule)) {
        confirmed.add(rule);
      }
      sessionRules.add(
          new PermissionSuggestion.Rule(
              assessed.rule().toolName(), assessed.rule().content().orElse(null)));
    }
    List<String> added = new ArrayList<>();
    for (Directory directory : directories) {
      if (directory.ticked) {
        if (directory.broad() && !broadConfirmed) {
          throw new IllegalArgumentException(
              TerminalText.revealInline(directory.proposed)
                  + " is broad (/, your home or above): tick \"broad dir OK\" to add it.");
        }
        added.add(directory.resolved.path().toString());
      }
    }
    return new Decision(rules, List.copyOf(confirmed), sessionRules, added);
  }

  /** A rule as a line shows it: an absurdly long one is cut, with its length. */
  private static String shortened(String rule) {
    return rule.length() > 120 ? rule.substring(0, 120) + "… (" + rule.length() + " chars)" : rule;
  }
}

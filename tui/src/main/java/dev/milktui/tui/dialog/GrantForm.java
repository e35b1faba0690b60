package dev.milktui.tui.dialog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.StreamClosedRecord;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.grants.DirectoryPaths;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantPolicy;
import dev.milktui.core.grants.PermissionRule;
import dev.milktui.core.grants.SuggestedRules;
import dev.milktui.core.protocol.PermissionDenial;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The state of the grant dialog, apart from the screen: which failed calls are ticked (none at
 * first), which rule each would grant (the narrowest at first), the directories to add, whether a
 * broad directory is confirmed, and whether to remember the grant (not at first). Until the user
 * edits the directory field it holds exactly the directories of the ticked calls. Its {@link
 * #decision()} is what "grant and retry" sends, and never more than that.
 */
public final class GrantForm {

  /** Why the calls failed; decides the dialog's wording. */
  public enum Kind {
    STREAM_CLOSED,
    DENIALS
  }

  /** One row: a failed call, its rule options (narrowest first), and the user's choices. */
  public static final class Item {
    private final FailedCall call;
    private final List<GrantPolicy.Rule> offers;
    private final List<String> rules;
    private final Optional<Path> directory;
    private boolean ticked;
    private int rule;
    private boolean chosen;

    Item(FailedCall call, List<GrantPolicy.Rule> offers, Optional<Path> directory) {
      this.call = call;
      this.offers = List.copyOf(offers);
      this.rules = offers.stream().map(GrantPolicy.Rule::text).toList();
      this.directory = directory;
    }

    public FailedCall call() {
      return call;
    }

    /** The rules offered, narrowest first; empty when the call cannot be granted. */
    public List<String> rules() {
      return rules;
    }

    public boolean grantable() {
      return !rules.isEmpty();
    }

    public boolean ticked() {
      return ticked;
    }

    public int rule() {
      return rule;
    }

    /**
     * Whether the user picked the current rule themselves (with ←/→), not just left the default.
     */
    public boolean chosen() {
      return chosen;
    }

    /** The directory the call touched, from core; empty when none is worth adding. */
    public Optional<Path> directory() {
      return directory;
    }

    /** The rule this row would grant, when it can grant one. */
    public Optional<String> currentRule() {
      return grantable() ? Optional.of(rules.get(rule)) : Optional.empty();
    }

    /**
     * Whether the current rule needs the user's deliberate choice: it is wide (tool-wide, wildcards
     * only, a broad directory) or holds lookalike letters ({@link GrantPolicy}).
     */
    public boolean wide() {
      return current().map(GrantPolicy.Rule::needsChoice).orElse(false);
    }

    /** Whether the current rule holds letters of mixed scripts. */
    public boolean lookalike() {
      return current().map(r -> r.breadth() == GrantPolicy.Breadth.LOOKALIKE).orElse(false);
    }

    /** What the current rule allows, in words. */
    public String meaning() {
      return current().map(GrantPolicy.Rule::meaning).orElse("");
    }

    private Optional<GrantPolicy.Rule> current() {
      return grantable() ? Optional.of(offers.get(rule)) : Optional.empty();
    }
  }

  private final Kind kind;
  private final List<Item> items;
  private final Path cwd;
  private final GrantPolicy policy;
  private String directories = "";
  private boolean directoriesEdited;
  private boolean broadConfirmed;
  private boolean persist;

  GrantForm(Kind kind, List<Item> items, Path cwd, GrantPolicy policy) {
    this.kind = kind;
    this.items = items;
    this.cwd = cwd;
    this.policy = policy;
  }

  /** The form for a turn's stream-closed failures, or else its denials. */
  public static GrantForm of(TurnSummary summary, RuleOptions options, Path cwd) {
    return of(summary, options, cwd, DirectoryPaths.ofUser());
  }

  /**
   * @param cwd the session's working directory, against which typed relative directories resolve;
   *     null means the process's
   */
  public static GrantForm of(
      TurnSummary summary, RuleOptions options, Path cwd, DirectoryPaths paths) {
    Map<String, FailedCall> merged = new LinkedHashMap<>();
    Kind kind = summary.streamClosed().isEmpty() ? Kind.DENIALS : Kind.STREAM_CLOSED;
    if (kind == Kind.STREAM_CLOSED) {
      for (StreamClosedRecord r : summary.streamClosed()) {
        merge(merged, r.toolName(), r.input());
      }
    } else {
      for (PermissionDenial d : summary.denials()) {
        merge(merged, d.toolName(), d.toolInput());
      }
    }
    GrantPolicy policy = new GrantPolicy(paths);
    List<Item> items = new ArrayList<>();
    for (FailedCall call : merged.values()) {
      SuggestedRules offer = options.offer(call.toolName(), call.input());
      items.add(
          new Item(
              call,
              policy.ranked(offer.rules().stream().map(PermissionRule::toString).toList()),
              offer.directory()));
    }
    Path base = (cwd == null ? Path.of("") : cwd).toAbsolutePath().normalize();
    return new GrantForm(kind, items, base, policy);
  }

  private static void merge(Map<String, FailedCall> merged, String tool, JsonNode input) {
    String name = tool == null ? "" : tool;
    String key = name + "\u0000" + (input == null ? "" : input.toString());
    FailedCall seen = merged.get(key);
    merged.put(key, new FailedCall(name, input, seen == null ? 1 : seen.count() + 1));
  }

  public Kind kind() {
    return kind;
  }

  public List<Item> items() {
    return List.copyOf(items);
  }

  public void setTicked(int index, boolean ticked) {
    Item item = items.get(index);
    item.ticked = ticked && item.grantable();
    followTicks();
  }

  /** Ticks every grantable call, or unticks all when all are ticked already. */
  public void toggleAll() {
    boolean allTicked = true;
    for (Item item : items) {
      if (item.grantable() && !item.ticked) {
        allTicked = false;
      }
    }
    for (Item item : items) {
      item.ticked = !allTicked && item.grantable();
    }
    followTicks();
  }

  /** The user picked rule {@code rule} of row {@code index} (picking the only rule confirms it). */
  public void chooseRule(int index, int rule) {
    Item item = items.get(index);
    if (rule >= 0 && rule < item.rules.size()) {
      item.rule = rule;
      item.chosen = true;
    }
  }

  public String directories() {
    return directories;
  }

  /** Whether the field still follows the ticks (the user has not edited it). */
  public boolean directoriesFollowTicks() {
    return !directoriesEdited;
  }

  /** The user edited the field: from now on it stays as they leave it. */
  public void editDirectories(String text) {
    this.directories = text == null ? "" : text;
    this.directoriesEdited = true;
  }

  private void followTicks() {
    if (directoriesEdited) {
      return;
    }
    Set<String> dirs = new LinkedHashSet<>();
    for (Item item : items) {
      if (item.ticked) {
        item.directory.ifPresent(dir -> dirs.add(dir.toString()));
      }
    }
    directories = String.join(", ", dirs);
  }

  /**
   * The field's directories, resolved as they will be granted: {@code ~} expanded, relative ones
   * against the session's working directory.
   *
   * @throws IllegalArgumentException when one is not a valid directory; the message says which
   */
  public List<Path> resolvedDirectories() {
    List<Path> dirs = new ArrayList<>();
    for (String part : directories.split(",")) {
      if (!part.isBlank()) {
        Path path = policy.directory(part, cwd).path();
        if (!dirs.contains(path)) {
          dirs.add(path);
        }
      }
    }
    return dirs;
  }

  /** The resolved directories that reach {@code /}, home or above. */
  public List<Path> broadDirectories() {
    return resolvedDirectories().stream().filter(policy::isBroad).toList();
  }

  public boolean broadConfirmed() {
    return broadConfirmed;
  }

  public void setBroadConfirmed(boolean confirmed) {
    this.broadConfirmed = confirmed;
  }

  public boolean persist() {
    return persist;
  }

  public void setPersist(boolean persist) {
    this.persist = persist;
  }

  /**
   * The ticked calls' current rules and the field's resolved directories; the rules the user picked
   * themselves are marked confirmed.
   *
   * @throws IllegalArgumentException when a directory is not valid, a broad directory is not
   *     confirmed, or a ticked call would grant a tool-wide rule the user did not pick; the message
   *     says what to do
   */
  public GrantDecision decision() {
    Set<String> rules = new LinkedHashSet<>();
    Set<String> confirmed = new LinkedHashSet<>();
    for (Item item : items) {
      if (!item.ticked || item.currentRule().isEmpty()) {
        continue;
      }
      String rule = item.currentRule().get();
      if (item.wide() && !item.chosen) {
        throw new IllegalArgumentException(
            rule
                + " allows "
                + item.meaning()
                + ": press → on its row to choose it, or untick the call.");
      }
      rules.add(rule);
      if (item.chosen) {
        confirmed.add(rule);
      }
    }
    List<Path> dirs;
    try {
      dirs = resolvedDirectories();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Not a valid directory: " + e.getMessage(), e);
    }
    List<Path> broad = dirs.stream().filter(policy::isBroad).toList();
    if (!broad.isEmpty() && !broadConfirmed) {
      throw new IllegalArgumentException(
          broad.get(0) + " is broad (/, your home or above): tick the confirmation to grant it.");
    }
    return new GrantDecision(
            List.copyOf(rules), dirs, persist, null, List.copyOf(confirmed), !broad.isEmpty())
        .withCalls(listedCalls(true));
  }

  /**
   * Every call the dialog lists, each ticked or not with the rule it would grant; with {@code
   * asTicked} false, none counts as ticked (the user retried without granting).
   */
  List<GrantDecision.Call> listedCalls(boolean asTicked) {
    return items.stream()
        .map(
            item ->
                new GrantDecision.Call(
                    item.call.toolName(),
                    item.call.input(),
                    item.call.count(),
                    asTicked && item.ticked && item.currentRule().isPresent(),
                    item.currentRule().orElse("")))
        .toList();
  }
}

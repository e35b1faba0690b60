package dev.milktui.tui.dialog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.PermissionDenial;
import dev.milktui.core.session.GrantDecision;
import dev.milktui.core.turn.StreamClosedRecord;
import dev.milktui.core.turn.TurnSummary;
import dev.milktui.tui.tools.InputSummary;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The state of the grant dialog, apart from the screen: which failed calls are ticked (none at
 * first), which rule each would grant, the directories to add, and whether to remember them. Its
 * {@link #decision()} is what "grant and retry" sends.
 */
public final class GrantForm {

  /** Why the calls failed; decides the dialog's wording. */
  public enum Kind {
    STREAM_CLOSED,
    DENIALS
  }

  /** One row: a failed call, its rule options (first tool-wide), and the user's choices. */
  public static final class Item {
    private final FailedCall call;
    private final List<String> rules;
    private boolean ticked;
    private int rule;

    Item(FailedCall call, List<String> rules) {
      this.call = call;
      this.rules = List.copyOf(rules);
    }

    public FailedCall call() {
      return call;
    }

    public List<String> rules() {
      return rules;
    }

    public boolean ticked() {
      return ticked;
    }

    public int rule() {
      return rule;
    }
  }

  private final Kind kind;
  private final List<Item> items;
  private String directories;
  private boolean persist = true;

  GrantForm(Kind kind, List<Item> items, String directories) {
    this.kind = kind;
    this.items = items;
    this.directories = directories;
  }

  /** The form for a turn's stream-closed failures, or else its denials. */
  public static GrantForm of(TurnSummary summary, RuleOptions options, Path cwd) {
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
    List<Item> items = new ArrayList<>();
    Set<String> dirs = new LinkedHashSet<>();
    for (FailedCall call : merged.values()) {
      List<String> rules =
          call.grantable() ? options.rulesFor(call.toolName(), call.input()) : List.of();
      items.add(
          new Item(call, rules.isEmpty() && call.grantable() ? List.of(call.toolName()) : rules));
      String dir = directoryOf(call, cwd);
      if (!dir.isEmpty()) {
        dirs.add(dir);
      }
    }
    return new GrantForm(kind, items, String.join(", ", dirs));
  }

  private static void merge(Map<String, FailedCall> merged, String tool, JsonNode input) {
    String name = tool == null ? "" : tool;
    String key = name + "\u0000" + (input == null ? "" : input.toString());
    FailedCall seen = merged.get(key);
    merged.put(key, new FailedCall(name, input, seen == null ? 1 : seen.count() + 1));
  }

  /** The directory a call touched: a file's parent, or the directory a search ran in. */
  static String directoryOf(FailedCall call, Path cwd) {
    JsonNode input = call.input();
    if (input == null) {
      return "";
    }
    String file = InputSummary.text(input, "file_path");
    if (file.isEmpty()) {
      file = InputSummary.text(input, "notebook_path");
    }
    String dir;
    try {
      if (!file.isEmpty()) {
        Path parent = resolve(file, cwd).getParent();
        dir = parent == null ? "" : parent.toString();
      } else {
        String path = InputSummary.text(input, "path");
        dir = path.isEmpty() ? "" : resolve(path, cwd).toString();
      }
    } catch (InvalidPathException e) {
      return "";
    }
    return dir;
  }

  private static Path resolve(String path, Path cwd) {
    Path p = Path.of(path);
    return (p.isAbsolute() || cwd == null ? p : cwd.resolve(p)).normalize();
  }

  public Kind kind() {
    return kind;
  }

  public List<Item> items() {
    return List.copyOf(items);
  }

  public void setTicked(int index, boolean ticked) {
    Item item = items.get(index);
    item.ticked = ticked && item.call.grantable();
  }

  /** Ticks every grantable call, or unticks all when all are ticked already. */
  public void toggleAll() {
    boolean allTicked = true;
    for (Item item : items) {
      if (item.call.grantable() && !item.ticked) {
        allTicked = false;
      }
    }
    for (Item item : items) {
      item.ticked = !allTicked && item.call.grantable();
    }
  }

  public void chooseRule(int index, int rule) {
    Item item = items.get(index);
    if (rule >= 0 && rule < item.rules.size()) {
      item.rule = rule;
    }
  }

  public String directories() {
    return directories;
  }

  public void setDirectories(String directories) {
    this.directories = directories == null ? "" : directories;
  }

  public boolean persist() {
    return persist;
  }

  public void setPersist(boolean persist) {
    this.persist = persist;
  }

  /**
   * Rules of the ticked, named calls only; directories from the field (comma-separated).
   *
   * @throws IllegalArgumentException when a directory is not a valid path; the message says which
   */
  public GrantDecision decision() {
    Set<String> rules = new LinkedHashSet<>();
    for (Item item : items) {
      if (item.ticked && item.call.grantable() && !item.rules.isEmpty()) {
        String rule = item.rules.get(item.rule);
        if (rule != null && !rule.isBlank()) {
          rules.add(rule);
        }
      }
    }
    List<Path> dirs = new ArrayList<>();
    for (String part : directories.split(",")) {
      String dir = part.strip();
      if (!dir.isEmpty()) {
        try {
          Path path = Path.of(dir);
          if (!dirs.contains(path)) {
            dirs.add(path);
          }
        } catch (InvalidPathException e) {
          throw new IllegalArgumentException("Not a valid directory: " + dir, e);
        }
      }
    }
    return new GrantDecision(List.copyOf(rules), dirs, persist, null);
  }
}

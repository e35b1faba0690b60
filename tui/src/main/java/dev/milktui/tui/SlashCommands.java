package dev.milktui.tui;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The slash commands the message box can offer: claude's own (its {@code system/init} lists them,
 * skills included) and the few milk-tui answers itself because claude rejects them in stream-json
 * mode ("isn't available in this environment"). Owned by the UI thread.
 */
public final class SlashCommands {
  /** Answered by milk-tui, never sent to claude. */
  public static final List<String> LOCAL = List.of("help", "login", "resume");

  private List<String> claude = List.of();
  private List<String> skills = List.of();

  void update(List<String> commands, List<String> skillNames) {
    claude = List.copyOf(commands);
    skills = List.copyOf(skillNames);
  }

  /** Every command name without the slash, claude's and milk-tui's, sorted, once each. */
  public List<String> names() {
    TreeSet<String> all = new TreeSet<>(claude);
    all.addAll(LOCAL);
    return List.copyOf(all);
  }

  /** The commands claude listed (names without the slash), in its order. */
  public List<String> claudeCommands() {
    return claude;
  }

  /** The skills claude listed (they are slash commands too). */
  public List<String> skills() {
    return skills;
  }

  /** The command milk-tui answers itself that {@code message} is, if it is one. */
  static Optional<String> local(String message) {
    String text = message.strip();
    if (!text.startsWith("/")) {
      return Optional.empty();
    }
    int end = text.indexOf(' ');
    String name = (end < 0 ? text.substring(1) : text.substring(1, end)).toLowerCase(Locale.ROOT);
    return LOCAL.contains(name) ? Optional.of(name) : Optional.empty();
  }
}

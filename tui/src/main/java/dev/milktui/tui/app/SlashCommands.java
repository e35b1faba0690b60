package dev.milktui.tui.app;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The slash commands the message box can offer: claude's own (its {@code system/init} lists them,
 * skills included) and those claude rejects in stream-json mode ("isn't available in this
 * environment", or "here yet"), which milk-tui answers itself and never sends. Owned by the UI
 * thread.
 */
public final class SlashCommands {
  /** Claude rejects these; milk-tui does what they mean, and offers them for completion. */
  public static final List<String> LOCAL =
      List.of(
          "copy", "exit", "export", "help", "login", "logout", "mouse", "plan", "quit", "resume",
          "retry");

  /**
   * The other commands the pinned claude answers "isn't available in this environment" (or "here
   * yet") in stream-json mode, as measured against it: milk-tui says so itself and sends nothing.
   */
  static final Set<String> UNAVAILABLE =
      Set.of(
          "add-dir",
          "bashes",
          "branch",
          "btw",
          "bug",
          "chrome",
          "desktop",
          "extra-usage",
          "feedback",
          "focus",
          "fork",
          "hooks",
          "ide",
          "install-github-app",
          "keybindings",
          "memory",
          "mobile",
          "passes",
          "permissions",
          "plugin",
          "privacy-settings",
          "release-notes",
          "remote-env",
          "rewind",
          "sandbox",
          "session",
          "skills",
          "status",
          "statusline",
          "stickers",
          "tasks",
          "terminal-setup",
          "theme",
          "upgrade",
          "vim");

  /**
   * What the commands milk-tui knows do, in its own words: its own, and claude's built-in ones that
   * work here. Skills and project commands have none.
   */
  private static final Map<String, String> DESCRIPTIONS =
      Map.ofEntries(
          Map.entry("exit", "quit milk-tui"),
          Map.entry("quit", "quit milk-tui"),
          Map.entry("export", "save the transcript as Markdown"),
          Map.entry("retry", "send your message again after a failed turn"),
          Map.entry("help", "milk-tui's keys and commands"),
          Map.entry("login", "how to log in (claude's own log-in is used)"),
          Map.entry("logout", "how to switch accounts"),
          Map.entry("plan", "switch to plan mode"),
          Map.entry("resume", "pick an earlier session of this folder"),
          Map.entry("copy", "copy Claude's last reply; code [N] a code block, tool [N] an output"),
          Map.entry("mouse", "give the mouse to the terminal to select text, or take it back"),
          Map.entry("clear", "start the conversation afresh"),
          Map.entry("compact", "summarise the conversation to free context"),
          Map.entry("context", "what fills the context window"),
          Map.entry("cost", "what this session cost so far"),
          Map.entry("init", "write a CLAUDE.md for this project"),
          Map.entry("review", "review a pull request"),
          Map.entry("security-review", "review the pending changes for security"),
          Map.entry("model", "choose the model"),
          Map.entry("agents", "manage subagents"),
          Map.entry("mcp", "MCP servers and their tools"),
          Map.entry("pr-comments", "read a pull request's comments"),
          Map.entry("release-notes", "what changed in claude"),
          Map.entry("todos", "the current todo list"),
          Map.entry("output-style", "choose how Claude writes"),
          Map.entry("usage", "plan usage and limits"));

  private List<String> claude = List.of();
  private List<String> skills = List.of();

  public void update(List<String> commands, List<String> skillNames) {
    claude = List.copyOf(commands);
    skills = List.copyOf(skillNames);
  }

  /**
   * Every command name without the slash that does something here, claude's and milk-tui's, sorted,
   * once each: none claude would only reject, and none of claude's internal ones ({@code
   * __remote-workflow}: a name starting with two underscores is not for people to type).
   */
  public List<String> names() {
    TreeSet<String> all = new TreeSet<>(claude);
    all.removeAll(UNAVAILABLE);
    all.removeIf(SlashCommands::internal);
    all.addAll(LOCAL);
    return List.copyOf(all);
  }

  static boolean internal(String name) {
    return name.startsWith("__");
  }

  /** What {@code name} (without the slash) does, where milk-tui knows. */
  public static Optional<String> description(String name) {
    return Optional.ofNullable(DESCRIPTIONS.get(name.toLowerCase(Locale.ROOT)));
  }

  /** The commands claude listed (names without the slash), in its order. */
  public List<String> claudeCommands() {
    return claude;
  }

  /** The skills claude listed (they are slash commands too). */
  public List<String> skills() {
    return skills;
  }

  /**
   * The command milk-tui answers itself that {@code message} is, if it is one (its name, without
   * the slash): one of {@link #LOCAL} or {@link #UNAVAILABLE}, with or without arguments.
   */
  public static Optional<String> local(String message) {
    String text = message.strip();
    if (!text.startsWith("/")) {
      return Optional.empty();
    }
    int end = 1;
    while (end < text.length() && !Character.isWhitespace(text.charAt(end))) {
      end++;
    }
    String name = text.substring(1, end).toLowerCase(Locale.ROOT);
    return LOCAL.contains(name) || UNAVAILABLE.contains(name)
        ? Optional.of(name)
        : Optional.empty();
  }

  /** What follows a command's name, stripped ("" when nothing does). */
  static String arguments(String message) {
    String text = message.strip();
    int end = 0;
    while (end < text.length() && !Character.isWhitespace(text.charAt(end))) {
      end++;
    }
    return text.substring(end).strip();
  }

  /** What milk-tui offers instead of a command claude rejects, where it offers something. */
  static Optional<String> instead(String name) {
    return Optional.ofNullable(
        switch (name) {
          case "permissions" ->
              "Allow always (Shift+A) in a permission dialog saves a rule; `milk-tui grants list`"
                  + " shows the saved ones.";
          case "add-dir" -> "Start milk-tui with --add-dir, or grant a directory when asked.";
          case "status" -> "The status bar shows the model, the mode and the session.";
          case "tasks", "bashes" -> "F6 lists what runs in claude and stops it.";
          case "theme", "terminal-setup", "keybindings", "vim" -> "F1 lists milk-tui's keys.";
          default -> null;
        });
  }
}

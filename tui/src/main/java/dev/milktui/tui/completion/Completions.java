package dev.milktui.tui.completion;

import dev.milktui.core.text.TerminalText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What the message box offers for the word at the caret: claude's slash commands for {@code /} at
 * the start, files relative to the working directory for {@code @}; names (or file names) that
 * start with what was typed come first (same case before any case), then names that contain it. The
 * file list may still be loading (or there may be no working directory yet): then only commands are
 * offered.
 */
public final class Completions {
  /** More than this many is not a choice anyone reads. */
  static final int MAX_ITEMS = 50;

  private final Supplier<List<String>> commands;
  private final Supplier<Optional<FileIndex>> files;

  /**
   * @param commands slash command names without the slash
   * @param files the working directory's files, once it is known
   */
  public Completions(Supplier<List<String>> commands, Supplier<Optional<FileIndex>> files) {
    this.commands = commands;
    this.files = files;
  }

  /** What is offered for {@code query}: each item is the word that replaces it. */
  public List<String> offer(Query query) {
    if (query.trigger() == Query.COMMAND) {
      return ranked(commands.get(), query.prefix(), "/", false);
    }
    return files.get().map(i -> ranked(i.files(), query.prefix(), "@", true)).orElse(List.of());
  }

  /** Asks for a fresh file list when an {@code @} word starts (it arrives in the background). */
  public void fileWordStarted() {
    files.get().ifPresent(FileIndex::refresh);
  }

  private static List<String> ranked(
      List<String> names, String typed, String trigger, boolean paths) {
    String want = typed.toLowerCase(Locale.ROOT);
    List<String> items = rankedNames(names, typed, want, paths);
    List<String> words = new ArrayList<>(items.size());
    for (String name : items) {
      words.add(paths ? mention(name) : trigger + name);
    }
    return words;
  }

  /**
   * A file as Claude Code mentions it: {@code @path}, or {@code @"path"} when the path holds a
   * blank (Claude Code reads such a mention only quoted) or a character the screen shows marked (a
   * control, an invisible character): the mention holds the real name, quoted so that it stays one
   * word whatever it holds.
   */
  static String mention(String path) {
    return path.chars().anyMatch(Character::isWhitespace) || TerminalText.hasControls(path)
        ? "@\"" + path + "\""
        : "@" + path;
  }

  private static List<String> rankedNames(
      List<String> names, String typed, String want, boolean paths) {
    List<String> exact = new ArrayList<>();
    List<String> first = new ArrayList<>();
    List<String> then = new ArrayList<>();
    for (String name : names) {
      String base = paths ? baseName(name) : name;
      String n = name.toLowerCase(Locale.ROOT);
      if (name.startsWith(typed) || base.startsWith(typed)) {
        exact.add(name);
      } else if (n.startsWith(want) || base.toLowerCase(Locale.ROOT).startsWith(want)) {
        first.add(name);
      } else if (n.contains(want)) {
        then.add(name);
      }
      if (exact.size() >= MAX_ITEMS) {
        break;
      }
    }
    exact.addAll(first);
    exact.addAll(then);
    return exact.size() > MAX_ITEMS ? List.copyOf(exact.subList(0, MAX_ITEMS)) : exact;
  }

  private static String baseName(String path) {
    String p = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    return p.substring(p.lastIndexOf('/') + 1);
  }
}

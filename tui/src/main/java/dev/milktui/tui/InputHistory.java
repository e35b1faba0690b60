package dev.milktui.tui;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.milktui.core.io.OwnerOnlyFiles;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.tinylog.Logger;

/**
 * Sent messages, newest last, browsed with Up/Down and kept in a file across runs (one JSON string
 * per line, so multi-line messages survive). A file that cannot be read or written is logged and
 * the history lives in memory only.
 */
public final class InputHistory {
  static final int MAX_ENTRIES = 1000;

  private final Path file;
  private final Executor writes;
  // The last append queued: the next one runs after it, so the file keeps the order of sends.
  private CompletableFuture<Void> writing = CompletableFuture.completedFuture(null);
  private final List<String> entries = new ArrayList<>();
  private int cursor;
  private String draft = "";

  /**
   * {@code file} may be null: no persistence. Entries are appended on {@code writes}, in order,
   * never on the caller's thread (the UI thread never waits on a disk).
   */
  public InputHistory(Path file, Executor writes) {
    this.file = file;
    this.writes = writes;
    load();
    cursor = entries.size();
  }

  public List<String> entries() {
    return List.copyOf(entries);
  }

  public void add(String entry) {
    cursor = entries.size();
    if (entry.isBlank() || (!entries.isEmpty() && entries.get(entries.size() - 1).equals(entry))) {
      cursor = entries.size();
      return;
    }
    entries.add(entry);
    if (entries.size() > MAX_ENTRIES) {
      entries.remove(0);
    }
    cursor = entries.size();
    draft = "";
    writing = writing.thenRunAsync(() -> save(entry), writes);
  }

  /** The older entry, remembering {@code current} as the draft when leaving it; null at the top. */
  public String previous(String current) {
    if (cursor == 0) {
      return null;
    }
    if (cursor == entries.size()) {
      draft = current;
    }
    cursor--;
    return entries.get(cursor);
  }

  /** The newer entry, or the draft past the newest; null when already there. */
  public String next() {
    if (cursor >= entries.size()) {
      return null;
    }
    cursor++;
    return cursor == entries.size() ? draft : entries.get(cursor);
  }

  private void load() {
    if (file == null || !Files.isRegularFile(file)) {
      return;
    }
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      for (String line : lines) {
        try {
          String entry = Json.mapper().readValue(line, String.class);
          if (entry != null && !entry.isBlank()) {
            entries.add(entry);
          }
        } catch (JsonProcessingException e) {
          Logger.debug("skipping unreadable history line in {}", file);
        }
      }
      while (entries.size() > MAX_ENTRIES) {
        entries.remove(0);
      }
      if (lines.size() > 2 * MAX_ENTRIES) {
        rewrite();
      }
    } catch (IOException e) {
      Logger.warn(e, "cannot read input history {}", file);
    }
  }

  private void save(String entry) {
    if (file == null) {
      return;
    }
    try {
      OwnerOnlyFiles.createFileIfMissing(file);
      Files.writeString(
          file,
          Json.mapper().writeValueAsString(entry) + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      Logger.warn(e, "cannot write input history {}", file);
    }
  }

  private void rewrite() throws IOException {
    StringBuilder out = new StringBuilder();
    for (String entry : entries) {
      out.append(Json.mapper().writeValueAsString(entry)).append('\n');
    }
    Files.writeString(file, out.toString(), StandardCharsets.UTF_8);
  }
}

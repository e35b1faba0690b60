package dev.milktui.tui.history;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Ctrl+R's reverse search through the sent messages, as a shell's: the newest message holding the
 * query (any case), then older ones on each further Ctrl+R. A changed query searches from the
 * newest again. It only finds; the message box decides what to do with the match.
 */
public final class HistorySearch {
  /** What the box shows above the match. */
  public static final String PROMPT = "search history: ";

  private final List<String> entries;
  private String query = "";
  private int at;

  /** {@code entries}: oldest first, as the history keeps them. */
  public HistorySearch(List<String> entries) {
    this.entries = List.copyOf(entries);
    this.at = find(this.entries.size() - 1);
  }

  public String query() {
    return query;
  }

  /** The message found, or empty: none holds the query. */
  public Optional<String> match() {
    return at < 0 ? Optional.empty() : Optional.of(entries.get(at));
  }

  /** The query with {@code typed} added; the newest match of it. */
  public void type(String typed) {
    query = query + typed;
    at = find(entries.size() - 1);
  }

  /** The query less its last character; the newest match of it. */
  public void erase() {
    if (!query.isEmpty()) {
      query = query.substring(0, query.offsetByCodePoints(query.length(), -1));
      at = find(entries.size() - 1);
    }
  }

  /** The next older message holding the query; stays on the oldest when there is none. */
  public void older() {
    if (at > 0) {
      int next = find(at - 1);
      if (next >= 0) {
        at = next;
      }
    }
  }

  private int find(int from) {
    String wanted = query.toLowerCase(Locale.ROOT);
    for (int i = from; i >= 0; i--) {
      if (entries.get(i).toLowerCase(Locale.ROOT).contains(wanted)) {
        return i;
      }
    }
    return -1;
  }
}

package dev.milktui.core.testkit;

import java.util.List;
import java.util.Map;

/** The AskUserQuestion call the tests have the model make: which database, Postgres or SQLite. */
public final class DatabaseQuestion {
  public static final String TEXT = "Which database should we use?";

  private DatabaseQuestion() {}

  /** The model's tool call, {@code toolUseId} its id. */
  public static Reply.Message asked(String toolUseId) {
    Map<String, Object> question =
        Map.of(
            "question",
            TEXT,
            "header",
            "Database",
            "multiSelect",
            false,
            "options",
            List.of(
                Map.of("label", "Postgres", "description", "Relational"),
                Map.of("label", "SQLite", "description", "Embedded")));
    return Reply.toolUse(toolUseId, "AskUserQuestion", Map.of("questions", List.of(question)));
  }
}

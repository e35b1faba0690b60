package dev.milktui.core.ledger;

import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where the ledger lives: {@code decisions/} under milk-tui's state folder, one file per UTC day,
 * {@code YYYY-MM-DD.jsonl}, so the names sort as the days do.
 */
public final class LedgerFolder {
  private static final Pattern DAY_FILE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}\\.jsonl");

  private LedgerFolder() {}

  public static Path of(Path stateDirectory) {
    return stateDirectory.resolve("decisions");
  }

  public static Path dayFile(Path folder, Instant time) {
    return folder.resolve(LocalDate.ofInstant(time, ZoneOffset.UTC) + ".jsonl");
  }

  /** The day a ledger file is for, or empty for a file that is not one. */
  public static Optional<LocalDate> dayOf(Path file) {
    String name = file.getFileName().toString();
    if (!DAY_FILE.matcher(name).matches()) {
      return Optional.empty();
    }
    try {
      return Optional.of(LocalDate.parse(name.substring(0, name.length() - ".jsonl".length())));
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }
}

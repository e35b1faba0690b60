package dev.milktui.core.ledger;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Reads the ledger back, oldest first. A line that holds no entry is skipped and counted, never
 * fatal: a file's last line without its line end (a write cut short by a crash) as torn, any other
 * as bad.
 */
public final class LedgerReader {

  /** What was read: the entries that passed the filter, and the lines skipped. */
  public record Reading(List<Decision> entries, int tornLines, int badLines) {
    public Reading {
      entries = List.copyOf(entries);
    }
  }

  private LedgerReader() {}

  /**
   * The entries of the day files in {@code folder} from {@code since}'s day on that {@code keep}
   * accepts; none when the folder does not exist.
   */
  public static Reading read(Path folder, Optional<Instant> since, Predicate<Decision> keep)
      throws IOException {
    Optional<LocalDate> firstDay = since.map(time -> LocalDate.ofInstant(time, ZoneOffset.UTC));
    List<Path> files;
    try (Stream<Path> listed = Files.list(folder)) {
      files =
          listed
              .filter(file -> LedgerFolder.dayOf(file).isPresent())
              .filter(
                  file ->
                      firstDay.isEmpty()
                          || !LedgerFolder.dayOf(file).get().isBefore(firstDay.get()))
              .sorted(Comparator.comparing(file -> file.getFileName().toString()))
              .toList();
    } catch (NoSuchFileException e) {
      return new Reading(List.of(), 0, 0);
    }
    List<Decision> entries = new ArrayList<>();
    int torn = 0;
    int bad = 0;
    for (Path file : files) {
      // Bytes that are not UTF-8 become U+FFFD rather than failing the whole file.
      String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
      int start = 0;
      while (start < text.length()) {
        int end = text.indexOf('\n', start);
        boolean last = end < 0;
        String line = text.substring(start, last ? text.length() : end);
        start = last ? text.length() : end + 1;
        if (line.isBlank()) {
          continue;
        }
        Optional<Decision> entry = DecisionLine.read(line);
        if (entry.isEmpty()) {
          if (last) {
            torn++;
          } else {
            bad++;
          }
        } else if (since.map(t -> !entry.get().time().isBefore(t)).orElse(true)
            && keep.test(entry.get())) {
          entries.add(entry.get());
        }
      }
    }
    entries.sort(Comparator.comparing(Decision::time));
    return new Reading(entries, torn, bad);
  }
}

package dev.milktui.app;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --since WHEN}: a date (the start of that day, UTC), a date and time (UTC unless it names
 * an offset or Z), or how long ago ({@code 90m}, {@code 2h}, {@code 3d}, {@code 1w}).
 */
final class SinceTime {
  private static final Pattern AGO = Pattern.compile("(\\d{1,9})([smhdw])");

  private SinceTime() {}

  /**
   * @throws IllegalArgumentException with a message that says what is accepted
   */
  static Instant parse(String text, Clock clock) {
    String value = text.strip();
    Matcher ago = AGO.matcher(value);
    if (ago.matches()) {
      long amount = Long.parseLong(ago.group(1));
      Duration unit =
          switch (ago.group(2)) {
            case "s" -> Duration.ofSeconds(1);
            case "m" -> Duration.ofMinutes(1);
            case "h" -> Duration.ofHours(1);
            case "d" -> Duration.ofDays(1);
            default -> Duration.ofDays(7);
          };
      return clock.instant().minus(unit.multipliedBy(amount));
    }
    try {
      return LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant();
    } catch (DateTimeParseException e) {
      // Not a date alone.
    }
    try {
      return OffsetDateTime.parse(value).toInstant();
    } catch (DateTimeParseException e) {
      // No offset.
    }
    try {
      return LocalDateTime.parse(value).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "--since takes a date (2026-12-03), a date and time (2026-12-03T14:00, UTC unless it"
              + " ends in Z or an offset) or a time ago (90m, 2h, 3d, 1w), not '"
              + GrantsSubcommand.safe(text)
              + "'");
    }
  }
}

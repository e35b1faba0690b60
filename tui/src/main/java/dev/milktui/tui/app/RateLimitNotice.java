package dev.milktui.tui.app;

import dev.milktui.core.event.SessionEvent;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** The words for a usage limit near or reached, with its reset in local time. */
public final class RateLimitNotice {
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT);
  private static final DateTimeFormatter DAY_TIME =
      DateTimeFormatter.ofPattern("EEE d MMM HH:mm", Locale.ROOT);

  private RateLimitNotice() {}

  public static SessionEvent.Level level(SessionEvent.RateLimited limit) {
    return limit.reached() ? SessionEvent.Level.ERROR : SessionEvent.Level.WARNING;
  }

  public static String text(SessionEvent.RateLimited limit, Instant now, ZoneId zone) {
    String which = limitName(limit.limitType());
    String resets =
        limit.resetsAt() == null ? "" : "; it resets at " + when(limit.resetsAt(), now, zone);
    if (limit.reached()) {
      return "You have reached your "
          + which
          + resets
          + ". Claude cannot answer until then (your messages wait).";
    }
    String used =
        limit.utilization() == null ? "" : " (" + Math.round(limit.utilization() * 100) + "% used)";
    return "You are close to your " + which + used + resets + ".";
  }

  private static String limitName(String type) {
    if (type == null || type.isBlank()) {
      return "usage limit";
    }
    return switch (type) {
      case "five_hour" -> "5-hour usage limit";
      case "seven_day" -> "weekly usage limit";
      case "seven_day_opus" -> "weekly Opus limit";
      case "seven_day_sonnet" -> "weekly Sonnet limit";
      default -> type.replace('_', ' ') + " limit";
    };
  }

  private static String when(Instant at, Instant now, ZoneId zone) {
    ZonedDateTime local = at.atZone(zone);
    String text =
        Duration.between(now, at).compareTo(Duration.ofHours(20)) < 0
                && local.toLocalDate().equals(now.atZone(zone).toLocalDate())
            ? TIME.format(local)
            : DAY_TIME.format(local);
    return text + " (local time)";
  }
}

package dev.milktui.tui.app;

import dev.milktui.core.event.TurnSummary;
import java.util.List;

/** The end of a turn with nothing in it but how it ended, for the reducer's parts. */
final class TurnEnds {
  private TurnEnds() {}

  static TurnSummary ended(boolean failed, boolean interrupted) {
    return new TurnSummary(
        1,
        "s",
        "",
        List.of(),
        List.of(),
        List.of(),
        0,
        null,
        0,
        0,
        failed,
        null,
        null,
        null,
        List.of(),
        null,
        0,
        interrupted);
  }
}

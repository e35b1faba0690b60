package dev.milktui.core.turn;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.testkit.Recordings;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** Feeds messages into a {@link TurnAccumulator} and keeps every event it emits. */
final class Replay {
  final List<SessionEvent> events = new ArrayList<>();
  final TurnAccumulator accumulator =
      new TurnAccumulator(
          events::add, Clock.fixed(Instant.parse("2026-12-02T13:40:00Z"), ZoneOffset.UTC));

  static Replay of(String transcript) {
    Replay replay = new Replay();
    Recordings.messages(transcript).forEach(replay.accumulator::accept);
    return replay;
  }

  Replay feed(CliMessage... messages) {
    for (CliMessage message : messages) {
      accumulator.accept(message);
    }
    return this;
  }

  <T extends SessionEvent> List<T> all(Class<T> type) {
    return events.stream().filter(type::isInstance).map(type::cast).toList();
  }

  List<TurnSummary> turns() {
    return all(SessionEvent.TurnFinished.class).stream()
        .map(SessionEvent.TurnFinished::summary)
        .toList();
  }

  TurnSummary lastTurn() {
    List<TurnSummary> turns = turns();
    return turns.get(turns.size() - 1);
  }

  /** What a screen would show: every text delta, joined. */
  String shownText() {
    StringBuilder shown = new StringBuilder();
    all(SessionEvent.TextDelta.class).forEach(d -> shown.append(d.text()));
    return shown.toString();
  }
}

package dev.milktui.core.history;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.MessageParser;
import dev.milktui.core.turn.TurnAccumulator;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads one of Claude's session files ({@code <id>.jsonl}) as the events a live session would have
 * sent: the user's prompts, Claude's text and its tool calls with their results, ended as a
 * finished turn ({@link TurnSummary#notRun}), so the screen shows nothing running. Bounded: of a
 * file larger than {@link #MAX_BYTES} only the end is read. Lines that are not JSON are skipped and
 * counted.
 */
public final class SessionFile {
  static final long MAX_BYTES = 32L * 1024 * 1024;

  private SessionFile() {}

  /** The earlier conversation, ending with a notice of what was shown and what was skipped. */
  public static List<SessionEvent> read(Path file) throws IOException {
    List<SessionEvent> events = new ArrayList<>();
    TurnAccumulator accumulator = new TurnAccumulator(events::add);
    int skipped = 0;
    int prompts = 0;
    boolean cut;
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = channel.size();
      cut = size > MAX_BYTES;
      channel.position(cut ? size - MAX_BYTES : 0);
      BufferedReader reader =
          new BufferedReader(
              new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8));
      if (cut) {
        reader.readLine();
      }
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        if (line.isBlank()) {
          continue;
        }
        Optional<JsonNode> record = parse(line);
        if (record.isEmpty()) {
          skipped++;
          continue;
        }
        Optional<String> prompt = SessionRecords.prompt(record.get());
        if (prompt.isPresent()) {
          prompts++;
          events.add(new SessionEvent.UserPrompt(prompt.get(), false));
        } else if (SessionRecords.shown(record.get())) {
          accumulator.accept(MessageParser.parse(record.get()));
        }
      }
    }
    // The conversation read is over: nothing of it runs now.
    events.add(new SessionEvent.TurnFinished(TurnSummary.notRun(null)));
    if (cut) {
      events.add(
          0,
          notice(
              SessionEvent.Level.INFO,
              "This conversation is long: only its last "
                  + MAX_BYTES / (1024 * 1024)
                  + " MiB are shown."));
    }
    if (skipped > 0) {
      events.add(
          notice(
              SessionEvent.Level.WARNING,
              skipped + " unreadable line(s) of the session file were skipped."));
    }
    events.add(
        notice(
            SessionEvent.Level.INFO,
            "Earlier conversation: " + prompts + " prompt(s), read from " + file + "."));
    return events;
  }

  static Optional<JsonNode> parse(String line) {
    try {
      JsonNode node = Json.mapper().readTree(line);
      return node != null && node.isObject() ? Optional.of(node) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static SessionEvent notice(SessionEvent.Level level, String text) {
    return new SessionEvent.Notice(level, text);
  }
}

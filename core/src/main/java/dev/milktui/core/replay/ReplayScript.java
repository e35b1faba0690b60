package dev.milktui.core.replay;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A recorded session to play back. Either a recording played from the start ({@link #recording}: a
 * session record or Claude's session file, read by {@link ReplayFile}), or a script whose turns
 * wait for the user's messages: NDJSON lines as the CLI printed them, cut into turns by directive
 * lines of the form {@code {"milk_replay": …}}:
 *
 * <ul>
 *   <li>{@code "turn"} starts the lines played for the next user message;
 *   <li>{@code "resume"} starts the lines played when the session resumes with grants;
 *   <li>{@code "on_allow"} / {@code "on_deny"} / {@code "end_branch"} follow a {@code
 *       control_request} line and hold what follows each answer;
 *   <li>{@code {"milk_replay":"delay","ms":N}} sets the pause before each following line;
 *   <li>{@code {"milk_replay":"note",…}} says where the lines came from and is skipped.
 * </ul>
 */
public record ReplayScript(List<Segment> turns, List<Segment> resumes, boolean fromStart) {

  public ReplayScript {
    turns = List.copyOf(turns);
    resumes = List.copyOf(resumes);
  }

  /** A recording shown from its start, read-only: nothing waits for the user. */
  public static ReplayScript recording(List<Item> items) {
    return new ReplayScript(List.of(new Segment(List.copyOf(items))), List.of(), true);
  }

  /** What one segment plays, in order. */
  public sealed interface Item {}

  /**
   * A line claude printed, as UTF-8, {@code length} bytes from {@code offset} (a held recording
   * keeps its lines back to back, {@link LineArena}): kept as the bytes read, so loading neither
   * decodes nor re-encodes it, and played by parsing them once.
   */
  public record Line(byte[] bytes, int offset, int length) implements Item {
    public Line {
      Objects.checkFromIndexSize(offset, length, bytes.length);
    }

    public Line(byte[] json) {
      this(json, 0, json.length);
    }

    /** The line as text. */
    public String text() {
      return new String(bytes, offset, length, StandardCharsets.UTF_8);
    }
  }

  /** A message the user sent, as the recording holds it. */
  public record Prompt(String text) implements Item {}

  /** Something the recording says that is no line of claude's (a permission answered). */
  public record Note(String text) implements Item {}

  /** The turn before the next prompt is over (Claude's session files have no results). */
  public record EndTurn() implements Item {}

  public record Delay(long millis) implements Item {}

  /** Played after the permission request just before it is answered. */
  public record Branch(List<Item> onAllow, List<Item> onDeny) implements Item {}

  public record Segment(List<Item> items) {}

  public static ReplayScript parse(BufferedReader reader) throws IOException {
    List<Segment> turns = new ArrayList<>();
    List<Segment> resumes = new ArrayList<>();
    List<Item> segment = null;
    List<Item> allow = null;
    List<Item> deny = null;
    List<Item> target = null;
    String raw;
    int number = 0;
    while ((raw = reader.readLine()) != null) {
      number++;
      String line = raw.strip();
      if (line.isEmpty()) {
        continue;
      }
      JsonNode node = Json.mapper().readTree(line);
      String directive = Json.text(node, "milk_replay");
      if (directive == null) {
        if (target == null) {
          throw new IOException("replay script line " + number + ": a line before any turn");
        }
        target.add(new Line(line.getBytes(StandardCharsets.UTF_8)));
        continue;
      }
      switch (directive) {
        case "turn", "resume" -> {
          if (allow != null) {
            throw new IOException("replay script line " + number + ": unfinished branch");
          }
          segment = new ArrayList<>();
          (directive.equals("turn") ? turns : resumes).add(new Segment(segment));
          target = segment;
        }
        case "on_allow" -> {
          allow = new ArrayList<>();
          deny = new ArrayList<>();
          target = allow;
        }
        case "on_deny" -> target = requireBranch(deny, number);
        case "end_branch" -> {
          requireBranch(allow, number);
          segment.add(new Branch(List.copyOf(allow), List.copyOf(deny)));
          allow = null;
          deny = null;
          target = segment;
        }
        case "note" -> {
          // Provenance for readers of the script; nothing to play.
        }
        case "delay" -> {
          if (target == null) {
            throw new IOException("replay script line " + number + ": a delay before any turn");
          }
          target.add(new Delay(Json.longValue(node, "ms", 0)));
        }
        default ->
            throw new IOException(
                "replay script line " + number + ": unknown directive " + directive);
      }
    }
    if (allow != null) {
      throw new IOException("replay script: a branch is not closed with end_branch");
    }
    return new ReplayScript(turns, resumes, false);
  }

  private static List<Item> requireBranch(List<Item> branch, int number) throws IOException {
    if (branch == null) {
      throw new IOException("replay script line " + number + ": branch directive outside a branch");
    }
    return branch;
  }
}

package dev.milktui.core.replay;

import dev.milktui.core.protocol.NdjsonReader;
import dev.milktui.core.replay.ReplayLine.Answer;
import dev.milktui.core.replay.ReplayLine.Asked;
import dev.milktui.core.replay.ReplayLine.Parsed;
import dev.milktui.core.replay.ReplayLine.Part;
import dev.milktui.core.replay.ReplayLine.Prompt;
import dev.milktui.core.replay.ReplayLine.Recorded;
import dev.milktui.core.replay.ReplayLine.Shown;
import dev.milktui.core.replay.ReplayLine.Torn;
import dev.milktui.core.scan.OrderedLines;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads a file to replay, of whichever kind its content shows (never its name): a milk-tui session
 * record, Claude's own session file ({@code <config>/projects/<folder>/<id>.jsonl}), claude's
 * stream-json output as captured, or a replay script ({@code milk_replay} directives, the demo's).
 * Lines are framed and read on worker threads as {@code milk-tui scan} reads them ({@link
 * OrderedLines}, {@link ReplayLines}), and applied in order here. The first line that is a JSON
 * object decides the kind; later lines of no kind are skipped. What the recording asked the user
 * (permission requests, forms) becomes a note of what was answered, so a replay never asks
 * anything. Each tool call's input and output is kept up to a preview ({@link ToolPreviews}), so
 * memory is bounded by those caps rather than by the size of the outputs recorded.
 */
public final class ReplayFile {
  /** The kinds of file a replay reads, as the user would name them. */
  public enum Kind {
    RECORD("a milk-tui session record"),
    CLAUDE_SESSION("a Claude session file"),
    STREAM_JSON("claude stream-json output"),
    SCRIPT("a milk-tui replay script");

    private final String description;

    Kind(String description) {
      this.description = description;
    }

    public String description() {
      return description;
    }
  }

  /** A file that cannot be replayed; the message says why in a few words. */
  public static final class NotReplayable extends Exception {
    private static final long serialVersionUID = 1L;

    public NotReplayable(String reason) {
      super(reason);
    }
  }

  /** What was read: its kind and the script that plays it. */
  public record Loaded(Kind kind, ReplayScript script) {}

  /** A pause longer than this in the recording is shortened to it when played at a speed. */
  static final Duration LONGEST_PAUSE = Duration.ofSeconds(5);

  private static final int SNIFF_BYTES = 8 * 1024;

  private ReplayFile() {}

  public static Loaded read(Path file) throws NotReplayable {
    List<ReplayScript.Item> items = new ArrayList<>();
    return whole(read(file, items::add, true), items);
  }

  /**
   * Reads {@code file}, handing a recording's items to {@code recording} as they are read, so it
   * can be played without being held: the script returned is then empty. A replay script, whose
   * turns wait for the user, is returned whole.
   */
  public static Loaded read(Path file, Consumer<ReplayScript.Item> recording) throws NotReplayable {
    return read(file, recording, false);
  }

  /** {@code held}: whether {@code recording} holds every item ({@link LineArena}). */
  private static Loaded read(Path file, Consumer<ReplayScript.Item> recording, boolean held)
      throws NotReplayable {
    if (Files.isDirectory(file)) {
      throw new NotReplayable("is a directory");
    }
    try (InputStream in = Files.newInputStream(file)) {
      return read(in, recording, Runtime.getRuntime().availableProcessors(), held);
    } catch (NoSuchFileException e) {
      throw new NotReplayable("no such file");
    } catch (AccessDeniedException e) {
      throw new NotReplayable("permission denied");
    } catch (IOException e) {
      throw new NotReplayable("cannot be read (" + e.getClass().getSimpleName() + ")");
    }
  }

  public static Loaded read(InputStream input) throws IOException, NotReplayable {
    return read(input, Runtime.getRuntime().availableProcessors());
  }

  private static Loaded whole(Loaded read, List<ReplayScript.Item> items) {
    return read.kind() == Kind.SCRIPT
        ? read
        : new Loaded(read.kind(), ReplayScript.recording(items));
  }

  /** {@code workers}: how many threads read lines ({@link OrderedLines}). */
  static Loaded read(InputStream input, int workers) throws IOException, NotReplayable {
    List<ReplayScript.Item> items = new ArrayList<>();
    return whole(read(input, items::add, workers, true), items);
  }

  private static Loaded read(
      InputStream input, Consumer<ReplayScript.Item> recording, int workers, boolean held)
      throws IOException, NotReplayable {
    PushbackInputStream in = new PushbackInputStream(input, SNIFF_BYTES);
    byte[] start = in.readNBytes(SNIFF_BYTES);
    in.unread(start);
    if (start.length == 0) {
      throw new NotReplayable("is empty");
    }
    for (byte b : start) {
      if (b == 0) {
        throw new NotReplayable("is binary data, not JSON lines");
      }
    }
    long maxMemory = Runtime.getRuntime().maxMemory();
    // One arena per thread that reads lines (each batch gets a new ReplayLines); this thread's is
    // the reader's too. Its arrays are sized so that all the arenas' unused tails stay a sixteenth
    // of the heap, however many threads.
    int largest = LineArena.largestFor(maxMemory, workers + 1);
    ThreadLocal<LineArena> arenas =
        ThreadLocal.withInitial(() -> held ? new LineArena(largest) : null);
    try {
      Reader reader = new Reader(recording, arenas.get());
      OrderedLines.read(
          in,
          NdjsonReader.maxLineBytesFor(maxMemory),
          workers,
          () -> new ReplayLines(reader.previews, reader::kind, arenas.get()),
          reader::apply);
      return reader.loaded();
    } finally {
      // This thread outlives the read: its arena must not hold the last array.
      arenas.remove();
    }
  }

  /** Applies the lines read, in order, deciding the kind on the first JSON object. */
  private static final class Reader {
    private final Consumer<ReplayScript.Item> items;
    private final ToolPreviews previews = new ToolPreviews(ToolPreviews.BUDGET_CHARS);
    private final StringBuilder script = new StringBuilder();
    private final Map<String, String> askedTools = new HashMap<>();
    // Read by the threads reading lines ahead, which skip what the kind makes needless.
    private volatile Kind kind;
    private long jsonLines;
    private long lines;
    private Instant last;
    private long delay;
    private boolean prompted;
    private ReplayLines again;
    // Null when the items are not held: a line then keeps its own array, which dies young.
    private final LineArena arena;

    Reader(Consumer<ReplayScript.Item> items, LineArena arena) {
      this.items = items;
      this.arena = arena;
    }

    Kind kind() {
      return kind;
    }

    void apply(ReplayLine line) {
      lines++;
      if (line instanceof Recorded recorded) {
        if (kind == null || kind == Kind.RECORD) {
          kind = Kind.RECORD;
          jsonLines++;
          pauseUntil(recorded.at());
          fromClaude(recorded.claude());
        } else {
          parsed(readAgain(recorded.original()));
        }
      } else if (line instanceof Torn torn) {
        // A torn entry (a crash mid-write) is skipped, as any unreadable line.
        if (kind != null && kind != Kind.RECORD) {
          parsed(readAgain(torn.original()));
        }
      } else if (line instanceof Parsed parsed) {
        parsed(parsed);
      }
    }

    /** A line in the exact shape of a record's entry, in a file of another kind: read as any. */
    private ReplayLine readAgain(byte[] original) {
      if (again == null) {
        again = new ReplayLines(previews, this::kind, arena);
      }
      return again.read(original, 0, original.length, lines);
    }

    private void parsed(ReplayLine line) {
      if (!(line instanceof Parsed parsed)) {
        return;
      }
      jsonLines++;
      if (kind == null) {
        kind = parsed.kind();
      }
      if (kind == Kind.SCRIPT) {
        // A script's played lines are claude's, between its directives.
        script
            .append(
                new String(
                    parsed.bytes(), parsed.offset(), parsed.length(), StandardCharsets.UTF_8))
            .append('\n');
        return;
      }
      if (kind == null || parsed.kind() != kind) {
        return;
      }
      switch (kind) {
        case RECORD -> {
          pauseUntil(parsed.at());
          if (parsed.part() instanceof Prompt prompt) {
            items.accept(new ReplayScript.Prompt(prompt.text()));
          } else if (parsed.part() instanceof Answer answer) {
            answered(answer);
          } else {
            fromClaude(parsed.part());
          }
        }
        case CLAUDE_SESSION -> sessionRecord(parsed);
        default -> fromClaude(parsed.part());
      }
    }

    Loaded loaded() throws NotReplayable {
      if (kind == null) {
        throw new NotReplayable(
            jsonLines == 0
                ? "is not JSON lines (" + lines + " lines, none a JSON object)"
                : "is JSON of another shape: not a milk-tui session record, a Claude session file"
                    + " or claude stream-json output");
      }
      if (kind == Kind.SCRIPT) {
        try {
          return new Loaded(
              kind, ReplayScript.parse(new BufferedReader(new StringReader(script.toString()))));
        } catch (IOException e) {
          throw new NotReplayable("is a replay script that cannot be played: " + e.getMessage());
        }
      }
      if (kind == Kind.CLAUDE_SESSION && prompted) {
        items.accept(new ReplayScript.EndTurn());
      }
      return new Loaded(kind, ReplayScript.recording(List.of()));
    }

    /** A line claude printed; a question to the user is remembered for the note of its answer. */
    private void fromClaude(Part part) {
      if (part instanceof Shown shown) {
        items.accept(line(shown));
      } else if (part instanceof Asked asked) {
        askedTools.put(asked.requestId(), asked.tool());
      }
    }

    private ReplayScript.Line line(Shown shown) {
      byte[] json = previews.kept(shown.draft(), shown.bytes(), shown.offset(), shown.length());
      if (json != null) {
        return arena == null ? new ReplayScript.Line(json) : arena.add(json, 0, json.length);
      }
      // Kept as read: a held recording's line is already in its reading thread's arena; else it
      // is copied out of the line read, whose bytes are read again once it is applied.
      return shown.copied() != null
          ? shown.copied()
          : new ReplayScript.Line(
              Arrays.copyOfRange(shown.bytes(), shown.offset(), shown.offset() + shown.length()));
    }

    /** What milk-tui sent that may answer a permission request: a note of the answer. */
    private void answered(Answer answer) {
      String tool = askedTools.remove(answer.requestId());
      if (!answer.controlResponse() || tool == null) {
        return;
      }
      String reason = answer.reason();
      items.accept(
          new ReplayScript.Note(
              "allow".equals(answer.behavior())
                  ? "Permission for " + tool + ": allowed."
                  : "Permission for "
                      + tool
                      + ": denied"
                      + (reason == null || reason.isBlank() ? "." : " (" + reason + ").")));
    }

    /** A record of Claude's session file: the user's prompts and the main conversation. */
    private void sessionRecord(Parsed record) {
      pauseUntil(record.at());
      if (record.part() instanceof Prompt prompt) {
        if (prompted) {
          items.accept(new ReplayScript.EndTurn());
        }
        prompted = true;
        items.accept(new ReplayScript.Prompt(prompt.text()));
      } else if (record.part() instanceof Shown shown) {
        items.accept(line(shown));
      }
    }

    private void pauseUntil(Instant at) {
      if (at == null) {
        return;
      }
      if (last != null && at.isAfter(last)) {
        Duration gap = Duration.between(last, at);
        long millis = (gap.compareTo(LONGEST_PAUSE) > 0 ? LONGEST_PAUSE : gap).toMillis();
        // A delay holds until the next: most lines follow the last within the same millisecond,
        // and a delay item each would be half of what a recording's script holds.
        if (millis != delay) {
          items.accept(new ReplayScript.Delay(millis));
          delay = millis;
        }
      }
      last = at;
    }
  }
}

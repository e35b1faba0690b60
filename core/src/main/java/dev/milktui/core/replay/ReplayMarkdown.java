package dev.milktui.core.replay;

import dev.milktui.core.conversation.Cell;
import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.export.MarkdownExport;
import dev.milktui.core.io.OwnerOnlyFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code milk-tui replay FILE --to-markdown}: the recording played into a conversation line by line
 * as it is read, each cell written as Markdown once nothing can change it and then dropped, so a
 * recording of any length is exported in the memory its open cells take. The document is the one
 * {@link MarkdownExport#render} gives for the whole conversation, but for a {@code /clear}: what
 * came before it stays.
 */
public final class ReplayMarkdown {
  private final Conversation conversation = new Conversation();
  private final MarkdownExport export;

  private ReplayMarkdown(Appendable out) {
    this.export = MarkdownExport.to(out);
  }

  /** Writes the Markdown of {@code recording} to {@code out}. */
  public static void write(Path recording, Appendable out)
      throws ReplayFile.NotReplayable, IOException {
    new ReplayMarkdown(out).play(recording);
  }

  /**
   * Writes the Markdown of {@code recording} to {@code file}, replacing it; a new file (and any
   * folder made for it) is readable by the user only. Nothing is written when the recording cannot
   * be replayed.
   */
  public static void write(Path recording, Path file) throws ReplayFile.NotReplayable, IOException {
    try (FirstWriteOpens out = new FirstWriteOpens(file)) {
      write(recording, out);
    }
  }

  private void play(Path recording) throws ReplayFile.NotReplayable, IOException {
    Consumer<SessionEvent> events =
        event -> {
          if (event instanceof SessionEvent.ConversationCleared) {
            // What came before a /clear was written already: an export of a replay is the whole
            // session, where the screen starts anew. The cells still held go with it.
            writeUnchecked(conversation.cells());
          }
          conversation.apply(event);
        };
    Consumer<ReplayScript.Item> player = ReplaySession.recordingPlayer(events);
    try {
      ReplayFile.Loaded loaded =
          ReplayFile.read(
              recording,
              item -> {
                player.accept(item);
                writeSettled();
              });
      if (loaded.kind() == ReplayFile.Kind.SCRIPT) {
        ReplaySession.playAll(loaded.script(), events);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    export.append(conversation.cells());
  }

  private void writeSettled() {
    writeUnchecked(conversation.releaseSettled());
  }

  /** Writes cells while the file is read (in a callback that cannot throw an IOException). */
  private void writeUnchecked(List<Cell> cells) {
    try {
      export.append(cells);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The output file, created owner-only and opened on the first write. */
  private static final class FirstWriteOpens implements Appendable, AutoCloseable {
    private final Path file;
    private Writer writer;

    FirstWriteOpens(Path file) {
      this.file = file;
    }

    private Writer writer() throws IOException {
      if (writer == null) {
        OwnerOnlyFiles.createFileIfMissing(file);
        writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
      }
      return writer;
    }

    @Override
    public Appendable append(CharSequence text) throws IOException {
      return writer().append(text);
    }

    @Override
    public Appendable append(CharSequence text, int start, int end) throws IOException {
      return writer().append(text, start, end);
    }

    @Override
    public Appendable append(char c) throws IOException {
      return writer().append(c);
    }

    @Override
    public void close() throws IOException {
      if (writer != null) {
        writer.close();
      }
    }
  }
}

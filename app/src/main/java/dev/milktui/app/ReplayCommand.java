package dev.milktui.app;

import dev.milktui.core.replay.ReplayFile;
import dev.milktui.core.replay.ReplayMarkdown;
import dev.milktui.core.text.TerminalText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code milk-tui replay FILE}: a recorded session on the full screen, read-only, or as Markdown.
 * The kind of file is read from its content ({@link ReplayFile}); the Markdown is the export of the
 * same conversation the screen shows.
 */
@Command(
    name = "replay",
    mixinStandardHelpOptions = true,
    description = {
      "Shows a recorded session on the full screen, read-only: the conversation, tool calls with"
          + " their results, diffs and the permission answers. Nothing is sent and no claude is"
          + " started.",
      "FILE is a milk-tui session record (in milk-tui's state folder), Claude's own session file"
          + " (<config>/projects/<folder>/<id>.jsonl), claude's stream-json output, or a replay"
          + " script; the kind is read from the content.",
      "A file of no such kind is one line on stderr and exit code 1."
    })
final class ReplayCommand implements Callable<Integer> {
  static final int NOT_REPLAYABLE = 1;

  @Spec CommandSpec spec;

  @ParentCommand MilkTuiCommand root;

  @Parameters(paramLabel = "FILE", arity = "0..1", description = "the recording to replay")
  String file;

  @Option(
      names = "--speed",
      paramLabel = "X",
      description =
          "Play at X times the recorded pace, pauses over 5 s shortened (default: all at once).")
  Double speed;

  @Option(
      names = "--to-markdown",
      paramLabel = "OUT",
      arity = "0..1",
      fallbackValue = STDOUT,
      description = "Write the conversation as Markdown to OUT (default: standard output).")
  String markdown;

  private static final String STDOUT = "-";

  @Override
  public Integer call() throws Exception {
    if (file == null && markdown != null && !markdown.equals(STDOUT)) {
      // "--to-markdown FILE": the option took the file as its optional value.
      file = markdown;
      markdown = STDOUT;
    }
    if (file == null) {
      throw new ParameterException(spec.commandLine(), "Missing FILE");
    }
    if (speed != null && !(speed > 0 && Double.isFinite(speed))) {
      throw new ParameterException(
          spec.commandLine(), "--speed: expected a number above 0, not " + speed);
    }
    if (markdown != null) {
      return toMarkdown();
    }
    ReplayFile.Loaded loaded;
    try {
      loaded = ReplayFile.read(Path.of(file));
    } catch (ReplayFile.NotReplayable | InvalidPathException e) {
      return notReplayable(e);
    }
    return root.replay(loaded, file, speed == null ? 0 : 1 / speed);
  }

  private int notReplayable(Exception e) {
    String reason =
        e instanceof ReplayFile.NotReplayable ? e.getMessage() : "not a valid file name";
    PrintWriter err = spec.commandLine().getErr();
    err.println("milk-tui replay: " + TerminalText.oneLine(file) + ": " + reason);
    err.flush();
    return NOT_REPLAYABLE;
  }

  /** The export is written as the file is read, so a recording of any size fits in memory. */
  private int toMarkdown() {
    Path recording;
    try {
      recording = Path.of(file);
    } catch (InvalidPathException e) {
      return notReplayable(e);
    }
    if (markdown.equals(STDOUT)) {
      PrintWriter out = spec.commandLine().getOut();
      try {
        ReplayMarkdown.write(recording, out);
        return 0;
      } catch (ReplayFile.NotReplayable e) {
        return notReplayable(e);
      } catch (IOException e) {
        return cannotWrite("standard output", e);
      } finally {
        out.flush();
      }
    }
    try {
      ReplayMarkdown.write(recording, Path.of(markdown));
      return 0;
    } catch (ReplayFile.NotReplayable e) {
      return notReplayable(e);
    } catch (IOException | InvalidPathException e) {
      return cannotWrite(markdown, e);
    }
  }

  private int cannotWrite(String target, Exception e) {
    PrintWriter err = spec.commandLine().getErr();
    err.println(
        "milk-tui replay: cannot write "
            + TerminalText.oneLine(target)
            + ": "
            + TerminalText.oneLine(String.valueOf(e.getMessage())));
    err.flush();
    return NOT_REPLAYABLE;
  }
}

package dev.milktui.app;

import dev.milktui.core.ledger.Decision;
import dev.milktui.core.ledger.DecisionLine;
import dev.milktui.core.ledger.DecisionSummary;
import dev.milktui.core.ledger.LedgerFolder;
import dev.milktui.core.ledger.LedgerReader;
import dev.milktui.core.text.TerminalSafeJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code milk-tui decisions}: the decision ledger, newest last — every permission answer, grant,
 * trust and mode change, and every call that ran without asking and what let it.
 */
@Command(
    name = "decisions",
    mixinStandardHelpOptions = true,
    description = {
      "Lists the decisions about what may run, as milk-tui recorded them before claude heard each:"
          + " permission answers, grants, workspace trust, mode changes and the calls that ran"
          + " without asking (and the baseline, rule or mode that let them), and the requests"
          + " nobody could answer any more, denied by default.",
      "One line each, newest last: time (UTC), session, tool, input, decision, by whom.",
      "Kept in $XDG_STATE_HOME/milk-tui/decisions (else ~/.local/state/milk-tui/decisions), one"
          + " file per day, readable by you only. Lines a crash cut short are skipped and counted.",
      "Exit codes: 0 listed (also when there is nothing to list), 1 the ledger could not be read,"
          + " 2 usage."
    })
public final class DecisionsCommand implements Callable<Integer> {
  private final Environment environment;
  private final Clock clock;

  @Spec CommandSpec spec;

  @Option(
      names = "--session",
      paramLabel = "ID",
      description = "only this session's decisions (its id, or the start of it)")
  String session;

  @Option(
      names = "--since",
      paramLabel = "WHEN",
      description =
          "only decisions from WHEN on: a date (2026-12-03, UTC), a date and time"
              + " (2026-12-03T14:00, UTC, or with an offset or Z) or a time ago (90m, 2h, 3d, 1w)")
  String since;

  @Option(
      names = "--json",
      description =
          "one JSON object per line, as kept (time, session, kind, tool, input, shown, decided,"
              + " by, source, details); controls escaped")
  boolean json;

  public DecisionsCommand() {
    this(Environment.system(), Clock.systemUTC());
  }

  DecisionsCommand(Environment environment, Clock clock) {
    this.environment = environment;
    this.clock = clock;
  }

  @Override
  public Integer call() {
    Optional<Instant> from;
    try {
      from = since == null ? Optional.empty() : Optional.of(SinceTime.parse(since, clock));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    Path folder = LedgerFolder.of(AppPaths.resolve(environment).stateDirectory());
    LedgerReader.Reading reading;
    try {
      reading =
          LedgerReader.read(
              folder,
              from,
              decision -> session == null || decision.sessionId().startsWith(session));
    } catch (IOException e) {
      return Refusal.print(
          spec,
          "The decision ledger in "
              + GrantsSubcommand.safe(folder)
              + " could not be read: "
              + GrantsSubcommand.safe(e.getMessage()));
    }
    PrintWriter out = spec.commandLine().getOut();
    for (Decision decision : reading.entries()) {
      out.println(
          json
              ? TerminalSafeJson.write(DecisionLine.toJson(decision))
              : DecisionSummary.line(decision));
    }
    out.flush();
    int skipped = reading.tornLines() + reading.badLines();
    if (skipped > 0) {
      PrintWriter err = spec.commandLine().getErr();
      err.println(
          "Skipped "
              + reading.tornLines()
              + " line(s) cut short and "
              + reading.badLines()
              + " unreadable line(s) in "
              + GrantsSubcommand.safe(folder)
              + ".");
      err.flush();
    }
    return 0;
  }
}

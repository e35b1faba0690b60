package dev.milktui.core.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.conversation.ShownInput;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.SavedGrants;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.text.TerminalText;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One session's decisions, put in the ledger as they are taken: each permission answer (read from
 * the very line claude is sent, just before it is sent), each grant-dialog decision that takes
 * effect, each permission mode asked for or reported unasked, and each call that ran (or was
 * refused) with no request to the user. Used by the session actor's thread only.
 */
public final class SessionDecisions {
  private final DecisionLedger ledger;
  private final Clock clock;
  private final Supplier<String> sessionId;
  private final Consumer<String> problems;
  // The calls the user was asked about, by tool_use id, and by tool and input when the request
  // named no id.
  private final Set<String> askedIds = new HashSet<>();
  private final List<List<Object>> askedCalls = new ArrayList<>();
  // The modes the user set by an answer (a plan approved with edits accepted): claude reporting
  // one of them later is that answer taking effect, already in the ledger.
  private final Set<String> modesAnswered = new HashSet<>();

  /**
   * @param problems hears what the user must be told about the ledger (once)
   */
  public SessionDecisions(
      DecisionLedger ledger, Clock clock, Supplier<String> sessionId, Consumer<String> problems) {
    this.ledger = ledger;
    this.clock = clock;
    this.sessionId = sessionId;
    this.problems = problems;
  }

  /** The user's answer to {@code request}, as the control_response {@code line} says it. */
  public void answered(PermissionRequest request, String line) {
    JsonNode answer;
    try {
      answer = Json.mapper().readTree(line).at("/response/response");
    } catch (IOException e) {
      return;
    }
    String tool = request.toolName();
    JsonNode asked = request.request().input();
    ObjectNode details = Json.object();
    details.put("requestId", request.requestId());
    Decision.Kind kind;
    String decided;
    JsonNode input = asked;
    if ("allow".equals(answer.path("behavior").asText())) {
      JsonNode sent = answer.path("updatedInput");
      if (!sent.isMissingNode() && !sent.equals(asked)) {
        input = sent;
        details.put("inputChanged", true);
      }
      List<String> rules = new ArrayList<>();
      List<String> directories = new ArrayList<>();
      String mode = null;
      for (JsonNode update : answer.path("updatedPermissions")) {
        switch (update.path("type").asText()) {
          case "addRules" ->
              update
                  .path("rules")
                  .forEach(
                      rule ->
                          rules.add(
                              rule.path("toolName").asText()
                                  + (rule.hasNonNull("ruleContent")
                                      ? "(" + rule.path("ruleContent").asText() + ")"
                                      : "")));
          case "addDirectories" ->
              update.path("directories").forEach(dir -> directories.add(dir.asText()));
          case "setMode" -> mode = update.path("mode").asText();
          default -> {}
        }
      }
      strings(details.putArray("rules"), rules);
      strings(details.putArray("directories"), directories);
      Optional<SavedGrants> saved = request.saved();
      if (saved.isPresent()) {
        kind = Decision.Kind.ALLOW_ALWAYS;
        saved(details, saved.get());
        decided = "allowed always: " + String.join(", ", rules) + savedTo(saved.get());
      } else if (rules.isEmpty()) {
        kind = Decision.Kind.ALLOW_ONCE;
        decided = input != asked ? "allowed once, with the input changed" : "allowed once";
      } else {
        kind = Decision.Kind.ALLOW_ONCE;
        decided = "allowed, and for this session: " + String.join(", ", rules) + " (not saved)";
      }
      if (!directories.isEmpty()) {
        decided += "; directories for this session: " + String.join(", ", directories);
      }
      if (mode != null) {
        modesAnswered.add(mode);
        details.put("mode", mode);
        decided += "; mode " + mode + " for the session";
      }
    } else {
      String message = answer.path("message").asText("");
      boolean stop = answer.path("interrupt").asBoolean(false);
      details.put("message", message);
      kind = stop ? Decision.Kind.DENY_AND_STOP : Decision.Kind.DENY;
      decided = (stop ? "denied and stopped: " : "denied: ") + message;
    }
    record(kind, tool, input, shown(tool, asked), decided, Decision.By.YOU, "", details);
  }

  /** A request came: its call is the user's to decide, and answered() records that. */
  private void asked(PermissionRequest request) {
    String id = request.request().toolUseId();
    if (id != null && !id.isEmpty()) {
      askedIds.add(id);
    } else {
      askedCalls.add(List.of(request.toolName(), request.request().input()));
    }
  }

  /**
   * Watches the session's events: a finished call nobody was asked about ran (or was refused)
   * without asking; {@code why} says which of milk-tui's allowances let it.
   */
  public void observe(SessionEvent event, Supplier<WhyItRan> why) {
    if (event instanceof SessionEvent.PermissionRequested requested) {
      asked(requested.request());
    } else if (event instanceof SessionEvent.PermissionWithdrawn withdrawn
        && withdrawn.request().state() == PermissionRequest.State.ABANDONED) {
      deniedByDefault(withdrawn.request(), "nobody answered: " + withdrawn.reason());
    } else if (event instanceof SessionEvent.ToolFinished finished) {
      ranUnasked(finished.call(), why);
    }
  }

  private void ranUnasked(ToolCall call, Supplier<WhyItRan> why) {
    if (call.name() == null || call.name().isEmpty() || askedIds.remove(call.toolUseId())) {
      return;
    }
    List<Object> key = List.of(call.name(), call.input() == null ? Json.object() : call.input());
    if (askedCalls.remove(key)) {
      return;
    }
    ObjectNode details = Json.object();
    details.put("toolUseId", call.toolUseId());
    details.put("outcome", call.outcome().wireName());
    switch (call.outcome()) {
      case OK, ERROR -> {
        WhyItRan.Because because = why.get().of(call.name(), call.input());
        record(
            Decision.Kind.RAN_WITHOUT_ASKING,
            call.name(),
            call.input(),
            shown(call.name(), call.input()),
            "ran without asking",
            because.by(),
            because.source(),
            details);
      }
      case DENIED ->
          record(
              Decision.Kind.REFUSED_WITHOUT_ASKING,
              call.name(),
              call.input(),
              shown(call.name(), call.input()),
              "refused without asking: " + firstLine(call.resultText()),
              Decision.By.CLAUDE,
              "claude's deny rules, a hook, or no one to ask",
              details);
      default -> {}
    }
  }

  /**
   * A request that will never be answered (its dialog closed with the session, claude's process
   * ended, an answer that did not reach claude): the call does not run, a denial by default.
   */
  public void deniedByDefault(PermissionRequest request, String why) {
    ObjectNode details = Json.object();
    details.put("requestId", request.requestId());
    details.put("reason", why);
    JsonNode input = request.request().input();
    record(
        Decision.Kind.DENY,
        request.toolName(),
        input,
        shown(request.toolName(), input),
        "denied by default, " + why,
        Decision.By.DEFAULT,
        "an unanswered request never runs",
        details);
  }

  /**
   * A stream-closed (or denials) dialog's decision, as it takes effect: each call it listed and
   * whether it was ticked, the rules and directories, session or remembered, and, when remembered,
   * what the save wrote where ({@code saved}).
   */
  public void granted(GrantDecision decision, Optional<SavedGrants> saved) {
    ObjectNode details = Json.object();
    ArrayNode calls = details.putArray("calls");
    List<String> shownCalls = new ArrayList<>();
    Set<String> tools = new LinkedHashSet<>();
    for (GrantDecision.Call call : decision.calls()) {
      String shown = shown(call.tool(), call.input());
      ObjectNode listed = calls.addObject();
      listed.put("tool", call.tool());
      listed.set("input", call.input() == null ? Json.object() : call.input());
      listed.put("shown", shown);
      listed.put("count", call.count());
      listed.put("ticked", call.ticked());
      listed.put("rule", call.rule());
      shownCalls.add(
          (call.ticked() ? "[x] " : "[ ] ")
              + TerminalText.reveal(call.tool())
              + ": "
              + shown
              + (call.ticked() ? "  (granted as " + TerminalText.reveal(call.rule()) + ")" : ""));
      tools.add(call.tool());
    }
    strings(details.putArray("rules"), decision.rules());
    strings(
        details.putArray("directories"),
        decision.directories().stream().map(Path::toString).toList());
    details.put("remembered", decision.persist() && decision.grantsSomething());
    long ticked = decision.calls().stream().filter(GrantDecision.Call::ticked).count();
    String what =
        decision.grantsSomething()
            ? "granted "
                + String.join(
                    ", ",
                    concat(
                        decision.rules(),
                        decision.directories().stream().map(d -> "directory " + d).toList()))
            : "retried without new grants";
    if (!decision.calls().isEmpty()) {
      what += " (" + ticked + " of " + decision.calls().size() + " calls ticked)";
    }
    String where = "";
    if (decision.grantsSomething()) {
      if (decision.persist()) {
        where = saved.map(SessionDecisions::savedTo).orElse(", remembered");
        saved.ifPresent(written -> saved(details, written));
      } else {
        where = ", for this session only";
      }
    }
    record(
        Decision.Kind.GRANT,
        String.join(", ", tools),
        null,
        String.join("\n", shownCalls),
        what + where,
        Decision.By.YOU,
        "",
        details);
  }

  /**
   * The mode the session's first process started in: the one asked for with {@code
   * --permission-mode} (or carried over from the session before), else milk-tui's default.
   */
  public void modeAtStart(String mode, boolean asked) {
    ObjectNode details = Json.object().put("mode", mode);
    record(
        Decision.Kind.MODE,
        "",
        null,
        "",
        "session started in mode " + mode,
        asked ? Decision.By.YOU : Decision.By.DEFAULT,
        asked ? "--permission-mode" : "no mode asked for",
        details);
  }

  /**
   * claude reported {@code mode}, one milk-tui offers but nobody asked for here (claude's {@code
   * defaultMode}, a mode changed inside claude): milk-tui keeps it for later processes. A mode an
   * answer set is that answer taking effect, already recorded.
   */
  public void modeAdopted(String mode) {
    if (modesAnswered.contains(mode)) {
      return;
    }
    ObjectNode details = Json.object().put("mode", mode);
    record(
        Decision.Kind.MODE,
        "",
        null,
        "",
        "claude reported mode " + mode + " unasked; later processes keep it",
        Decision.By.CLAUDE,
        "claude's own settings or claude itself",
        details);
  }

  /** The user asked for {@code mode}. */
  public void modeAsked(String mode) {
    ObjectNode details = Json.object().put("mode", mode);
    record(Decision.Kind.MODE, "", null, "", "mode set to " + mode, Decision.By.YOU, "", details);
  }

  /** claude reported {@code mode}, which nobody asked for; milk-tui asks for {@code restoring}. */
  public void modeReported(String mode, String restoring) {
    ObjectNode details = Json.object().put("mode", mode).put("restoring", restoring);
    record(
        Decision.Kind.MODE,
        "",
        null,
        "",
        "claude reported mode " + mode + " unasked; milk-tui sets " + restoring + " back",
        Decision.By.CLAUDE,
        "claude's own settings or start-up",
        details);
  }

  private void record(
      Decision.Kind kind,
      String tool,
      JsonNode input,
      String shown,
      String decided,
      Decision.By by,
      String source,
      ObjectNode details) {
    ledger
        .record(
            new Decision(
                clock.instant(),
                sessionId.get(),
                kind,
                tool,
                input,
                shown,
                decided,
                by,
                source,
                details))
        .ifPresent(problems);
  }

  /** The input as the permission dialog shows it: every key, controls and lookalikes marked. */
  public static String shown(String tool, JsonNode input) {
    return TerminalText.reveal(ShownInput.of(tool, input).text());
  }

  private static String savedTo(SavedGrants saved) {
    return ", saved to " + saved.file();
  }

  private static void saved(ObjectNode details, SavedGrants saved) {
    details.put("file", saved.file().toString());
    strings(details.putArray("rulesAdded"), saved.result().addedRules());
    strings(details.putArray("rulesAlreadyThere"), saved.result().alreadyPresentRules());
    strings(details.putArray("directoriesAdded"), saved.result().addedDirectories());
    strings(
        details.putArray("directoriesAlreadyThere"), saved.result().alreadyPresentDirectories());
  }

  private static void strings(ArrayNode array, List<String> values) {
    values.forEach(array::add);
  }

  private static List<String> concat(List<String> first, List<String> second) {
    List<String> all = new ArrayList<>(first);
    all.addAll(second);
    return all;
  }

  private static String firstLine(String text) {
    if (text == null) {
      return "";
    }
    String line = text.strip();
    int newline = line.indexOf('\n');
    line = newline < 0 ? line : line.substring(0, newline);
    return line.length() > 200 ? line.substring(0, 200) + "…" : line;
  }
}

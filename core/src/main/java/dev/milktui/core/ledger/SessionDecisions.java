package dev.milktui.core.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.conversation.ShownInput;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.text.TerminalText;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
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
  private final Optional<Path> rulesFile;
  private final Supplier<String> sessionId;
  private final Consumer<String> problems;
  // The calls the user was asked about, by tool_use id, and by tool and input when the request
  // named no id.
  private final Set<String> askedIds = new HashSet<>();
  private final List<List<Object>> askedCalls = new ArrayList<>();

  /**
   * @param rulesFile where milk-tui saves the rules the user allows always (and grant decisions to
   *     remember): the host saves them itself before it answers, so the answer does not say where
   * @param problems hears what the user must be told about the ledger (once)
   */
  public SessionDecisions(
      DecisionLedger ledger,
      Clock clock,
      Optional<Path> rulesFile,
      Supplier<String> sessionId,
      Consumer<String> problems) {
    this.ledger = ledger;
    this.clock = clock;
    this.rulesFile = rulesFile;
    this.sessionId = sessionId;
    this.problems = problems;
  }

  /** The user's answer to {@code request}, as the control_response {@code line} says it. */
  public void answered(PermissionRequest request, String line) {
    JsonNode answer;
    try {
      answer = Json.MAPPER.readTree(line).at("/response/response");
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
      if (rules.isEmpty()) {
        kind = Decision.Kind.ALLOW_ONCE;
        decided = input != asked ? "allowed once, with the input changed" : "allowed once";
      } else {
        kind = Decision.Kind.ALLOW_ALWAYS;
        rulesFile.ifPresent(file -> details.put("file", file.toString()));
        decided =
            "allowed always: "
                + String.join(", ", rules)
                + rulesFile.map(file -> " saved to " + file).orElse("");
      }
      if (!directories.isEmpty()) {
        decided += "; directories for this session: " + String.join(", ", directories);
      }
      if (mode != null) {
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

  /** A stream-closed (or denials) dialog's decision, as it takes effect. */
  public void granted(GrantDecision decision) {
    ObjectNode details = Json.object();
    strings(details.putArray("rules"), decision.rules());
    strings(
        details.putArray("directories"),
        decision.directories().stream().map(Path::toString).toList());
    details.put("remembered", decision.persist());
    String what =
        decision.grantsSomething()
            ? "granted "
                + String.join(
                    ", ",
                    concat(
                        decision.rules(),
                        decision.directories().stream().map(d -> "directory " + d).toList()))
            : "retried without new grants";
    String where = "";
    if (decision.grantsSomething()) {
      if (decision.persist() && rulesFile.isPresent()) {
        details.put("file", rulesFile.get().toString());
        where = ", remembered in " + rulesFile.get();
      } else {
        where = decision.persist() ? ", remembered" : ", for this session only";
      }
    }
    record(Decision.Kind.GRANT, "", null, "", what + where, Decision.By.YOU, "", details);
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

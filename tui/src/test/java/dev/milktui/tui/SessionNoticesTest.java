package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.MessageParser;
import dev.milktui.core.session.SessionEngine;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.tui.app.RateLimitNotice;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** MCP forms and failures, usage limits and silent turns, as the user sees them. */
class SessionNoticesTest {
  private final List<String> written = new ArrayList<>();

  private SessionEngine engine(Harness h) {
    return new SessionEngine(h.listener());
  }

  private void route(SessionEngine engine, String json) {
    try {
      engine.route(
          MessageParser.parse(Json.mapper().readTree(json)),
          id -> (request, line) -> written.add(line),
          written::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Harness replay(String name) {
    Harness h = new Harness(120, 36);
    SessionEngine engine = engine(h);
    for (var message : Recordings.messages(name)) {
      engine.route(message, id -> (request, line) -> written.add(line), written::add);
    }
    return h.pump();
  }

  private JsonNode lastResponse() {
    try {
      return Json.mapper().readTree(written.get(written.size() - 1)).at("/response");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void anElicitationIsAFormFromItsSchemaAndIsAnsweredWithTheChosenValue() {
    // Replayed at once, the form opens over the tool's own permission request, and has the keys.
    Harness h = replay("p17-mcp-elicitation");

    assertThat(h.screen())
        .contains("MCP server tiny asks")
        .contains("Which colour do you prefer?")
        .contains("colour (required)")
        .contains("red");
    h.key(KeyType.ArrowRight).key(KeyType.Enter);

    JsonNode response = lastResponse();
    assertThat(response.path("subtype").asText()).isEqualTo("success");
    assertThat(response.at("/response/action").asText()).isEqualTo("accept");
    assertThat(response.at("/response/content/colour").asText()).isEqualTo("blue");
    assertThat(h.screen()).contains("Sent your answer to MCP server tiny.");
  }

  @Test
  void aFormShowsEnumTitlesStartsAtTheDefaultsAndSendsTheValuesNotTheTitles() {
    Harness h = new Harness(120, 36);
    route(
        engine(h),
        "{\"type\":\"control_request\",\"request_id\":\"e2\",\"request\":{\"subtype\":"
            + "\"elicitation\",\"mcp_server_name\":\"deploy\",\"message\":\"Where to?\","
            + "\"mode\":\"form\",\"requested_schema\":{\"type\":\"object\","
            + "\"required\":[\"region\",\"size\"],\"properties\":{"
            + "\"region\":{\"type\":\"string\",\"oneOf\":["
            + "{\"const\":\"eu-1\",\"title\":\"Europe\"},{\"const\":\"us-2\",\"title\":\"America\"}],"
            + "\"default\":\"us-2\"},"
            + "\"size\":{\"type\":\"string\",\"enum\":[\"s\",\"m\"],"
            + "\"enumNames\":[\"Small\",\"Medium\"]},"
            + "\"name\":{\"type\":\"string\",\"default\":\"web\"},"
            + "\"dry\":{\"type\":\"boolean\",\"default\":true}}}}}");
    h.pump();

    assertThat(h.screen()).contains("America").contains("Small").contains("web");
    h.key(KeyType.Enter);

    JsonNode content = lastResponse().at("/response/content");
    assertThat(content.path("region").asText()).isEqualTo("us-2");
    assertThat(content.path("size").asText()).isEqualTo("s");
    assertThat(content.path("name").asText()).isEqualTo("web");
    assertThat(content.path("dry").asBoolean()).isTrue();
  }

  @Test
  void anEnumTitleHidingTextBehindAnEscapeIsShownMarked() {
    Harness h = new Harness(120, 36);
    route(
        engine(h),
        "{\"type\":\"control_request\",\"request_id\":\"e3\",\"request\":{\"subtype\":"
            + "\"elicitation\",\"mcp_server_name\":\"vault\",\"message\":\"Your data?\","
            + "\"mode\":\"form\",\"requested_schema\":{\"type\":\"object\","
            + "\"required\":[\"choice\"],\"properties\":{"
            + "\"choice\":{\"type\":\"string\",\"oneOf\":["
            + "{\"const\":\"delete\",\"title\":\"Keep my data\\u001b[8m (actually delete)\"},"
            + "{\"const\":\"keep\",\"title\":\"Keep\"}]}}}}}");
    h.pump();

    assertThat(h.screen())
        .contains("Keep my data␛[8m (actually delete)")
        .contains("This input contains control characters");
  }

  @Test
  void claudeExitingWhileAFormIsOpenClosesItUnansweredAndSaysSo() {
    Harness h = replay("p17-mcp-elicitation");
    assertThat(h.screen()).contains("MCP server tiny asks");
    int before = written.size();

    h.events(new SessionEvent.ProcessExited(1, "gone", false));

    assertThat(h.screen()).doesNotContain("MCP server tiny asks");
    assertThat(h.controller.exportMarkdown())
        .contains("claude exited before you answered the request of MCP server tiny");
    h.key(KeyType.Escape).key(KeyType.Enter);
    assertThat(written).hasSize(before);
  }

  @Test
  void escCancelsAnElicitation() {
    Harness h = replay("p17-mcp-elicitation");
    h.key(KeyType.Escape);

    assertThat(lastResponse().at("/response/action").asText()).isEqualTo("cancel");
    assertThat(written).noneMatch(line -> line.contains("\"error\""));
  }

  @Test
  void aSchemaNoFormCanShowIsDeclinedVisiblyNeverWithASilentError() {
    Harness h = new Harness(120, 36);
    route(
        engine(h),
        "{\"type\":\"control_request\",\"request_id\":\"e1\",\"request\":{\"subtype\":"
            + "\"elicitation\",\"mcp_server_name\":\"files\",\"message\":\"Pick files\","
            + "\"mode\":\"form\",\"requested_schema\":{\"type\":\"object\",\"properties\":"
            + "{\"paths\":{\"type\":\"array\"}}}}}");
    h.pump();

    assertThat(lastResponse().at("/response/action").asText()).isEqualTo("decline");
    assertThat(h.screen())
        .contains("MCP server files asked for input milk-tui cannot show as a form")
        .contains("paths");
  }

  @Test
  void aFailedMcpServerIsAWarningNamingIt() {
    Harness h = replay("p14-mcp-server-failed");

    assertThat(h.screen()).contains("MCP server broken failed to start");
  }

  @Test
  void aRepeatedLimitEventIsOneLineUpdatedInPlaceWithItsResetInLocalTimeAndAllowedIsSilent() {
    Harness h = new Harness(140, 36);
    SessionEngine engine = engine(h);
    String line =
        "{\"type\":\"rate_limit_event\",\"rate_limit_info\":{\"status\":\"%s\","
            + "\"resetsAt\":%d,\"rateLimitType\":\"five_hour\",\"utilization\":0.85},"
            + "\"uuid\":\"u\",\"session_id\":\"s\"}";
    long reset = Instant.parse("2026-01-01T03:30:00Z").getEpochSecond();
    route(engine, String.format(line, "allowed", reset));
    route(engine, String.format(line, "allowed_warning", reset));
    route(engine, String.format(line, "allowed_warning", reset));
    h.pump();
    assertThat(h.screen()).contains("You are close to your 5-hour usage limit (85% used)");
    assertThat(h.screen().split("usage limit", -1)).hasSize(2);

    route(engine, String.format(line, "rejected", reset));
    route(engine, String.format(line, "rejected", reset));
    h.pump();
    String local =
        java.time.format.DateTimeFormatter.ofPattern("HH:mm")
            .format(Instant.ofEpochSecond(reset).atZone(ZoneId.systemDefault()));
    assertThat(h.screen()).contains("You have reached your 5-hour usage limit").contains(local);
    assertThat(h.screen().split("You have reached", -1)).hasSize(2);
    assertThat(h.screen()).doesNotContain("allowed");
  }

  @Test
  void theResetOnAnotherDayNamesTheDay() {
    String text =
        RateLimitNotice.text(
            new SessionEvent.RateLimited(
                "rejected", "seven_day", Instant.parse("2026-01-03T09:00:00Z"), null),
            Instant.parse("2026-01-01T00:00:00Z"),
            ZoneOffset.UTC);

    assertThat(text).contains("weekly usage limit").contains("Sat 3 Jan 09:00 (local time)");
  }

  private static Harness stallHarness() {
    return new Harness(
        140,
        36,
        TuiConfig.defaults()
            .withDialogInputPause(Duration.ZERO)
            .withStallNotice(Duration.ofSeconds(30)));
  }

  private static void wait(Harness h, int seconds) {
    h.clock.advance(Duration.ofSeconds(seconds));
    h.controller.tick();
    h.pump();
  }

  @Test
  void aSilentTurnGetsOneNoticeWithTheWaysOn() {
    Harness h = stallHarness();
    h.session().busy = true;
    h.events(new SessionEvent.UserPrompt("hello", false));

    wait(h, 29);
    assertThat(h.screen()).doesNotContain("Nothing from claude");
    wait(h, 2);
    assertThat(h.screen())
        .contains("Nothing from claude for 30 s")
        .contains("Keep waiting")
        .contains("interrupt the turn")
        .contains("F5 to restart claude and resume");
    wait(h, 60);
    assertThat(h.screen().split("Nothing from claude", -1)).hasSize(2);
  }

  @Test
  void aRunningToolACompactionOrAnIdleSessionIsNoStall() {
    Harness h = stallHarness();
    h.events(new SessionEvent.UserPrompt("hello", false));
    wait(h, 40);
    assertThat(h.screen()).doesNotContain("Nothing from claude");

    h.session().busy = true;
    h.events(
        new SessionEvent.ToolStarted(
            Events.tool(
                "t1", "Bash", Events.input("command", "sleep 600"), ToolOutcome.RUNNING, "")));
    wait(h, 40);
    assertThat(h.screen()).doesNotContain("Nothing from claude");

    h.events(
        new SessionEvent.ToolFinished(
            Events.tool("t1", "Bash", Events.input("command", "sleep 600"), ToolOutcome.OK, "")),
        new SessionEvent.StatusChanged("compacting", null));
    wait(h, 40);
    assertThat(h.screen()).doesNotContain("Nothing from claude");
  }

  @Test
  void otherLinesDuringALongCompactionAreNoStall() {
    Harness h = stallHarness();
    h.session().busy = true;
    h.events(
        new SessionEvent.UserPrompt("/compact keep the schema", false),
        new SessionEvent.StatusChanged("compacting", null));
    wait(h, 20);
    h.events(
        new SessionEvent.TasksChanged(List.of()),
        new SessionEvent.RateLimited("allowed_warning", "five_hour", null, 0.9),
        new SessionEvent.StatusChanged(null, "acceptEdits"));
    wait(h, 40);
    assertThat(h.screen()).doesNotContain("Nothing from claude");

    h.events(
        new SessionEvent.StatusChanged(null, null),
        new SessionEvent.Compacted("manual", 900_000, 2_000));
    wait(h, 40);
    assertThat(h.screen()).contains("Nothing from claude for 30 s");
  }
}

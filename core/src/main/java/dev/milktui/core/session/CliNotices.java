package dev.milktui.core.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.RateLimitEvent;
import dev.milktui.core.protocol.SystemMessage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Lines that only need telling: MCP servers that failed to start ({@code system/init}, said once
 * per server for the session) [p14-mcp-server-failed], and usage limits near or reached ({@code
 * rate_limit_event}; a plain {@code allowed} says nothing).
 */
final class CliNotices {
  private final Set<String> failedServersTold = new HashSet<>();

  Optional<SessionEvent> on(CliMessage message) {
    if (message instanceof SystemMessage.Init init) {
      return failedServers(init.raw());
    }
    if (message instanceof RateLimitEvent limit
        && limit.status() != null
        && !"allowed".equals(limit.status())) {
      return Optional.of(
          new SessionEvent.RateLimited(
              limit.status(),
              limit.rateLimitType(),
              limit.resetsAt().orElse(null),
              limit.utilization().orElse(null)));
    }
    return Optional.empty();
  }

  private Optional<SessionEvent> failedServers(JsonNode init) {
    List<String> names = new ArrayList<>();
    for (JsonNode server : Json.elements(init, "mcp_servers")) {
      String name = Json.text(server, "name");
      if ("failed".equals(Json.text(server, "status"))
          && name != null
          && failedServersTold.add(name)) {
        names.add(name);
      }
    }
    if (names.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new SessionEvent.Notice(
            SessionEvent.Level.WARNING,
            (names.size() == 1 ? "MCP server " : "MCP servers ")
                + String.join(", ", names)
                + " failed to start; "
                + (names.size() == 1 ? "its" : "their")
                + " tools are not available in this session (`claude mcp list` says why)."));
  }
}

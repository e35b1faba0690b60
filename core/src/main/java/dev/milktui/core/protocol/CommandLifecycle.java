package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** Progress of a stdin message that carried a uuid: queued, started, completed. */
public record CommandLifecycle(String commandUuid, String state, JsonNode raw)
    implements CliMessage {}

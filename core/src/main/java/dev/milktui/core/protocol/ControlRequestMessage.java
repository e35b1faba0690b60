package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code type:"control_request"} from the CLI; the answer must carry the same request id. */
public record ControlRequestMessage(String requestId, ControlRequest request, JsonNode raw)
    implements CliMessage {}

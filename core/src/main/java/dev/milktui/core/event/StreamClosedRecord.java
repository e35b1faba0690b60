package dev.milktui.core.event;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A tool call that failed because the permission channel was gone ("Stream closed"). {@code
 * toolName} is empty when the id was never announced; such a record must never become a grant.
 */
public record StreamClosedRecord(String toolUseId, String toolName, JsonNode input) {}

package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** One entry of {@code result.permission_denials}: a tool call that was not allowed. */
public record PermissionDenial(String toolName, String toolUseId, JsonNode toolInput) {}

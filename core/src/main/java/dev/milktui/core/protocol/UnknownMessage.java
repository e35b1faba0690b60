package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** A line of a type this version does not know (or with no type): kept, never fatal. */
public record UnknownMessage(String type, JsonNode raw) implements CliMessage {}

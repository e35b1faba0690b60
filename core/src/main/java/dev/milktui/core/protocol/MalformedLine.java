package dev.milktui.core.protocol;

/**
 * A stdout line that could not become a message: not JSON, not an object, or over the size cap.
 * {@code excerpt} is the line's start, for the user and the log; the reader goes on after it.
 */
public record MalformedLine(long lineNumber, long sizeBytes, String reason, String excerpt) {}

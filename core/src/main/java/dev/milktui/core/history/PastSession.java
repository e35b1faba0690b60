package dev.milktui.core.history;

import java.time.Instant;

/**
 * One session Claude kept for a directory, as the resume picker lists it.
 *
 * @param modified when its file last changed (the session's last activity)
 * @param firstPrompt the first thing the user typed, or empty
 * @param turns how many prompts the user typed
 */
public record PastSession(String sessionId, Instant modified, String firstPrompt, int turns) {}

package dev.milktui.core.conversation;

/** A message the user sent, or one the session sent for them ({@code automatic}, a retry). */
public record PromptCell(String text, boolean automatic) implements Cell {}

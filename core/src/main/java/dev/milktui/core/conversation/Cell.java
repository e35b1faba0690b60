package dev.milktui.core.conversation;

/**
 * One entry of the conversation, in the order it happened. Cells are made and changed only by
 * {@link Conversation} on the UI thread; the screen and the export read them.
 */
public sealed interface Cell
    permits PromptCell, StreamedTextCell, ToolCallCell, NoticeCell, TurnFooterCell {}

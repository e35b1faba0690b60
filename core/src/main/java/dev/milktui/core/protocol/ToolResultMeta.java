package dev.milktui.core.protocol;

/** One entry of a user line's {@code tool_result_meta}: how the permission was decided. */
public record ToolResultMeta(
    String toolUseId, String nonExecutionKind, String decision, String source, String reasonType) {}

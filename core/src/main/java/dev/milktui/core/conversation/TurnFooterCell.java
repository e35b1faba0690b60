package dev.milktui.core.conversation;

/** The end of a turn: what it cost and how long it took. */
public record TurnFooterCell(
    int turnNumber,
    long tokens,
    double turnCostUsd,
    double totalCostUsd,
    long durationMs,
    boolean failed,
    boolean interrupted)
    implements Cell {}

package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * {@code type:"result"}: the end of one turn. {@code isError} is what to check: API failures end
 * with subtype "success". {@code totalCostUsd} and {@code modelUsage} are cumulative for the
 * session; {@code usage} and {@code modelUsageSinceLastResult} are per turn.
 */
public record ResultMessage(
    String subtype,
    boolean isError,
    int numTurns,
    String result,
    String stopReason,
    String terminalReason,
    double totalCostUsd,
    Usage usage,
    JsonNode modelUsage,
    JsonNode modelUsageSinceLastResult,
    List<PermissionDenial> permissionDenials,
    Integer apiErrorStatus,
    String apiErrorType,
    List<String> errors,
    long durationMs,
    long durationApiMs,
    JsonNode raw)
    implements CliMessage {}

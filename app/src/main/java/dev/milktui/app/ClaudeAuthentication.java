package dev.milktui.app;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.grants.LockedJsonFile;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.grants.SettingsLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Whether claude has a way to authenticate: an API key or token in the environment, or Claude's own
 * login (the credentials file in its config folder, or the {@code oauthAccount} it records in
 * {@code .claude.json}). Only where the credentials are is reported, never a secret. Some systems
 * keep the login in a keychain instead, so finding none is a warning, not a failure.
 */
final class ClaudeAuthentication {

  static final List<String> VARIABLES = List.of("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN");
  static final String HOW_TO_LOG_IN =
      "run claude and type /login, or set ANTHROPIC_API_KEY in the environment";

  /** What claude 2.1 says in place of a reply when it cannot authenticate. */
  private static final List<String> LOGIN_FAILURES =
      List.of("Please run /login", "Not logged in", "Invalid API key");

  private ClaudeAuthentication() {}

  /**
   * The way to log in, in the words {@code milk-tui doctor} uses, when {@code claudeText} (a turn's
   * result) says claude could not authenticate ("Not logged in · Please run /login").
   */
  static Optional<String> loginHint(String claudeText) {
    if (claudeText == null || LOGIN_FAILURES.stream().noneMatch(claudeText::contains)) {
      return Optional.empty();
    }
    return Optional.of(
        "claude could not log in: " + HOW_TO_LOG_IN + " ('milk-tui doctor' checks the login).");
  }

  static DoctorCheck check(Environment environment) {
    for (String variable : VARIABLES) {
      if (environment.variable(variable).filter(value -> !value.isBlank()).isPresent()) {
        return DoctorCheck.ok("login", variable + " is set in the environment");
      }
    }
    Path credentials =
        SettingsLocation.configDirectory(environment.variables(), environment.home())
            .resolve(".credentials.json");
    if (Files.isRegularFile(credentials)) {
      return DoctorCheck.ok("login", "logged in to Claude (" + credentials + ")");
    }
    Path claudeJson = SettingsLocation.claudeJson(environment.variables(), environment.home());
    try {
      JsonNode account = new LockedJsonFile(claudeJson).read().get("oauthAccount");
      if (account != null && !account.isNull()) {
        return DoctorCheck.ok("login", "logged in to Claude (oauthAccount in " + claudeJson + ")");
      }
    } catch (SettingsException e) {
      return DoctorCheck.warn(
          "login", e.getMessage() + "; if claude cannot log in: " + HOW_TO_LOG_IN);
    }
    return DoctorCheck.warn(
        "login",
        "no API key in the environment and no Claude login found ("
            + credentials
            + ", "
            + claudeJson
            + "): "
            + HOW_TO_LOG_IN);
  }
}

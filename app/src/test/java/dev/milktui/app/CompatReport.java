package dev.milktui.app;

import dev.milktui.core.testkit.RealClaude;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * What {@link CompatibilityIT} found, version by flow: every failure's message starts with the
 * version and the flow; each result is a line of {@code claude-VERSION.tsv} in the report folder
 * ({@code -Dmilk.compat.report}, by default {@code app/target/compat}). When the run does not block
 * the build ({@code -Dmilk.compat.blocking=false}, the newest release's run in {@code mvn verify}),
 * failures are also written to {@value #NOT_BLOCKING_FILE} there and printed in a banner at the
 * end, so the log says loudly which version and flow failed although the build goes on.
 */
final class CompatReport implements InvocationInterceptor, TestWatcher, AfterAllCallback {
  static final String NOT_BLOCKING_FILE = "newest-release-failed.txt";

  /** Failures by version, in the order seen; versions whose file was started in this JVM. */
  private static final Map<String, List<String>> FAILURES = new LinkedHashMap<>();

  private static final Set<String> STARTED = new HashSet<>();

  @Override
  public void interceptTestMethod(
      Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> invocationContext,
      ExtensionContext context)
      throws Throwable {
    try {
      invocation.proceed();
    } catch (AssertionError | RuntimeException e) {
      AssertionError named = new AssertionError(label(context) + ": " + e.getMessage(), e);
      named.setStackTrace(e.getStackTrace());
      throw named;
    }
  }

  @Override
  public void testSuccessful(ExtensionContext context) {
    record(context, "passed", "");
  }

  @Override
  public void testFailed(ExtensionContext context, Throwable cause) {
    String message = String.valueOf(cause.getMessage());
    String seen = message.lines().findFirst().orElse("");
    record(context, "FAILED", seen);
    synchronized (FAILURES) {
      FAILURES.computeIfAbsent(version(context), v -> new ArrayList<>()).add(seen);
    }
  }

  @Override
  public void testAborted(ExtensionContext context, Throwable cause) {
    record(context, "aborted", String.valueOf(cause.getMessage()).lines().findFirst().orElse(""));
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    if (Boolean.parseBoolean(System.getProperty("milk.compat.blocking", "true"))) {
      return;
    }
    Path record = folder().resolve(NOT_BLOCKING_FILE);
    Map<String, List<String>> failures;
    synchronized (FAILURES) {
      failures = new LinkedHashMap<>(FAILURES);
    }
    if (failures.isEmpty()) {
      Files.deleteIfExists(record);
      return;
    }
    StringBuilder banner = new StringBuilder();
    String rule = "#".repeat(100) + "\n";
    banner.append(rule);
    failures.forEach(
        (version, seen) -> {
          banner
              .append("# COMPATIBILITY: the newest claude release, ")
              .append(version)
              .append(", FAILED ")
              .append(seen.size())
              .append(" flow(s). Not blocking this build; `scripts/compat ")
              .append(version)
              .append("` fails on it, and the pin stays until it passes.\n");
          seen.forEach(line -> banner.append("#   ").append(line).append('\n'));
        });
    banner
        .append("# Recorded in ")
        .append(record)
        .append("; the screens are in the failsafe reports beside it.\n")
        .append(rule);
    Files.createDirectories(record.getParent());
    Files.writeString(record, banner);
    System.out.println(banner);
  }

  private static void record(ExtensionContext context, String outcome, String seen) {
    String version = version(context);
    Path file = folder().resolve("claude-" + version + ".tsv");
    String line = context.getDisplayName() + "\t" + outcome + "\t" + seen + "\n";
    try {
      Files.createDirectories(file.getParent());
      synchronized (STARTED) {
        boolean first = STARTED.add(version);
        Files.writeString(
            file,
            line,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            first ? StandardOpenOption.TRUNCATE_EXISTING : StandardOpenOption.APPEND);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot record the compatibility result in " + file, e);
    }
  }

  private static String label(ExtensionContext context) {
    return "claude " + version(context) + ", " + context.getDisplayName();
  }

  private static String version(ExtensionContext context) {
    Optional<Object> instance = context.getTestInstance();
    return instance
        .filter(CompatibilityIT.class::isInstance)
        .map(test -> ((CompatibilityIT) test).version())
        .orElse("?");
  }

  private static Path folder() {
    String configured = System.getProperty("milk.compat.report");
    return configured == null || configured.isBlank()
        ? RealClaude.projectRoot().resolve("app/target/compat")
        : Path.of(configured);
  }
}

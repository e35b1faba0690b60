package dev.milktui.app;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Which claude versions {@link CompatibilityIT} runs: {@code -Dmilk.compat.versions}, versions
 * separated by commas or blanks, where {@code latest} is the newest release npm serves now. A
 * version also named in {@code -Dmilk.compat.testedElsewhere} (the fixed matrix, when this run is
 * the newest release's) is left out, so a newest release that is already in the matrix runs once.
 */
final class CompatVersions {
  static final String LATEST = "latest";

  private CompatVersions() {}

  /** The versions to run, in the order given, each once; the {@code @MethodSource}. */
  static List<String> toRun() {
    String requested = System.getProperty("milk.compat.versions", "");
    if (requested.isBlank()) {
      throw new IllegalStateException(
          "-Dmilk.compat.versions names no claude version (scripts/compat and the build set it)");
    }
    Set<String> elsewhere =
        Set.copyOf(split(System.getProperty("milk.compat.testedElsewhere", "")));
    List<String> versions =
        split(requested).stream().map(CompatVersions::resolve).distinct().toList();
    List<String> skipped = versions.stream().filter(elsewhere::contains).toList();
    if (!skipped.isEmpty()) {
      System.out.println(
          "Compatibility: claude " + String.join(", ", skipped) + " already ran in the matrix");
    }
    return versions.stream().filter(v -> !elsewhere.contains(v)).toList();
  }

  static List<String> split(String list) {
    return Arrays.stream(list.split("[,\\s]+")).filter(v -> !v.isBlank()).toList();
  }

  /**
   * {@code latest} as npm names it now; when npm cannot say, {@code latest} stays, and installing
   * it fails in every flow with npm's own message.
   */
  private static String resolve(String version) {
    if (!version.equals(LATEST)) {
      return version;
    }
    try {
      Process npm =
          new ProcessBuilder("npm", "view", "@anthropic-ai/claude-code", "version")
              .redirectErrorStream(true)
              .start();
      String out = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      if (npm.waitFor(2, TimeUnit.MINUTES) && npm.exitValue() == 0 && out.matches("[0-9.]+")) {
        System.out.println("Compatibility: the newest claude release is " + out);
        return out;
      }
      System.out.println("Compatibility: npm could not name the newest claude release: " + out);
    } catch (IOException e) {
      System.out.println("Compatibility: npm could not run: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return LATEST;
  }
}

package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.grants.SettingsStore;
import dev.milktui.core.history.ClaudeProjects;
import dev.milktui.core.session.ClaudeSession;
import dev.milktui.core.session.LaunchSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaudeSessionFactoryTest {
  @TempDir Path dir;

  private static void until(Supplier<Boolean> condition) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!condition.get()) {
      assertThat(System.nanoTime()).as("condition never held").isLessThan(deadline);
      Thread.sleep(10);
    }
  }

  @Test
  void restartAndResumeKeepsTheModeAndModelOfTheSessionItReplacesNotTheLaunchTimeOnes()
      throws Exception {
    // A stand-in claude that waits on its input and prints nothing.
    Path claude = dir.resolve("claude");
    Files.writeString(claude, "#!/bin/sh\ncat > /dev/null\n");
    Files.setPosixFilePermissions(claude, PosixFilePermissions.fromString("rwx------"));
    LaunchSpec template =
        LaunchSpec.builder(claude, dir)
            .model("claude-opus-5-5")
            .permissionMode("default")
            .environment(Map.of("PATH", System.getenv("PATH")))
            .build();
    ClaudeSessionFactory factory =
        new ClaudeSessionFactory(
            template,
            new SettingsStore(dir.resolve("settings.json"), dir),
            new AppPaths(dir.resolve("state")),
            Clock.systemUTC(),
            new ClaudeProjects(dir.resolve("config")));

    ClaudeSession first = (ClaudeSession) factory.open(event -> {}, Optional.empty());
    first.setPermissionMode("plan");
    until(() -> first.launchSpec().permissionMode().equals(Optional.of("plan")));
    first.close();
    ClaudeSession resumed = (ClaudeSession) factory.open(event -> {}, Optional.of("s-1"));
    ClaudeSession fresh = (ClaudeSession) factory.open(event -> {}, Optional.empty());

    assertThat(resumed.launchSpec().permissionMode()).contains("plan");
    assertThat(resumed.launchSpec().model()).contains("claude-opus-5-5");
    assertThat(fresh.launchSpec().permissionMode()).contains("default");
    resumed.close();
    fresh.close();
  }
}

package dev.milktui.tui.copy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClipboardToolTest {
  @TempDir Path dir;

  private Path program(Path folder, String name) throws IOException {
    Files.createDirectories(folder);
    Path file = folder.resolve(name);
    Files.writeString(file, "#!/bin/sh\ncat > /dev/null\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    return file;
  }

  @Test
  void xclipOnPathIsChosenUnderXByThePathFound() throws IOException {
    Path xclip = program(dir.resolve("bin"), "xclip");

    ClipboardTool tool =
        ClipboardTool.find(Map.of("PATH", dir.resolve("bin").toString(), "DISPLAY", ":0"))
            .orElseThrow();

    assertThat(tool.name()).isEqualTo("xclip");
    assertThat(tool.command())
        .containsExactly(xclip.toAbsolutePath().toString(), "-selection", "clipboard");
  }

  @Test
  void programsThatNeedADisplayAreNotChosenWithoutOne() throws IOException {
    program(dir.resolve("bin"), "xclip");
    program(dir.resolve("bin"), "wl-copy");

    assertThat(ClipboardTool.find(Map.of("PATH", dir.resolve("bin").toString()))).isEmpty();
  }

  @Test
  void waylandComesBeforeXAndTheEarlierPathEntryWins() throws IOException {
    Path first = program(dir.resolve("a"), "xclip");
    program(dir.resolve("b"), "xclip");
    program(dir.resolve("b"), "wl-copy");
    String path = dir.resolve("a") + ":" + dir.resolve("b");

    assertThat(
            ClipboardTool.find(Map.of("PATH", path, "DISPLAY", ":0", "WAYLAND_DISPLAY", "wl-0"))
                .orElseThrow()
                .name())
        .isEqualTo("wl-copy");
    assertThat(ClipboardTool.find(Map.of("PATH", path, "DISPLAY", ":0")).orElseThrow().command())
        .startsWith(first.toAbsolutePath().toString());
  }

  @Test
  void pbcopyAndClipExeNeedNoDisplay() throws IOException {
    program(dir.resolve("mac"), "pbcopy");
    program(dir.resolve("wsl"), "clip.exe");

    assertThat(ClipboardTool.find(Map.of("PATH", dir.resolve("mac").toString())).orElseThrow())
        .extracting(ClipboardTool::name)
        .isEqualTo("pbcopy");
    assertThat(ClipboardTool.find(Map.of("PATH", dir.resolve("wsl").toString())).orElseThrow())
        .extracting(ClipboardTool::name)
        .isEqualTo("clip.exe");
  }

  @Test
  void aFileThatIsNotExecutableAnEmptyPathEntryAndNoPathFindNothing() throws IOException {
    Files.createDirectories(dir.resolve("bin"));
    Files.writeString(dir.resolve("bin/pbcopy"), "not a program");

    assertThat(ClipboardTool.find(Map.of("PATH", dir.resolve("bin") + "::"))).isEmpty();
    assertThat(ClipboardTool.find(Map.of())).isEmpty();
    assertThat(List.of(ClipboardTool.names().split(", "))).hasSize(5);
  }
}

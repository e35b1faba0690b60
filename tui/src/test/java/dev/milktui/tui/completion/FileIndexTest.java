package dev.milktui.tui.completion;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileIndexTest {
  @TempDir Path dir;

  @Test
  void theListingRunsOnTheExecutorNeverOnTheCallersThread() throws Exception {
    Files.writeString(dir.resolve("notes.txt"), "x");
    List<Runnable> queued = new ArrayList<>();
    AtomicInteger ready = new AtomicInteger();
    FileIndex index = new FileIndex(dir, queued::add, ready::incrementAndGet);

    index.refresh();
    assertThat(index.files()).isEmpty();
    assertThat(queued).hasSize(1);

    queued.get(0).run();
    assertThat(index.files()).contains("notes.txt");
    assertThat(ready).hasValue(1);
  }

  @Test
  void outsideAGitWorkTreeAWalkListsFilesAndFoldersButNoHiddenFolders() throws Exception {
    Files.createDirectories(dir.resolve("src/app"));
    Files.writeString(dir.resolve("src/app/Main.java"), "x");
    Files.createDirectories(dir.resolve(".cache"));
    Files.writeString(dir.resolve(".cache/blob"), "x");

    assertThat(FileIndex.list(dir))
        .contains("src/", "src/app/", "src/app/Main.java")
        .noneMatch(p -> p.startsWith(".cache"));
  }

  @Test
  void inAGitWorkTreeWhatGitignoreExcludesIsLeftOut() throws Exception {
    Files.writeString(dir.resolve(".gitignore"), "*.log\n");
    Files.writeString(dir.resolve("app.log"), "x");
    Files.writeString(dir.resolve("App.java"), "x");
    assertThat(new ProcessBuilder("git", "init", "-q").directory(dir.toFile()).start().waitFor())
        .isZero();

    assertThat(FileIndex.list(dir)).contains("App.java", ".gitignore").doesNotContain("app.log");
  }

  @Test
  void gitsListIsReadOnlyUpToTheCapAndGitIsEndedThen() throws Exception {
    for (int i = 0; i < 10; i++) {
      Files.writeString(dir.resolve("f" + i + ".txt"), "x");
    }
    assertThat(new ProcessBuilder("git", "init", "-q").directory(dir.toFile()).start().waitFor())
        .isZero();

    assertThat(FileIndex.gitFiles(dir, 3)).hasSize(3).allMatch(p -> p.endsWith(".txt"));
    assertThat(FileIndex.gitFiles(dir, 100)).hasSize(10);
  }

  @Test
  void aPlantedFsmonitorInTheProjectsGitConfigNeverRuns(@TempDir Path elsewhere) throws Exception {
    Path marker = elsewhere.resolve("fsmonitor-ran");
    Path hook = elsewhere.resolve("hook.sh");
    Files.writeString(hook, "#!/bin/sh\ntouch '" + marker + "'\necho\n");
    assertThat(hook.toFile().setExecutable(true)).isTrue();
    Files.writeString(dir.resolve("a.txt"), "x");
    git("init", "-q");
    git("config", "core.fsmonitor", hook.toString());
    git("add", "a.txt");
    Files.deleteIfExists(marker);
    git("ls-files");
    assertThat(marker).as("git itself runs the planted hook").exists();
    Files.delete(marker);

    assertThat(FileIndex.gitFiles(dir, 100)).containsExactly("a.txt");
    assertThat(marker).doesNotExist();
  }

  private void git(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    Process git =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    assertThat(git.waitFor()).as("git %s", command).isZero();
  }
}

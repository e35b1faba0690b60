package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.SessionEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The message box's completion popups on the virtual terminal. */
class CompletionPopupTest {
  @TempDir Path dir;

  private static Harness withCommands() {
    Harness h = new Harness(100, 30);
    return h.events(
        new SessionEvent.CommandsAvailable(
            List.of("compact", "clear", "context", "review"), List.of()));
  }

  @Test
  void aSlashAtTheStartOffersClaudesCommandsFilteredAsYouTypeAndTabCompletes() {
    Harness h = withCommands();
    h.type("/c");
    assertThat(h.screen())
        .contains("/compact")
        .contains("/clear")
        .contains("/context")
        .doesNotContain("/review")
        .contains("Tab complete");

    h.type("om");
    assertThat(h.screen()).contains("› /compact").doesNotContain("/clear");

    h.key(KeyType.Tab);
    assertThat(h.controller.input().getText()).isEqualTo("/compact ");
    assertThat(h.screen()).doesNotContain("Tab complete");
  }

  @Test
  void eachCommandSaysWhatItDoesInOneColumnAtSeveralSizes() {
    for (int columns : new int[] {60, 80, 120}) {
      Harness h = new Harness(columns, 24);
      h.events(
          new SessionEvent.CommandsAvailable(List.of("compact", "clear", "my-skill"), List.of()));
      h.type("/c");
      String screen = h.screen();
      assertThat(screen).contains("summarise the conversation").contains("start the conversation");
      int compact = column(screen, "summarise the conversation");
      int clear = column(screen, "start the conversation");
      assertThat(compact).isEqualTo(clear);
    }
  }

  @Test
  void claudesInternalCommandsAreNeverOffered() {
    Harness h = new Harness(100, 30);
    h.events(
        new SessionEvent.CommandsAvailable(
            List.of("__remote-workflow", "__other", "compact"), List.of()));
    h.type("/");
    assertThat(h.screen()).contains("/compact").doesNotContain("__remote-workflow");
    h.type("__");
    assertThat(h.screen()).doesNotContain("__remote-workflow").doesNotContain("__other");
    assertThat(h.controller.slashCommands().names()).noneMatch(n -> n.startsWith("__"));
  }

  private static int column(String screen, String text) {
    for (String line : screen.split("\n")) {
      int at = line.indexOf(text);
      if (at >= 0) {
        return at;
      }
    }
    return -1;
  }

  @Test
  void arrowsChooseEnterCompletesAndASecondEnterSends() {
    Harness h = withCommands();
    h.type("/c");
    assertThat(h.screen()).contains("› /clear");
    h.key(KeyType.ArrowDown).key(KeyType.Enter);
    assertThat(h.controller.input().getText()).isEqualTo("/compact ");
    assertThat(h.session().sent).isEmpty();

    h.key(KeyType.Enter);
    assertThat(h.session().sent).containsExactly("/compact ");
  }

  @Test
  void aSlashAfterTheStartOffersNothing() {
    Harness h = withCommands();
    h.type("see /c");
    assertThat(h.screen()).doesNotContain("/compact").doesNotContain("Tab complete");
  }

  @Test
  void escClosesThePopupAndKeepsTheTextWithoutInterrupting() {
    Harness h = withCommands();
    h.type("/c").key(KeyType.Escape);
    assertThat(h.screen()).doesNotContain("Tab complete");
    assertThat(h.controller.input().getText()).isEqualTo("/c");
    assertThat(h.session().interrupts).isZero();
  }

  @Test
  void anAtOffersTheWorkingDirectorysFilesAsGitListsThemAndInsertsTheRelativePath()
      throws Exception {
    Files.createDirectories(dir.resolve("src/main"));
    Files.writeString(dir.resolve("src/main/Main.java"), "class Main {}");
    Files.writeString(dir.resolve("README.md"), "# hi");
    Files.createDirectories(dir.resolve("build"));
    Files.writeString(dir.resolve("build/Main.class"), "x");
    Files.writeString(dir.resolve(".gitignore"), "build/\n");
    Process init = new ProcessBuilder("git", "init", "-q").directory(dir.toFile()).start();
    assertThat(init.waitFor()).isZero();

    Harness h = withCommands();
    h.controller.workingDirectory(dir);
    h.pump().type("look at @Mai");
    String screen = awaitScreen(h, "@src/main/Main.java");
    assertThat(screen).doesNotContain("build/Main.class");

    h.key(KeyType.Tab);
    assertThat(h.controller.input().getText()).isEqualTo("look at @src/main/Main.java ");
  }

  @Test
  void slashCommandsHoldingControlsAreShownMarkedSoNoTwoReadTheSame() {
    Harness h = new Harness(100, 30);
    h.events(
        new SessionEvent.CommandsAvailable(
            List.of("evil\u0007", "evil\u001b[8m", "ev\u0456l"), List.of()));
    h.type("/ev");
    assertThat(h.screen()).contains("/evil␇").contains("/evil␛[8m").contains("/ev\\u0456l");
  }

  @Test
  void aFileNamedWithAnEscapeSequenceIsShownMarkedAndItsRealNameIsSentQuoted() throws Exception {
    String name = "a\u001b]0;PWNED\u0007esc.txt";
    Files.writeString(dir.resolve(name), "x");
    Files.writeString(dir.resolve("b.txt"), "x");

    Harness h = withCommands();
    h.controller.workingDirectory(dir);
    h.pump().type("read @a");
    String screen = awaitScreen(h, "esc.txt");
    assertThat(screen).contains("@\"a␛]0;PWNED␇esc.txt\"").doesNotContain("@aesc.txt");

    h.key(KeyType.Tab);
    assertThat(h.controller.input().getText()).isEqualTo("read @\"a␛]0;PWNED␇esc.txt\" ");
    h.key(KeyType.Enter);
    assertThat(h.session().sent).containsExactly("read @\"" + name + "\" ");
  }

  /** The file list comes from a thread of its own: pump until it is in. */
  private static String awaitScreen(Harness h, String text) throws InterruptedException {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
    while (Instant.now().isBefore(deadline)) {
      String screen = h.pump().screen();
      if (screen.contains(text)) {
        return screen;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("never showed " + text + ":\n" + h.screen());
  }
}

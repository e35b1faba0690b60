package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.tui.terminal.HyperlinkSupport;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The OSC 8 bytes the screen writes for a URL in a tool's output, read as a terminal gets them: for
 * the tool pane's row, the expanded call in the transcript and the detail view, an open {@code ESC
 * ] 8 ; ; URI ESC \} right before the link's first cell and a close {@code ESC ] 8 ; ; ESC \} right
 * after its last, a wrapped URL opened and closed on each of its rows with the same URI (no {@code
 * id=}: the rows are one link by their URI), nothing where the terminal is not known to show links,
 * and no escape of the output's own ever reaching the terminal.
 */
class ToolOutputOsc8BytesTest {
  private static final String ESC = "\u001b";
  private static final String CLOSE = ESC + "]8;;" + ESC + "\\";
  private static final String URL =
      "https://example.com/releases/download/v1.2.3/a-rather-long-file-name-for-the-archive"
          + "-of-this-release.tar.gz?mirror=eu";
  private static final String SHORT = "https://example.com/a";

  /** Every OSC 8 in the bytes: its params and URI (empty for a close). */
  private static final Pattern OSC8 = Pattern.compile(ESC + "\\]8;([^;]*);(.*?)" + ESC + "\\\\");

  private record Link(String uri, String text) {}

  private static String open(String uri) {
    return ESC + "]8;;" + uri + ESC + "\\";
  }

  /**
   * The links in {@code written}, in order: each open's URI and the text up to the close after it,
   * which must come before any other escape (so the link is exactly the cells between them).
   */
  private static List<Link> links(String written) {
    List<Link> links = new ArrayList<>();
    Matcher m = OSC8.matcher(written);
    while (m.find()) {
      assertThat(m.group(1)).as("params").isEmpty();
      if (m.group(2).isEmpty()) {
        continue;
      }
      int from = m.end();
      int close = written.indexOf(CLOSE, from);
      assertThat(close).as("close of " + m.group(2)).isPositive();
      String text = written.substring(from, close);
      assertThat(text).as("cells between open and close").doesNotContain(ESC);
      links.add(new Link(m.group(2), text));
    }
    return links;
  }

  private static TuiConfig config(Map<String, String> environment) {
    return TuiConfig.defaults()
        .withDialogInputPause(Duration.ZERO)
        .withHyperlinks(HyperlinkSupport.enabled(HyperlinkSupport.Mode.AUTO, environment));
  }

  private static final Map<String, String> KITTY = Map.of("TERM", "xterm-kitty");

  private final AnsiBytesTerminal terminal = new AnsiBytesTerminal(100, 30);

  private Harness withACall(Map<String, String> environment, String command, String output) {
    Harness h = new Harness(terminal, config(environment));
    h.events(
        new SessionEvent.UserPrompt("go", false),
        new SessionEvent.ToolFinished(
            Events.tool("t1", "Bash", Events.input("command", command), ToolOutcome.OK, output)));
    return h;
  }

  @Test
  void theToolPaneRowWritesTheUrlItShowsWholeBetweenAnOpenAndAClose() {
    withACall(KITTY, "curl -s " + SHORT, "fetched " + SHORT + " in 2 s");
    String written = terminal.take();

    assertThat(written).contains(open(SHORT) + SHORT + CLOSE);
    assertThat(links(written)).containsOnly(new Link(SHORT, SHORT));
  }

  @Test
  void theToolPaneRowWritesNoLinkForAUrlItCuts() {
    withACall(KITTY, "grep -r download notes", "notes/release.md: get it from " + URL);

    assertThat(terminal.take()).doesNotContain(ESC + "]8");
  }

  @Test
  void afterAResizeCutsTheRowsUrlItsLinkIsWrittenNoMore() {
    String url = "https://example.com/releases/download/v1.2.3/notes.txt";
    Harness h = withACall(KITTY, "ls", "it is at " + url);
    assertThat(links(terminal.take())).containsOnly(new Link(url, url));

    h.resize(80, 30);

    String written = terminal.take();
    assertThat(h.screen()).contains("it is at https://example.com/");
    assertThat(written).doesNotContain(ESC + "]8;;h");
  }

  @Test
  void anExpandedCallWritesEachRowOfAWrappedUrlAsALinkToTheWholeUrl() {
    Harness h = withACall(KITTY, "grep -r download notes", "get it from " + URL + " now");
    terminal.take();

    h.key(KeyType.Tab).type("p").key(KeyType.Enter);
    List<Link> links = links(terminal.take());

    assertThat(links).hasSizeGreaterThan(1).allMatch(l -> l.uri().equals(URL));
    assertThat(links.stream().map(Link::text).reduce("", String::concat)).isEqualTo(URL);
  }

  @Test
  void theDetailViewWritesEachRowOfAWrappedUrlAsALinkToTheWholeUrl() {
    Harness h = withACall(KITTY, "grep -r download notes", "get it from " + URL + " now");
    terminal.take();

    h.ctrl('o');
    String written = terminal.take();
    List<Link> links = links(written);

    assertThat(h.screen()).contains("Detail view");
    assertThat(links).hasSizeGreaterThan(1).allMatch(l -> l.uri().equals(URL));
    assertThat(links.stream().map(Link::text).reduce("", String::concat)).isEqualTo(URL);
    assertThat(written).contains(open(URL) + URL.substring(0, 10));
  }

  @Test
  void aTerminalNotKnownToShowLinksGetsNoOsc8AnywhereButTheUrlText() {
    Harness h =
        withACall(
            Map.of("TERM", "xterm-kitty", "TMUX", "/tmp/tmux-1/default,1,0"),
            "curl -s " + SHORT,
            "fetched " + SHORT + " from " + URL);
    h.key(KeyType.Tab).type("p").key(KeyType.Enter);
    h.ctrl('o');

    String written = terminal.take();
    assertThat(written).doesNotContain(ESC + "]8").contains(SHORT);
    assertThat(h.screen()).contains("Detail view");
  }

  @Test
  void escapesInAToolsOutputAndInItsUrlsNeverReachTheTerminal() {
    String evil =
        "https://evil.example/a"
            + ESC
            + "]8;;https://other.example/"
            + ESC
            + "\\b\u0007c\u009b31m"
            + " and "
            + ESC
            + "]8;;https://other.example/"
            + "\u0007text"
            + ESC
            + "]8;;"
            + "\u0007 then "
            + "\u009d8;;https://other.example/\u009c";
    Harness h = withACall(KITTY, "curl " + evil, evil + "\n" + evil);
    h.key(KeyType.Tab).type("p").key(KeyType.Enter);
    h.ctrl('o');

    String written = terminal.take();
    // A URL the output shows (its escapes as visible symbols) may be a link, to what it shows;
    // the link the output tried to open to a target it does not show is none.
    List<Link> links = links(written);
    assertThat(links).isNotEmpty();
    for (Link link : links) {
      assertThat(link.uri()).matches("[\\x21-\\x7e]+").isNotEqualTo("https://other.example/");
      assertThat(URLDecoder.decode(link.uri(), StandardCharsets.UTF_8)).contains(link.text());
    }
    // No cell's text is a control character, and no C1 control is written at all.
    assertThat(terminal.takeCells().chars())
        .noneMatch(c -> c < 0x20 || c == 0x7f || c >= 0x80 && c < 0xa0);
    assertThat(written.chars()).noneMatch(c -> c >= 0x80 && c < 0xa0);
    assertThat(h.screen()).contains("evil.example");
  }
}

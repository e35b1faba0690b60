package dev.milktui.tui;

import dev.milktui.core.grants.GrantException;
import dev.milktui.tui.app.Attention;
import dev.milktui.tui.dialog.GrantSaver;
import dev.milktui.tui.dialog.RequestExplainer;
import dev.milktui.tui.dialog.RuleOptions;
import dev.milktui.tui.dialog.SuggestedRuleOptions;
import dev.milktui.tui.keys.KeyMap;
import dev.milktui.tui.text.Palette;
import dev.milktui.tui.work.Workers;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * What the app decides for the UI. {@code color} is the palette: none under NO_COLOR or on a
 * monochrome terminal, else dark or light from the terminal's background or the user's choice (the
 * app reads the environment and the flag); {@code historyFile} may be null (no persistence); {@code
 * dialogInputPause} is how long a dialog ignores keys after it opens (measured on {@code clock});
 * {@code workers} runs the UI's slow work (saves, writes, listings, export), never the UI thread
 * ({@link Workers#pool}); {@code attention} says how the user is called back; with {@code
 * askBackground} the launcher asks the terminal's background for the theme; {@code keys}: the key
 * bindings in force; with {@code hyperlinks}, links are written as OSC 8 hyperlinks (the app
 * decides, {@code HyperlinkSupport}); {@code explainer} says which settings decide the permission
 * request shown.
 */
public record TuiConfig(
    Palette.Scheme color,
    Path historyFile,
    GrantSaver grantSaver,
    RuleOptions ruleOptions,
    FramePacer pacer,
    Clock clock,
    TranscriptExporter exporter,
    Duration dialogInputPause,
    Duration stallNotice,
    Executor workers,
    Attention.Settings attention,
    boolean askBackground,
    KeyMap keys,
    boolean hyperlinks,
    RequestExplainer explainer) {

  /** Long enough to notice a dialog before a key answers it, short enough not to be in the way. */
  public static final Duration DIALOG_INPUT_PAUSE = Duration.ofMillis(600);

  /** A turn silent this long (no tool running, nothing compacting) gets a notice. */
  public static final Duration STALL_NOTICE = Duration.ofMinutes(2);

  public static TuiConfig defaults() {
    return new TuiConfig(
        Palette.Scheme.DARK,
        null,
        decision -> {
          throw new GrantException("saving grants is not available in this build");
        },
        new SuggestedRuleOptions(Path.of("").toAbsolutePath()),
        FramePacer.immediate(),
        Clock.systemUTC(),
        TranscriptExporter.NONE,
        DIALOG_INPUT_PAUSE,
        STALL_NOTICE,
        Workers.pool(),
        Attention.Settings.DEFAULT,
        false,
        new KeyMap(),
        false,
        RequestExplainer.NONE);
  }

  public TuiConfig withColor(Palette.Scheme value) {
    return copy(c -> c.color = value);
  }

  public TuiConfig withHistoryFile(Path value) {
    return copy(c -> c.historyFile = value);
  }

  public TuiConfig withGrantSaver(GrantSaver value) {
    return copy(c -> c.grantSaver = value);
  }

  public TuiConfig withRuleOptions(RuleOptions value) {
    return copy(c -> c.ruleOptions = value);
  }

  public TuiConfig withPacer(FramePacer value) {
    return copy(c -> c.pacer = value);
  }

  public TuiConfig withExporter(TranscriptExporter value) {
    return copy(c -> c.exporter = value);
  }

  public TuiConfig withClock(Clock value) {
    return copy(c -> c.clock = value);
  }

  public TuiConfig withWorkers(Executor value) {
    return copy(c -> c.workers = value);
  }

  public TuiConfig withStallNotice(Duration value) {
    return copy(c -> c.stallNotice = value);
  }

  /** How and when the user is called back (a dialog waits, a long turn ended). */
  public TuiConfig withAttention(Attention.Settings value) {
    return copy(c -> c.attention = value);
  }

  /**
   * With {@code true}, the launcher asks the terminal for its background colour (OSC 11) and makes
   * {@link #color} its light or dark kind; for when nothing else chose the theme.
   */
  public TuiConfig withAskBackground(boolean value) {
    return copy(c -> c.askBackground = value);
  }

  public TuiConfig withDialogInputPause(Duration value) {
    return copy(c -> c.dialogInputPause = value);
  }

  /** The key bindings in force (the defaults, or a keys file's). */
  public TuiConfig withKeys(KeyMap value) {
    return copy(c -> c.keys = value);
  }

  /** Whether links are written as OSC 8 hyperlinks. */
  public TuiConfig withHyperlinks(boolean value) {
    return copy(c -> c.hyperlinks = value);
  }

  /** What the permission dialog's "why" key shows for the request on screen. */
  public TuiConfig withExplainer(RequestExplainer value) {
    return copy(c -> c.explainer = value);
  }

  // Each change above names only the field it changes; the rest are carried over here, once.
  private TuiConfig copy(Consumer<Copy> change) {
    Copy c = new Copy(this);
    change.accept(c);
    return c.build();
  }

  private static final class Copy {
    Palette.Scheme color;
    Path historyFile;
    GrantSaver grantSaver;
    RuleOptions ruleOptions;
    FramePacer pacer;
    Clock clock;
    TranscriptExporter exporter;
    Duration dialogInputPause;
    Duration stallNotice;
    Executor workers;
    Attention.Settings attention;
    boolean askBackground;
    KeyMap keys;
    boolean hyperlinks;
    RequestExplainer explainer;

    Copy(TuiConfig s) {
      color = s.color;
      historyFile = s.historyFile;
      grantSaver = s.grantSaver;
      ruleOptions = s.ruleOptions;
      pacer = s.pacer;
      clock = s.clock;
      exporter = s.exporter;
      dialogInputPause = s.dialogInputPause;
      stallNotice = s.stallNotice;
      workers = s.workers;
      attention = s.attention;
      askBackground = s.askBackground;
      keys = s.keys;
      hyperlinks = s.hyperlinks;
      explainer = s.explainer;
    }

    TuiConfig build() {
      return new TuiConfig(
          color,
          historyFile,
          grantSaver,
          ruleOptions,
          pacer,
          clock,
          exporter,
          dialogInputPause,
          stallNotice,
          workers,
          attention,
          askBackground,
          keys,
          hyperlinks,
          explainer);
    }
  }
}

package dev.milktui.tui;

import dev.milktui.core.grants.GrantException;
import dev.milktui.tui.app.Attention;
import dev.milktui.tui.dialog.GrantSaver;
import dev.milktui.tui.dialog.RuleOptions;
import dev.milktui.tui.dialog.SuggestedRuleOptions;
import dev.milktui.tui.keys.KeyMap;
import dev.milktui.tui.text.Palette;
import dev.milktui.tui.work.Workers;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;

/**
 * What the app decides for the UI. {@code color} is the palette: none under NO_COLOR or on a
 * monochrome terminal, else dark or light from the terminal's background or the user's choice (the
 * app reads the environment and the flag); {@code historyFile} may be null (no persistence); {@code
 * dialogInputPause} is how long a dialog ignores keys after it opens (measured on {@code clock});
 * {@code workers} runs the UI's slow work (saves, writes, listings, export), never the UI thread
 * ({@link Workers#pool}); {@code attention} says how the user is called back; with {@code
 * askBackground} the launcher asks the terminal's background for the theme; {@code keys}: the key
 * bindings in force.
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
    KeyMap keys) {

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
        new KeyMap());
  }

  public TuiConfig withColor(Palette.Scheme value) {
    return new TuiConfig(
        value,
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
        keys);
  }

  public TuiConfig withHistoryFile(Path value) {
    return new TuiConfig(
        color,
        value,
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
        keys);
  }

  public TuiConfig withGrantSaver(GrantSaver value) {
    return new TuiConfig(
        color,
        historyFile,
        value,
        ruleOptions,
        pacer,
        clock,
        exporter,
        dialogInputPause,
        stallNotice,
        workers,
        attention,
        askBackground,
        keys);
  }

  public TuiConfig withRuleOptions(RuleOptions value) {
    return new TuiConfig(
        color,
        historyFile,
        grantSaver,
        value,
        pacer,
        clock,
        exporter,
        dialogInputPause,
        stallNotice,
        workers,
        attention,
        askBackground,
        keys);
  }

  public TuiConfig withPacer(FramePacer value) {
    return new TuiConfig(
        color,
        historyFile,
        grantSaver,
        ruleOptions,
        value,
        clock,
        exporter,
        dialogInputPause,
        stallNotice,
        workers,
        attention,
        askBackground,
        keys);
  }

  public TuiConfig withExporter(TranscriptExporter value) {
    return new TuiConfig(
        color,
        historyFile,
        grantSaver,
        ruleOptions,
        pacer,
        clock,
        value,
        dialogInputPause,
        stallNotice,
        workers,
        attention,
        askBackground,
        keys);
  }

  public TuiConfig withClock(Clock value) {
    return new TuiConfig(
        color,
        historyFile,
        grantSaver,
        ruleOptions,
        pacer,
        value,
        exporter,
        dialogInputPause,
        stallNotice,
        workers,
        attention,
        askBackground,
        keys);
  }

  public TuiConfig withWorkers(Executor value) {
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
        value,
        attention,
        askBackground,
        keys);
  }

  public TuiConfig withStallNotice(Duration value) {
    return new TuiConfig(
        color,
        historyFile,
        grantSaver,
        ruleOptions,
        pacer,
        clock,
        exporter,
        dialogInputPause,
        value,
        workers,
        attention,
        askBackground,
        keys);
  }

  /** How and when the user is called back (a dialog waits, a long turn ended). */
  public TuiConfig withAttention(Attention.Settings value) {
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
        value,
        askBackground,
        keys);
  }

  /**
   * With {@code true}, the launcher asks the terminal for its background colour (OSC 11) and makes
   * {@link #color} its light or dark kind; for when nothing else chose the theme.
   */
  public TuiConfig withAskBackground(boolean value) {
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
        value,
        keys);
  }

  public TuiConfig withDialogInputPause(Duration value) {
    return new TuiConfig(
        color,
        historyFile,
        grantSaver,
        ruleOptions,
        pacer,
        clock,
        exporter,
        value,
        stallNotice,
        workers,
        attention,
        askBackground,
        keys);
  }

  /** The key bindings in force (the defaults, or a keys file's). */
  public TuiConfig withKeys(KeyMap value) {
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
        value);
  }
}

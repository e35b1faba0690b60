package dev.milktui.tui;

import dev.milktui.core.session.GrantException;
import dev.milktui.tui.dialog.GrantSaver;
import dev.milktui.tui.dialog.RuleOptions;
import dev.milktui.tui.dialog.SuggestedRuleOptions;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the app decides for the UI. {@code color} is the palette: none under NO_COLOR or on a
 * monochrome terminal, else dark or light from the terminal's background or the user's choice (the
 * app reads the environment and the flag); {@code historyFile} may be null (no persistence); {@code
 * dialogInputPause} is how long a dialog ignores keys after it opens (measured on {@code clock}).
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
    Executor settingsIo) {

  /** Long enough to notice a dialog before a key answers it, short enough not to be in the way. */
  public static final Duration DIALOG_INPUT_PAUSE = Duration.ofMillis(600);

  /** A turn silent this long (no tool running, nothing compacting) gets a notice. */
  public static final Duration STALL_NOTICE = Duration.ofMinutes(2);

  public static TuiConfig defaults() {
    return new TuiConfig(
        Palette.Scheme.DARK,
        null,
        rules -> {
          throw new GrantException("saving rules is not available in this build");
        },
        new SuggestedRuleOptions(Path.of("").toAbsolutePath()),
        FramePacer.immediate(),
        Clock.systemUTC(),
        TranscriptExporter.NONE,
        DIALOG_INPUT_PAUSE,
        STALL_NOTICE,
        settingsWorker());
  }

  /**
   * Where dialogs read and write Claude's settings: never the UI thread (a held lock, a FIFO or a
   * slow disk would freeze the screen). Named daemon threads that end when idle.
   */
  public static Executor settingsWorker() {
    AtomicInteger count = new AtomicInteger();
    return Executors.newCachedThreadPool(
        body -> {
          Thread thread = new Thread(body, "milk-tui-settings-" + count.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        });
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
        settingsIo);
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
        settingsIo);
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
        settingsIo);
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
        settingsIo);
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
        settingsIo);
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
        settingsIo);
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
        settingsIo);
  }

  public TuiConfig withSettingsIo(Executor value) {
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
        value);
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
        settingsIo);
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
        settingsIo);
  }
}

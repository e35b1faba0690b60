package dev.milktui.tui.app;

import dev.milktui.core.task.BackgroundTask;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/**
 * What the UI knows, as one value: the status bar, the running turn's line and the message box's
 * title draw it; nothing reads these facts back from a view.
 *
 * @param generation the session now shown; events of an earlier one are ignored
 * @param reportedMode the permission mode claude last reported (null before it said one)
 * @param askedMode a mode asked of claude that it has not reported yet; the next cycle goes on from
 *     it
 * @param modeMeaning what the reported mode does, in words, while it is one milk-tui did not ask
 *     for (null otherwise)
 * @param retry the message Ctrl+R sends again, or null: the message of the turn that failed, in
 *     this session only
 * @param quitOfferSince when Ctrl+C was pressed once (a second within the window quits), or null
 * @param waitingOn which request waits for the user ("permission", "grants"), or null
 * @param contextPercent how full claude's context is, or -1 when not known
 * @param mouseSelect the mouse is the terminal's, for selecting text (mouse reports are off)
 */
public record UiState(
    int generation,
    Activity activity,
    String detail,
    String sessionId,
    String model,
    String reportedMode,
    String askedMode,
    String modeMeaning,
    String retry,
    Instant quitOfferSince,
    List<BackgroundTask> tasks,
    String waitingOn,
    long tokens,
    double costUsd,
    int contextPercent,
    boolean mouseSelect) {

  static UiState initial() {
    return new UiState(
        0,
        Activity.NOT_STARTED,
        "",
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        List.of(),
        null,
        0,
        0,
        -1,
        false);
  }

  /** The mode the next Shift+Tab starts from: the one asked for, else the one claude reports. */
  public String modeToCycleFrom() {
    return askedMode != null ? askedMode : reportedMode == null ? "default" : reportedMode;
  }

  /** What the status bar names: the reported mode, in words while milk-tui did not ask for it. */
  public String shownMode() {
    return modeMeaning == null ? reportedMode : reportedMode + " mode: " + modeMeaning;
  }

  /** Claude is not running: a send cannot reach it. */
  public boolean stopped() {
    return activity == Activity.STOPPED;
  }

  public UiState withActivity(Activity activity, String detail) {
    return copy(
        c -> {
          c.activity = activity;
          c.detail = detail;
        });
  }

  public UiState withSessionId(String sessionId) {
    return copy(c -> c.sessionId = sessionId);
  }

  public UiState withSession(String sessionId, String model) {
    return copy(
        c -> {
          c.sessionId = sessionId;
          c.model = model;
        });
  }

  public UiState withModes(String reportedMode, String askedMode) {
    return copy(
        c -> {
          c.reportedMode = reportedMode;
          c.askedMode = askedMode;
          c.modeMeaning = null;
        });
  }

  /** claude runs in a mode milk-tui did not ask for: the status bar says what it does. */
  public UiState withUnrequestedMode(String reportedMode, String modeMeaning) {
    return copy(
        c -> {
          c.reportedMode = reportedMode;
          c.modeMeaning = modeMeaning;
        });
  }

  public UiState withRetry(String retry) {
    return copy(c -> c.retry = retry);
  }

  public UiState withQuitOffer(Instant quitOfferSince) {
    return copy(c -> c.quitOfferSince = quitOfferSince);
  }

  public UiState withTasks(List<BackgroundTask> tasks) {
    return copy(c -> c.tasks = List.copyOf(tasks));
  }

  public UiState withWaitingOn(String waitingOn) {
    return copy(c -> c.waitingOn = waitingOn);
  }

  public UiState withUsage(long tokens, double costUsd, int contextPercent) {
    return copy(
        c -> {
          c.tokens = tokens;
          c.costUsd = costUsd;
          c.contextPercent = contextPercent;
        });
  }

  public UiState withMouseSelect(boolean mouseSelect) {
    return copy(c -> c.mouseSelect = mouseSelect);
  }

  public UiState opened(int generation, String sessionId) {
    return copy(
        c -> {
          c.generation = generation;
          c.activity = Activity.IDLE;
          c.detail = "";
          c.sessionId = sessionId;
          c.askedMode = null;
          c.retry = null;
          c.tasks = List.of();
          c.tokens = 0;
          c.costUsd = 0;
        });
  }

  // Each change above names only the fields it changes; the rest are carried over here, once.
  private UiState copy(Consumer<Copy> change) {
    Copy c = new Copy(this);
    change.accept(c);
    return c.build();
  }

  private static final class Copy {
    int generation;
    Activity activity;
    String detail;
    String sessionId;
    String model;
    String reportedMode;
    String askedMode;
    String modeMeaning;
    String retry;
    Instant quitOfferSince;
    List<BackgroundTask> tasks;
    String waitingOn;
    long tokens;
    double costUsd;
    int contextPercent;
    boolean mouseSelect;

    Copy(UiState s) {
      generation = s.generation;
      activity = s.activity;
      detail = s.detail;
      sessionId = s.sessionId;
      model = s.model;
      reportedMode = s.reportedMode;
      askedMode = s.askedMode;
      modeMeaning = s.modeMeaning;
      retry = s.retry;
      quitOfferSince = s.quitOfferSince;
      tasks = s.tasks;
      waitingOn = s.waitingOn;
      tokens = s.tokens;
      costUsd = s.costUsd;
      contextPercent = s.contextPercent;
      mouseSelect = s.mouseSelect;
    }

    UiState build() {
      return new UiState(
          generation,
          activity,
          detail,
          sessionId,
          model,
          reportedMode,
          askedMode,
          modeMeaning,
          retry,
          quitOfferSince,
          tasks,
          waitingOn,
          tokens,
          costUsd,
          contextPercent,
          mouseSelect);
    }
  }
}

package dev.milktui.tui.app;

import dev.milktui.core.task.BackgroundTask;
import java.time.Instant;
import java.util.List;

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
    int contextPercent) {

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
        -1);
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
        contextPercent);
  }

  public UiState withSessionId(String sessionId) {
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
        contextPercent);
  }

  public UiState withSession(String sessionId, String model) {
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
        contextPercent);
  }

  public UiState withModes(String reportedMode, String askedMode) {
    return new UiState(
        generation,
        activity,
        detail,
        sessionId,
        model,
        reportedMode,
        askedMode,
        null,
        retry,
        quitOfferSince,
        tasks,
        waitingOn,
        tokens,
        costUsd,
        contextPercent);
  }

  /** claude runs in a mode milk-tui did not ask for: the status bar says what it does. */
  public UiState withUnrequestedMode(String reportedMode, String modeMeaning) {
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
        contextPercent);
  }

  public UiState withRetry(String retry) {
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
        contextPercent);
  }

  public UiState withQuitOffer(Instant quitOfferSince) {
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
        contextPercent);
  }

  public UiState withTasks(List<BackgroundTask> tasks) {
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
        List.copyOf(tasks),
        waitingOn,
        tokens,
        costUsd,
        contextPercent);
  }

  public UiState withWaitingOn(String waitingOn) {
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
        contextPercent);
  }

  public UiState withUsage(long tokens, double costUsd, int contextPercent) {
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
        contextPercent);
  }

  public UiState opened(int generation, String sessionId) {
    return new UiState(
        generation,
        Activity.IDLE,
        "",
        sessionId,
        model,
        reportedMode,
        null,
        modeMeaning,
        null,
        quitOfferSince,
        List.of(),
        waitingOn,
        0,
        0,
        contextPercent);
  }
}

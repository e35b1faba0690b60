package dev.milktui.tui.app;

/**
 * What the status bar says claude does. While a request waits for the user, that is what it says,
 * whatever else happens; what claude does is shown again when the request is answered. Once no
 * claude runs, that is said whatever waits, since what waited went with it.
 */
final class ActivityLine {
  private final Model model;
  // What claude is doing, shown again once no request waits for the user.
  private Activity doing = Activity.IDLE;
  private String doingDetail = "";

  ActivityLine(Model model) {
    this.model = model;
  }

  /** A session opened: claude does what the opened state says. */
  void opened() {
    doing = model.state().activity();
    doingDetail = model.state().detail();
  }

  /** What claude does now, whatever the line shows. */
  Activity doing() {
    return doing;
  }

  /** Claude does {@code activity}; shown unless a request waits for the user. */
  void claude(Activity activity, String detail) {
    doing = activity;
    doingDetail = detail;
    UiState state = model.state();
    if (state.waitingOn() != null) {
      show(Activity.WAITING_FOR_YOU, state.waitingOn());
    } else {
      show(activity, detail);
    }
  }

  /** Which request waits for the user ("permission", "grants"), or null: none does. */
  void waiting(String on) {
    model.state(model.state().withWaitingOn(on));
    if (on != null) {
      show(Activity.WAITING_FOR_YOU, on);
    } else {
      show(doing, doingDetail);
    }
  }

  /** No claude runs. */
  void stopped(String detail) {
    doing = Activity.STOPPED;
    doingDetail = detail;
    show(doing, doingDetail);
  }

  private void show(Activity activity, String detail) {
    UiState state = model.state();
    if (activity != state.activity() || !detail.equals(state.detail())) {
      model.state(state.withActivity(activity, detail));
    }
  }
}

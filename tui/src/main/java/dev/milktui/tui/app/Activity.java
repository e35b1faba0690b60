package dev.milktui.tui.app;

/** What the session is doing, as the status bar says it. */
public enum Activity {
  NOT_STARTED("starting"),
  IDLE("idle"),
  THINKING("thinking"),
  STREAMING("streaming"),
  RUNNING_TOOL("running tool"),
  WAITING_FOR_YOU("waiting for you"),
  RETRYING_API("retrying API"),
  COMPACTING("compacting conversation…"),
  STOPPED("claude stopped");

  private final String label;

  Activity(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}

package dev.milktui.core.event;

/** Where a tool call stands. Everything but RUNNING is final. */
public enum ToolOutcome {
  RUNNING("running"),
  OK("ok"),
  ERROR("error"),
  DENIED("denied"),
  STREAM_CLOSED("stream_closed"),
  INTERRUPTED("interrupted"),
  NO_RESULT("no_result");

  private final String wireName;

  ToolOutcome(String wireName) {
    this.wireName = wireName;
  }

  /** The lower-case name used in reports ({@code milk-tui scan --json}). */
  public String wireName() {
    return wireName;
  }
}

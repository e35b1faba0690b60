package dev.milktui.core.session;

/** How turns reach the CLI. */
public enum Transport {
  /** One long-lived process; messages on stdin, which stays open: no "Stream closed". */
  STREAM,
  /**
   * A process per turn, prompt as an argument, stdin closed: how the original tool ran. Every
   * permission the turn needs fails with "Stream closed"; kept for old CLIs and to reproduce it.
   */
  ONE_SHOT
}

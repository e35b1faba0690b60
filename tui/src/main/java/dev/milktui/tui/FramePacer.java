package dev.milktui.tui;

/**
 * Decides when a coalesced batch of session events is drained on the GUI thread. Called from
 * background threads, at most once per pending batch.
 */
@FunctionalInterface
public interface FramePacer {
  void schedule(Runnable frame);

  /** No delay: every batch is drained as soon as the GUI thread gets to it (tests). */
  static FramePacer immediate() {
    return Runnable::run;
  }
}

package dev.milktui.core.replay;

import dev.milktui.core.replay.ReplayFile.Kind;
import java.time.Instant;

/**
 * What {@link ReplayLines} made of one line of a file to replay, for {@link ReplayFile}'s reader to
 * apply in the file's order. A byte range points into the line as read, which stays as it is until
 * the line is applied.
 */
sealed interface ReplayLine {
  /** Over the cap, or not a JSON object. */
  record Skipped() implements ReplayLine {}

  /**
   * An entry in the exact shape milk-tui writes, its claude line unescaped in place; {@code
   * original} is a copy of the line as read, kept while the file's kind was not known.
   */
  record Recorded(Instant at, Part claude, byte[] original) implements ReplayLine {}

  /** An entry in the exact shape whose line is torn (a crash mid-write). */
  record Torn(byte[] original) implements ReplayLine {}

  /** A JSON object of the kind it shows ({@code null}: none), its time, and what it plays. */
  record Parsed(Kind kind, byte[] bytes, int offset, int length, Instant at, Part part)
      implements ReplayLine {}

  /** What a line plays. */
  sealed interface Part {}

  /**
   * A line of claude's to show, drafted; its bytes to make it again; and, when the recording is
   * held and the draft keeps the line as it is, the line already copied into the reading thread's
   * {@link LineArena} (else null).
   */
  record Shown(
      ToolPreviews.Draft draft, byte[] bytes, int offset, int length, ReplayScript.Line copied)
      implements Part {}

  /** A permission request: which tool asked under which id. */
  record Asked(String requestId, String tool) implements Part {}

  /** A message the user sent. */
  record Prompt(String text) implements Part {}

  /** What milk-tui sent that may answer a request. */
  record Answer(String requestId, boolean controlResponse, String behavior, String reason)
      implements Part {}

  /** Nothing to play. */
  record Nothing() implements Part {}
}

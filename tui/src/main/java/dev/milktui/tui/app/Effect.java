package dev.milktui.tui.app;

import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.event.ElicitationRequest;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.task.BackgroundTask;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What the reducer asks for; performed elsewhere (the effect runner talks to the session, the
 * overlay stack opens dialogs, the workers do slow work), never by the reducer itself.
 */
public sealed interface Effect {
  // The session.
  record Send(String text) implements Effect {}

  record Interrupt() implements Effect {}

  record SetMode(String mode) implements Effect {}

  record StopTask(String taskId) implements Effect {}

  record StopTasksAndGoOn() implements Effect {}

  /** Closes the session shown now and opens another (resuming {@code resume} when given). */
  record OpenSession(Optional<String> resume) implements Effect {}

  record Quit() implements Effect {}

  // Saves to Claude's settings: one bound, one cancel, one progress wording for both dialogs.
  /** "Allow always": saves exactly {@code decision}'s rules; {@code progress} hears the end. */
  record SaveRules(GrantDecision decision, SaveProgress progress) implements Effect {}

  /** The grant dialog's answer: saves it when remembered, then resumes the session with it. */
  record ResumeWithGrants(GrantDecision decision, SaveProgress progress) implements Effect {}

  /** Stops the save {@code progress} follows (Esc, a withdrawn request): nothing is written. */
  record CancelSave(SaveProgress progress) implements Effect {}

  // Overlays.
  record AskPermission(PermissionRequest request) implements Effect {}

  record PermissionWithdrawn(PermissionRequest request, String reason) implements Effect {}

  record OfferGrants(TurnSummary summary) implements Effect {}

  record OpenForm(ElicitationRequest request) implements Effect {}

  /** Claude exited: its forms close unanswered. */
  record AbandonForms() implements Effect {}

  record ShowHelp() implements Effect {}

  record ShowModeMenu(String current) implements Effect {}

  record ShowTasks(List<BackgroundTask> tasks) implements Effect {}

  /** The running tasks changed: a dialog listing tasks that ended closes. */
  record TasksChanged(List<BackgroundTask> tasks) implements Effect {}

  record ShowRestartWaits(SessionEvent.RestartWaitsForTasks waits) implements Effect {}

  record OfferRestart(int exitCode, String sessionId) implements Effect {}

  record OfferTrust(Path workspace) implements Effect {}

  /** The trust offer's answer: trust {@code workspace} (the write is slow work). */
  record Trust(Path workspace) implements Effect {}

  /**
   * An overlay's answer for the reducer itself (the mode chosen, a line for the transcript): given
   * to it as {@code event}, on the GUI thread, before the next effect.
   */
  record Report(UiEvent event) implements Effect {}

  /** An overlay's line for the transcript. */
  static Effect note(SessionEvent.Level level, String text) {
    return new Report(new UiEvent.Note(level, text));
  }

  /** After trusting: relaunch the same session so the project's rules apply now. */
  record OfferRelaunch(String sessionId) implements Effect {}

  // The message box and the views of the conversation (Claude Code's keys).
  /** Empties the message box (Ctrl+C or Esc Esc on a draft). */
  record ClearMessage() implements Effect {}

  /** The conversation with every call expanded, read-only, following it while open (Ctrl+O). */
  record ShowDetail(Conversation conversation) implements Effect {}

  /** The todo list Claude last wrote (Ctrl+T), as lines. */
  record ShowTodos(List<String> lines) implements Effect {}

  // Slow work, done by the workers; its outcome comes back as an event.
  record Export() implements Effect {}

  record ListSessions(String filter) implements Effect {}

  /** Show the decision ledger's entries of session {@code sessionId} (null: none yet). */
  record ShowDecisions(String sessionId) implements Effect {}

  record Remember(String message) implements Effect {}

  /** The folder claude works in, whose files {@code @} completion lists. */
  record IndexFiles(Path directory) implements Effect {}

  // The terminal, outside the screen's cells (see Attention).
  /** The bell, and with {@code desktop} a desktop notification; the texts hold no controls. */
  record Notify(String title, String body, boolean desktop) implements Effect {}

  /** The terminal's title (no controls in it). */
  record Title(String title) implements Effect {}

  // The terminal's clipboard and mouse.
  /** Puts {@code text} on the clipboard; {@code what} names it in the report. */
  record Copy(String text, String what) implements Effect {}

  /** Takes the mouse ({@code captured}) or gives it to the terminal for selecting text. */
  record CaptureMouse(boolean captured) implements Effect {}
}

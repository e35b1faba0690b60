package dev.milktui.tui.app;

import dev.milktui.core.conversation.ToolCallCell;
import dev.milktui.core.event.SessionEvent;
import java.nio.file.Path;
import java.util.Optional;

/** Everything that reaches the UI's reducer: one sealed family, handled in one place. */
public sealed interface UiEvent {
  /** An event of the session opened as {@code generation}. */
  record FromSession(int generation, SessionEvent event) implements UiEvent {}

  /**
   * A key the key map bound to {@code action}; {@code box}: what the message box held when it was
   * pressed.
   */
  record Key(Action action, MessageBox box) implements UiEvent {
    /** A key whose meaning does not depend on the message box. */
    public Key(Action action) {
      this(action, MessageBox.EMPTY);
    }
  }

  /** The message box as a key found it. */
  enum MessageBox {
    /** The box has the keys and holds nothing. */
    EMPTY,
    /** The box has the keys and holds a draft. */
    DRAFT,
    /** A dialog has the keys: a draft behind it is kept. */
    COVERED
  }

  /** The mode chosen in the mode menu (F3). */
  record ModeChosen(String mode) implements UiEvent {}

  /**
   * The UI's clock as its thread posts it, once a second; the shell brings the panes up to date and
   * hands the model a {@link Tick}.
   */
  record Clock() implements UiEvent {}

  /** The UI's clock, once a second; {@code toolRunning}: the tool pane shows a running tool. */
  record Tick(boolean toolRunning) implements UiEvent {}

  /** A tool finished; {@code othersRunning}: the tool pane still shows a running one. */
  record ToolFinished(boolean othersRunning) implements UiEvent {}

  /** The message box's Enter. */
  record Submitted(String text) implements UiEvent {}

  /** A session was opened as {@code generation}, resuming {@code resumed} when given. */
  record SessionOpened(int generation, Optional<String> resumed) implements UiEvent {}

  /** No session could be opened. */
  record SessionFailed(String reason) implements UiEvent {}

  /** Which request the overlay stack shows now ("permission", "grants"), or null. */
  record Waiting(String on) implements UiEvent {}

  /** A line for the transcript: from the app, or the outcome of work done off the UI thread. */
  record Note(SessionEvent.Level level, String text) implements UiEvent {}

  /** milk-tui's own version, for the header line each session starts with. */
  record Version(String version) implements UiEvent {}

  /**
   * The version {@code claude --version} answered, for the header when claude's init names none
   * (CLIs before 2.0).
   */
  record ClaudeVersion(String version) implements UiEvent {}

  /** The folder claude works in, named by the app before any session reports it. */
  record WorkingDirectory(Path directory) implements UiEvent {}

  /** What every session pre-approves, for the status bar; empty: the baseline is off. */
  record Baseline(String summary) implements UiEvent {}

  /** The workspace was trusted (the write ended off the UI thread). */
  record Trusted(Path workspace, Path file) implements UiEvent {}

  /** The terminal reported that it gained ({@code true}) or lost the focus. */
  record Focus(boolean focused) implements UiEvent {}

  /** The transcript's copy key on a tool call: its output goes to the clipboard. */
  record CopyCall(ToolCallCell call) implements UiEvent {}
}

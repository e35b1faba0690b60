package dev.milktui.tui.overlay;

import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.input.KeyStroke;
import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.event.ElicitationRequest;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.history.PastSession;
import dev.milktui.core.ledger.LedgerReader;
import dev.milktui.core.task.BackgroundTask;
import dev.milktui.tui.app.Effect;
import dev.milktui.tui.app.TaskSummary;
import dev.milktui.tui.detail.DetailView;
import dev.milktui.tui.dialog.DecisionsDialog;
import dev.milktui.tui.dialog.DialogHost;
import dev.milktui.tui.dialog.ElicitationDialog;
import dev.milktui.tui.dialog.GrantDialog;
import dev.milktui.tui.dialog.GrantForm;
import dev.milktui.tui.dialog.ModeMenu;
import dev.milktui.tui.dialog.Overlay;
import dev.milktui.tui.dialog.PermissionDetails;
import dev.milktui.tui.dialog.PermissionDialog;
import dev.milktui.tui.dialog.PermissionQueue;
import dev.milktui.tui.dialog.PlanDialog;
import dev.milktui.tui.dialog.QuestionDialog;
import dev.milktui.tui.dialog.ReadOnlyText;
import dev.milktui.tui.dialog.RequestDialog;
import dev.milktui.tui.dialog.RequestExplainer;
import dev.milktui.tui.dialog.ResumePicker;
import dev.milktui.tui.dialog.RuleOptions;
import dev.milktui.tui.dialog.SimpleDialog;
import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.tools.ToolRow;
import dev.milktui.tui.work.Workers;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The one owner of which dialog is up and of the requests that wait for one: permission requests
 * and stream-closed grant offers (one dialog at a time, the rest queued in the order they came),
 * MCP forms, and the dialogs that list running tasks. Every dialog is an {@link Overlay} opened
 * here: it answers with {@link Effect}s handed to {@code answers} — lines for the transcript
 * included — and none calls the session, a saver or the transcript itself (a permission request is
 * answered through its own reply handle, as core gives it). Call on the GUI thread.
 */
public final class OverlayStack {
  private final DialogHost host;
  private final String destination;
  private final RuleOptions ruleOptions;
  private final Consumer<Effect> answers;
  private final Runnable changed;
  // Permission requests and grant offers waiting for their dialog, in the order they came.
  private final Deque<Object> waiting = new ArrayDeque<>();
  private final PermissionQueue permissions = new PermissionQueue();
  // The dialog of the request or offer up, or both null: at most one is up.
  private RequestDialog requestDialog;
  private GrantDialog grantDialog;
  // MCP forms opened for the running claude: they close unanswered if it exits.
  private final List<ElicitationDialog> forms = new ArrayList<>();
  // The open dialogs that list running tasks (F6, a restart waiting for them), or null: they are
  // closed (F6's shown again) when the tasks change, so no key acts on a task that has ended.
  private SimpleDialog tasksDialog;
  private List<String> tasksDialogIds = List.of();
  private SimpleDialog restartWaitsDialog;
  private List<BackgroundTask> tasks = List.of();

  /** A stream-closed grant offer waiting for its dialog. */
  private record GrantOffer(TurnSummary summary, Path cwd) {}

  /**
   * @param destination the file "allow always" saves to, as the permission dialog names it
   * @param answers performs what a dialog answers
   * @param changed told when which request waits for the user may have changed
   */
  // What the permission dialog's "why" key needs; none until the shell gives them.
  private Workers workers;

  private RequestExplainer explainer = RequestExplainer.NONE;

  public OverlayStack(
      DialogHost host,
      String destination,
      RuleOptions ruleOptions,
      Consumer<Effect> answers,
      Runnable changed) {
    this.host = host;
    this.destination = destination;
    this.ruleOptions = ruleOptions;
    this.answers = answers;
    this.changed = changed;
    // Whichever dialog closed, and however it was answered, what waits may have changed.
    host.whenClosed(changed);
  }

  /** The permission dialog's "why" key asks {@code explainer} on {@code workers}. */
  public void explainWith(Workers workers, RequestExplainer explainer) {
    this.workers = workers;
    this.explainer = explainer;
  }

  /** Opens {@code overlay}: the one way a dialog reaches the screen. */
  private <T extends Overlay> T show(T overlay) {
    overlay.open(host, answers);
    return overlay;
  }

  private void note(String text) {
    answers.accept(Effect.note(SessionEvent.Level.INFO, text));
  }

  /** Which request waits for the user now: "permission", "grants", or null. */
  public String waitingOn() {
    return requestDialog != null ? "permission" : grantDialog != null ? "grants" : null;
  }

  public boolean anyOpen() {
    return host.anyOpen();
  }

  public void ask(PermissionRequest request) {
    permissions.add(request);
    waiting.addLast(request);
    if (requestDialog instanceof PermissionDialog shown) {
      shown.queueChanged();
    }
    showNext();
  }

  /** A withdrawn request closes its dialog, or leaves the queue, with a notice. */
  public void withdrawn(PermissionRequest request, String reason) {
    String why = reason == null || reason.isBlank() ? "" : " (" + Sanitizer.oneLine(reason) + ")";
    String text =
        "Claude withdrew its request to use " + PermissionDialog.tool(request) + why + ".";
    if (request == permissions.current()) {
      note(text);
      requestDialog.withdrawn();
      permissions.answered();
      closeRequestDialog();
    } else if (permissions.remove(request)) {
      waiting.remove(request);
      note(text);
      if (requestDialog instanceof PermissionDialog shown) {
        shown.queueChanged();
      }
    }
  }

  public void offerGrants(TurnSummary summary, Path cwd) {
    waiting.addLast(new GrantOffer(summary, cwd));
    showNext();
  }

  /** Shows what waits first, unless a request's or offer's dialog is up. */
  private void showNext() {
    while (requestDialog == null && grantDialog == null && !waiting.isEmpty()) {
      Object next = waiting.removeFirst();
      if (next instanceof PermissionRequest request && permissions.show(request)) {
        requestDialog = show(requestDialog(request));
      } else if (next instanceof GrantOffer offer) {
        GrantForm form = GrantForm.of(offer.summary(), ruleOptions, offer.cwd());
        if (!form.items().isEmpty()) {
          grantDialog = new GrantDialog(form, this::grantDialogClosed);
          changed.run();
          show(grantDialog);
        }
      }
    }
  }

  private void grantDialogClosed() {
    grantDialog = null;
    changed.run();
    showNext();
  }

  /**
   * The tools that ask the user something get their own dialog: AskUserQuestion a picker,
   * ExitPlanMode the plan and how to go on; every other tool (or a question input no picker can
   * show) the permission dialog.
   */
  private RequestDialog requestDialog(PermissionRequest request) {
    Consumer<BooleanSupplier> answer = action -> answer(request, action);
    return switch (request.toolName()) {
      case "AskUserQuestion" ->
          QuestionDialog.of(request, answer)
              .<RequestDialog>map(dialog -> dialog)
              .orElseGet(() -> permissionDialog(request, answer));
      case "ExitPlanMode" -> new PlanDialog(request, answer);
      default -> permissionDialog(request, answer);
    };
  }

  private PermissionDialog permissionDialog(
      PermissionRequest request, Consumer<BooleanSupplier> answer) {
    return new PermissionDialog(
        request, permissions, destination, ruleOptions, answer, workers, explainer);
  }

  /** Sends one answer to the request shown through its reply handle, then shows what waits. */
  private void answer(PermissionRequest request, BooleanSupplier action) {
    if (!action.getAsBoolean()) {
      answers.accept(
          Effect.note(
              SessionEvent.Level.WARNING,
              "The request to use "
                  + PermissionDialog.tool(request)
                  + " was no longer open; nothing was sent."));
    }
    permissions.answered();
    closeRequestDialog();
  }

  private void closeRequestDialog() {
    host.close(requestDialog.window());
    requestDialog = null;
    permissions.closed();
    showNext();
  }

  public void openForm(ElicitationRequest request) {
    ElicitationDialog.declineUnshowable(request)
        .ifPresentOrElse(answers, () -> forms.add(show(new ElicitationDialog(request))));
  }

  public void abandonForms() {
    forms.forEach(ElicitationDialog::abandon);
    forms.clear();
  }

  public void modeMenu(String current) {
    show(ModeMenu.of(current == null ? "default" : current));
  }

  public void help(String text) {
    show(new SimpleDialog("Keys").scrollingText(text));
  }

  /**
   * Ctrl+O: the conversation in full, following it while open; {@code closes}: the keys that close
   * it beside Esc.
   */
  public void detail(Conversation conversation, Predicate<KeyStroke> closes) {
    show(new DetailView(conversation, closes));
  }

  /** Ctrl+T: the todo list Claude last wrote. */
  public void todos(List<String> lines) {
    show(new SimpleDialog("Todos").scrollingText(String.join("\n", lines)));
  }

  public void resumePicker(List<PastSession> list, ZoneId zone, String filter) {
    show(new ResumePicker(list, zone, filter));
  }

  /** claude exited unexpectedly (exit code -1: the user asked with F5). */
  public void offerRestart(int exitCode, String sessionId) {
    SimpleDialog dialog =
        new SimpleDialog("Claude stopped")
            .text(
                "claude exited unexpectedly (code "
                    + exitCode
                    + "). Resume the same conversation in a new process, or start a new one.");
    if (sessionId != null) {
      dialog.action("Resume session", 'r', new Effect.OpenSession(Optional.of(sessionId)));
    }
    show(
        dialog
            .action("New session", 'n', new Effect.OpenSession(Optional.empty()))
            .action("Quit", 'q', new Effect.Quit())
            .onEscape(
                Effect.note(
                    SessionEvent.Level.INFO, "Press F5 to resume or start a new session.")));
  }

  /** Offers to trust {@code workspace}; the write itself is work for the runner. */
  public void offerTrust(Path workspace) {
    show(
        new SimpleDialog("Untrusted workspace")
            .text(
                "Claude ignores the permission rules in this project's .claude/settings.json"
                    + " because the workspace is not trusted:\n"
                    + Sanitizer.oneLine(String.valueOf(workspace))
                    + "\n\nTrust it only if you trust the project's files.")
            .deliberateAction("Trust this workspace", 't', new Effect.Trust(workspace))
            .onEscape(Effect.note(SessionEvent.Level.INFO, "Workspace left untrusted.")));
  }

  /** After trusting: the project's rules apply to a new claude process only. */
  public void offerRelaunch(String sessionId) {
    show(
        new SimpleDialog("Workspace trusted")
            .text(
                "The project's rules apply to the next claude process. Relaunch claude now and go"
                    + " on with the same conversation?")
            .action("Relaunch now", 'r', new Effect.OpenSession(Optional.ofNullable(sessionId)))
            .onEscape(
                Effect.note(
                    SessionEvent.Level.INFO,
                    "The project's rules apply from the next restart (F5).")));
  }

  public void showTasks(List<BackgroundTask> running) {
    show(tasksDialog(running));
  }

  private SimpleDialog tasksDialog(List<BackgroundTask> running) {
    tasks = running;
    SimpleDialog dialog = new SimpleDialog("Running in claude").text(TaskSummary.list(running));
    tasksDialog = dialog;
    tasksDialogIds = running.stream().map(BackgroundTask::taskId).toList();
    for (int i = 0; i < running.size() && i < 9; i++) {
      BackgroundTask task = running.get(i);
      dialog.action(
          "Stop " + (i + 1),
          (char) ('1' + i),
          new Effect.StopTask(task.taskId()),
          Effect.note(
              SessionEvent.Level.INFO,
              "Stopping " + Sanitizer.oneLine(TaskSummary.name(task)) + "…"));
    }
    return dialog;
  }

  /**
   * The running tasks changed: a dialog listing tasks that have ended closes (F6's is shown anew
   * with the tasks running now); a new step of the same tasks leaves it alone.
   */
  public void tasksChanged(List<BackgroundTask> running) {
    tasks = running;
    if (tasksDialog != null
        && tasksDialog.window().getTextGUI() != null
        && !tasksDialogIds.equals(running.stream().map(BackgroundTask::taskId).toList())) {
      Window shown = tasksDialog.window();
      tasksDialog = null;
      if (running.isEmpty()) {
        host.close(shown);
      } else {
        // The same dialog with the tasks of now: its key pause is not armed again.
        tasksDialog(running).openInPlaceOf(shown, host, answers);
      }
    }
    if (running.isEmpty()
        && restartWaitsDialog != null
        && restartWaitsDialog.window().getTextGUI() != null) {
      host.close(restartWaitsDialog.window());
      restartWaitsDialog = null;
      note("The tasks claude ran have ended, so the restart no longer waits for them.");
    }
  }

  public void restartWaits(SessionEvent.RestartWaitsForTasks w) {
    String agents = TaskSummary.count(w.running());
    Effect waiting = Effect.note(SessionEvent.Level.INFO, "Waiting for " + agents + " to finish.");
    if (restartWaitsDialog != null) {
      host.close(restartWaitsDialog.window());
    }
    restartWaitsDialog = new SimpleDialog("claude must restart");
    restartWaitsDialog
        .text(
            "claude has to be restarted ("
                + Sanitizer.oneLine(w.reason())
                + "), which would stop "
                + agents
                + " running in it:\n"
                + TaskSummary.list(w.running())
                + "\nWait for them (your messages wait too), or stop them and go on now.")
        .action("Wait for " + agents, 'w', waiting)
        .action("Stop them and go on", 's', new Effect.StopTasksAndGoOn())
        .onEscape(waiting);
    show(restartWaitsDialog);
  }

  /** One tool call in full: its input and result, controls marked. */
  public void toolDetails(ToolRow row, Instant now) {
    String text =
        "Tool: "
            + row.rawName()
            + "\nStatus: "
            + row.outcome().wireName()
            + "\nElapsed: "
            + row.elapsed(now).toMillis()
            + " ms\n\nInput:\n"
            + PermissionDetails.describe(row.rawName(), row.input())
            + "\n\nResult:\n"
            + (!row.result().isEmpty()
                ? row.result()
                : row.outcome() == ToolOutcome.RUNNING ? "(none yet)" : "(none)");
    SimpleDialog dialog = new SimpleDialog("Tool call " + Sanitizer.revealInline(row.id()));
    if (Sanitizer.hasControls(text)) {
      dialog.text(PermissionDialog.HAS_CONTROLS);
    }
    show(dialog.component(ReadOnlyText.of(text)));
  }

  /** The decision ledger's entries of this session, read-only. */
  public void decisions(String sessionId, LedgerReader.Reading reading) {
    show(DecisionsDialog.of(sessionId, reading));
  }

  /** Running tasks as the stack last heard of them. */
  public List<BackgroundTask> tasks() {
    return tasks;
  }
}

package dev.milktui.tui.dialog;

import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantPolicy;
import dev.milktui.core.grants.PermissionRule;
import dev.milktui.core.grants.SavedGrants;
import dev.milktui.tui.app.Effect;
import dev.milktui.tui.app.SaveProgress;
import dev.milktui.tui.dialog.PermissionView.Step;
import dev.milktui.tui.work.Workers;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One of Claude's permission requests, shown in its burst ("1 of 3"; the overlay stack queues the
 * rest). Keys: y allow once, Shift+A allow always (shows every rule to save and the file it goes
 * to, editable), n deny with an optional reason, Esc deny and stop the turn, Shift+D deny this and
 * every waiting one. {@link PermissionView} draws each step; this class answers.
 *
 * <p>Everything about the request is shown revealed: what is allowed is exactly what was on the
 * screen, controls and escape strings included, and a request holding any says so in words.
 */
public final class PermissionDialog implements RequestDialog {
  static final String DENIED = "The user denied this tool call.";
  static final String DENIED_AND_STOPPED = "The user denied this tool call and stopped the turn.";
  public static final String HAS_CONTROLS =
      "This input contains control characters or lookalikes, shown marked below (␛ is ESC, ␇ BEL,"
          + " \\u… a hidden or lookalike character).";

  private final PermissionRequest request;
  private final PermissionQueue queue;
  private final String destination;
  private final RuleOptions ruleOptions;
  private final Consumer<BooleanSupplier> answer;
  private Consumer<Effect> answers;
  private PermissionView view;
  private BasicWindow window;
  private Step step = Step.MAIN;
  // "Allow always" being saved (by the effect runner, off the UI thread); null when nothing is.
  private AlwaysSave saving;
  // "Allow always" for this request, kept across a failed or cancelled save.
  private AlwaysForm always;
  private final GrantPolicy policy = GrantPolicy.ofUser();
  // The "why" key's window over this request, and what it needs (workers null: no explanations).
  private final Workers workers;
  private final RequestExplainer explainer;
  private DialogHost host;
  private WhyWindow why;

  /**
   * @param queue the burst {@code request} is shown in ("2 of 5", the deny-all line)
   * @param destination the file "allow always" saves to, as the dialog names it
   * @param answer sends one answer to the request and closes the dialog (the overlay stack's)
   * @param workers where the "why" key's explanation is worked out (never the UI thread)
   */
  public PermissionDialog(
      PermissionRequest request,
      PermissionQueue queue,
      String destination,
      RuleOptions ruleOptions,
      Consumer<BooleanSupplier> answer,
      Workers workers,
      RequestExplainer explainer) {
    this.request = request;
    this.queue = queue;
    this.destination = destination;
    this.ruleOptions = ruleOptions;
    this.answer =
        action -> {
          closeWhy();
          answer.accept(action);
        };
    this.workers = workers;
    this.explainer = explainer;
  }

  @Override
  public void open(DialogHost host, Consumer<Effect> answers) {
    this.host = host;
    this.answers = answers;
    this.view =
        new PermissionView(
            host,
            destination,
            new PermissionView.Buttons() {
              @Override
              public void allowOnce() {
                PermissionDialog.this.allowOnce();
              }

              @Override
              public void openAlways() {
                PermissionDialog.this.openAlways();
              }

              @Override
              public void deny() {
                switchTo(Step.DENY);
              }

              @Override
              public void denyAndStop() {
                answer.accept(() -> request.denyAndStop(DENIED_AND_STOPPED));
              }
            });
    window = DialogHost.modal(queue.title());
    window.addWindowListener(
        new WindowListenerAdapter() {
          @Override
          public void onInput(Window w, KeyStroke key, AtomicBoolean deliver) {
            if (handleKey(key)) {
              deliver.set(false);
            }
          }
        });
    render();
    host.open(window);
  }

  /** The tool as the dialogs name it, revealed. */
  public static String tool(PermissionRequest request) {
    return PermissionView.tool(request);
  }

  @Override
  public BasicWindow window() {
    return window;
  }

  /** Another request came or left the queue: the title's count and the deny-all line follow. */
  public void queueChanged() {
    if (step == Step.MAIN && !view.showsWaiting() && queue.waiting() > 0) {
      // The first request to wait behind this one: the deny-all line appears.
      render();
    } else {
      view.waiting(queue.waitingText());
    }
    window.setTitle(queue.title());
  }

  /** The request went away: its save stops, unwritten, and nobody waits for the outcome. */
  @Override
  public void withdrawn() {
    closeWhy();
    if (saving != null) {
      AlwaysSave dropped = saving;
      saving = null;
      answers.accept(new Effect.CancelSave(dropped));
    }
  }

  private boolean handleKey(KeyStroke key) {
    PermissionRequest current = request;
    switch (step) {
      case MAIN:
        Optional<PermissionKey> bound = PermissionKey.of(key);
        if (bound.isEmpty() && Keys.is(key, 'a')) {
          view.error("Allow always saves a rule: press Shift+A if you mean it.");
          return true;
        }
        if (bound.isEmpty() || (bound.get() == PermissionKey.DENY_ALL && queue.waiting() == 0)) {
          return false;
        }
        switch (bound.get()) {
          case ALLOW_ONCE -> allowOnce();
          case ALLOW_ALWAYS -> openAlways();
          case DENY -> switchTo(Step.DENY);
          case DENY_ALL -> denyAllWaiting();
          case DENY_AND_STOP -> answer.accept(() -> current.denyAndStop(DENIED_AND_STOPPED));
          case WHY ->
              why = workers == null ? null : WhyWindow.open(host, workers, explainer, current);
        }
        return true;
      case SAVING:
        if (Keys.type(key, KeyType.Escape)) {
          cancelSaving();
        } else {
          view.error("Still saving; Esc cancels (nothing is saved then).");
        }
        return true;
      case ALWAYS:
        if (Keys.type(key, KeyType.ArrowUp) || Keys.type(key, KeyType.ArrowDown)) {
          if (window.getFocusedInteractable() != view.field()) {
            return false;
          }
          always.pick(Keys.type(key, KeyType.ArrowUp) ? -1 : 1);
          view.field().setText(always.text());
          view.field().setCaretPosition(always.text().length());
          return true;
        }
        if (Keys.plainEnter(key)) {
          confirmAlways();
        } else if (Keys.type(key, KeyType.Escape)) {
          switchTo(Step.MAIN);
        } else {
          return false;
        }
        return true;
      case DENY:
        if (Keys.plainEnter(key)) {
          String reason = view.field().getText().strip();
          String message = reason.isEmpty() ? DENIED : DENIED + " Reason: " + reason;
          answer.accept(() -> current.deny(message));
        } else if (Keys.type(key, KeyType.Escape)) {
          switchTo(Step.MAIN);
        } else {
          return false;
        }
        return true;
      default:
        return false;
    }
  }

  /**
   * Allows as asked; never for AskUserQuestion, whose echoed input would tell the model the user
   * did not answer (this dialog only shows questions no picker could read).
   */
  private void allowOnce() {
    if ("AskUserQuestion".equals(request.toolName())) {
      view.error("These questions could not be shown as a picker: n declines them.");
      return;
    }
    answer.accept(request::allowOnce);
  }

  /** A tool whose name no rule can spell (e.g. one with parentheses) can only be allowed once. */
  private void openAlways() {
    PermissionRequest current = request;
    if ("AskUserQuestion".equals(current.toolName())) {
      allowOnce();
      return;
    }
    try {
      PermissionRule.toolWide(current.toolName());
    } catch (IllegalArgumentException e) {
      view.error("No rule can name this tool, so it cannot be allowed always: y or n.");
      return;
    }
    if (always == null) {
      always = AlwaysForm.of(current, ruleOptions, policy, Path.of("").toAbsolutePath());
    }
    switchTo(Step.ALWAYS);
  }

  /**
   * Denies the request shown and every one waiting, at once: a flood of requests (thousands queued)
   * need not be answered one by one. Each is denied as "n" would, never allowed.
   */
  private void denyAllWaiting() {
    answer.accept(
        () -> {
          int denied = (request.deny(DENIED) ? 1 : 0) + queue.denyWaiting(DENIED);
          answers.accept(
              Effect.note(
                  SessionEvent.Level.INFO, "Denied " + denied + " permission request(s) at once."));
          return true;
        });
  }

  /** An explanation is of this request: it never outlives the request's answer. */
  private void closeWhy() {
    if (why != null) {
      why.close();
      why = null;
    }
  }

  private void switchTo(Step next) {
    step = next;
    render();
  }

  private void render() {
    view.render(window, step, request, queue, always);
  }

  /**
   * Saves exactly the rules in the field (what the user saw and left there, held to the grant
   * dialog's guards by {@link AlwaysForm}) through the one saver, then allows, applying the same
   * rules and the directories the user ticked for the rest of this session; the CLI writes no file.
   */
  private void confirmAlways() {
    always.setBroadConfirmed(view.broadConfirmed());
    AlwaysForm.Decision decision;
    try {
      decision = always.decision();
    } catch (IllegalArgumentException e) {
      view.error(e.getMessage());
      return;
    }
    saving = new AlwaysSave(request, decision);
    switchTo(Step.SAVING);
    answers.accept(
        new Effect.SaveRules(
            new GrantDecision(decision.rules(), List.of(), true, null, decision.confirmed(), false),
            saving));
  }

  /** Esc while saving: the save stops (a wait for a lock ends) and the form says so. */
  private void cancelSaving() {
    if (saving != null) {
      answers.accept(new Effect.CancelSave(saving));
    }
  }

  /**
   * One "allow always" save as the dialog follows it: once saved, the request is allowed with the
   * same rules and the ticked directories for this session; otherwise the form is back with why.
   */
  private final class AlwaysSave implements SaveProgress {
    private final PermissionRequest request;
    private final AlwaysForm.Decision decision;

    AlwaysSave(PermissionRequest request, AlwaysForm.Decision decision) {
      this.request = request;
      this.decision = decision;
    }

    @Override
    public void progress(String text) {
      if (saving == this) {
        view.progress(text);
      }
    }

    @Override
    public void saved(Optional<SavedGrants> written) {
      if (saving != this) {
        return;
      }
      saving = null;
      // What the save wrote where goes to the ledger with the answer, not what was meant to be.
      answer.accept(
          () ->
              written.isPresent()
                  ? request.allowAlways(
                      decision.sessionRules(), decision.directories(), written.get())
                  : request.allowForSession(decision.sessionRules(), decision.directories()));
    }

    @Override
    public void notSaved(String why) {
      if (saving != this) {
        return;
      }
      saving = null;
      switchTo(Step.ALWAYS);
      view.error(why + " Enter tries again, Esc goes back.");
    }
  }
}

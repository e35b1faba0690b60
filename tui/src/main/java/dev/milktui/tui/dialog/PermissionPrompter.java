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
import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.work.Workers;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Claude's permission requests, one dialog at a time, the rest queued ("1 of 3"). Keys: y allow
 * once, Shift+A allow always (shows every rule to save and the file it goes to, editable), n deny
 * with an optional reason, Esc deny and stop the turn, Shift+D deny this and every waiting one. A
 * withdrawn request closes its dialog, or leaves the queue, with a notice. {@link PermissionView}
 * draws each step; this class answers.
 *
 * <p>Everything about the request is shown revealed: what is allowed is exactly what was on the
 * screen, controls and escape strings included, and a request holding any says so in words.
 */
public final class PermissionPrompter {
  static final String DENIED = "The user denied this tool call.";
  static final String DENIED_AND_STOPPED = "The user denied this tool call and stopped the turn.";
  public static final String HAS_CONTROLS =
      "This input contains control characters or lookalikes, shown marked below (␛ is ESC, ␇ BEL,"
          + " \\u… a hidden or lookalike character).";

  private final DialogHost host;
  private final RuleOptions ruleOptions;
  private final BiConsumer<SessionEvent.Level, String> notices;
  private final Consumer<Effect> answers;
  private final PermissionQueue queue = new PermissionQueue();
  private final PermissionView view;
  private BasicWindow window;
  // The window of a question or plan dialog, which keeps its own title; null otherwise.
  private BasicWindow special;
  private Step step = Step.MAIN;
  // "Allow always" being saved (by the effect runner, off the UI thread); null when nothing is.
  private AlwaysSave saving;
  // "Allow always" for the current request, kept across a failed or cancelled save.
  private AlwaysForm always;
  private final GrantPolicy policy = GrantPolicy.ofUser();
  // The "why" key's window over the current request, and what it needs; see explainWith.
  private WhyWindow why;
  private Workers workers;
  private RequestExplainer explainer = RequestExplainer.NONE;

  /**
   * @param destination the file "allow always" saves to, as the dialog names it
   * @param answers performs what the dialog answers with (saving the rules)
   */
  public PermissionPrompter(
      DialogHost host,
      String destination,
      RuleOptions ruleOptions,
      BiConsumer<SessionEvent.Level, String> notices,
      Consumer<Effect> answers) {
    this.host = host;
    this.ruleOptions = ruleOptions;
    this.notices = notices;
    this.answers = answers;
    this.view =
        new PermissionView(
            host,
            destination,
            new PermissionView.Buttons() {
              @Override
              public void allowOnce() {
                PermissionPrompter.this.allowOnce();
              }

              @Override
              public void openAlways() {
                PermissionPrompter.this.openAlways();
              }

              @Override
              public void deny() {
                switchTo(Step.DENY);
              }

              @Override
              public void denyAndStop() {
                answer(() -> queue.current().denyAndStop(DENIED_AND_STOPPED));
              }
            });
  }

  /** The "why" key asks {@code explainer} on {@code workers}, never on the UI thread. */
  public void explainWith(Workers workers, RequestExplainer explainer) {
    this.workers = workers;
    this.explainer = explainer;
  }

  public void enqueue(PermissionRequest request) {
    queue.add(request);
    if (queue.current() == null) {
      showNext();
    } else if (special == null && step == Step.MAIN && !view.showsWaiting()) {
      // The first request to wait behind this one: the deny-all line appears.
      render();
      window.setTitle(queue.title());
    } else if (special == null) {
      retitle();
    }
  }

  /** The title's count and the deny-all line follow the queue. */
  private void retitle() {
    window.setTitle(queue.title());
    view.waiting(queue.waitingText());
  }

  public void withdrawn(PermissionRequest request, String reason) {
    String why = reason == null || reason.isBlank() ? "" : " (" + Sanitizer.oneLine(reason) + ")";
    String text = "Claude withdrew its request to use " + PermissionView.tool(request) + why + ".";
    if (request == queue.current()) {
      notices.accept(SessionEvent.Level.INFO, text);
      dropSaving();
      queue.answered();
      closeAndAdvance();
    } else if (queue.remove(request)) {
      notices.accept(SessionEvent.Level.INFO, text);
      if (window != null && special == null) {
        retitle();
      }
    }
  }

  /** Requests shown or waiting. */
  public int pending() {
    return queue.pending();
  }

  public boolean showing() {
    return queue.current() != null;
  }

  private void showNext() {
    PermissionRequest current = queue.next();
    if (current == null) {
      return;
    }
    step = Step.MAIN;
    always = null;
    special = specialDialog(current);
    if (special != null) {
      window = special;
      host.open(window);
      return;
    }
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

  /**
   * The tools that ask the user something get their own dialog: AskUserQuestion a picker,
   * ExitPlanMode the plan and how to go on. Null for every other tool (or a question input no
   * picker can show, which falls back to the permission dialog).
   */
  private BasicWindow specialDialog(PermissionRequest request) {
    return switch (request.toolName()) {
      case "AskUserQuestion" ->
          QuestionDialog.of(host, request, this::answer).map(QuestionDialog::window).orElse(null);
      case "ExitPlanMode" -> new PlanDialog(host, request, this::answer).window();
      default -> null;
    };
  }

  private boolean handleKey(KeyStroke key) {
    PermissionRequest current = queue.current();
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
          case DENY_AND_STOP -> answer(() -> current.denyAndStop(DENIED_AND_STOPPED));
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
          answer(() -> current.deny(message));
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
    if ("AskUserQuestion".equals(queue.current().toolName())) {
      view.error("These questions could not be shown as a picker: n declines them.");
      return;
    }
    answer(queue.current()::allowOnce);
  }

  /** A tool whose name no rule can spell (e.g. one with parentheses) can only be allowed once. */
  private void openAlways() {
    PermissionRequest current = queue.current();
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
    int denied = (queue.current().deny(DENIED) ? 1 : 0) + queue.denyWaiting(DENIED);
    notices.accept(SessionEvent.Level.INFO, "Denied " + denied + " permission request(s) at once.");
    queue.answered();
    closeAndAdvance();
  }

  private void switchTo(Step next) {
    step = next;
    render();
  }

  private void render() {
    view.render(window, step, queue.current(), queue, always);
  }

  private void answer(BooleanSupplier action) {
    PermissionRequest request = queue.current();
    if (!action.getAsBoolean()) {
      notices.accept(
          SessionEvent.Level.WARNING,
          "The request to use "
              + PermissionView.tool(request)
              + " was no longer open; nothing was sent.");
    }
    queue.answered();
    closeAndAdvance();
  }

  private void closeAndAdvance() {
    if (why != null) {
      // An explanation is of the request that has just gone; it never outlives it.
      why.close();
      why = null;
    }
    if (window != null) {
      host.close(window);
      window = null;
      special = null;
    }
    showNext();
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
    saving = new AlwaysSave(queue.current(), decision);
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

  /** The request went away: its save stops, unwritten, and nobody waits for the outcome. */
  private void dropSaving() {
    if (saving != null) {
      AlwaysSave dropped = saving;
      saving = null;
      answers.accept(new Effect.CancelSave(dropped));
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
      answer(
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
      if (request == queue.current()) {
        switchTo(Step.ALWAYS);
        view.error(why + " Enter tries again, Esc goes back.");
      }
    }
  }
}

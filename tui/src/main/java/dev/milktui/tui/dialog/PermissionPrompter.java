package dev.milktui.tui.dialog;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Button;
import com.googlecode.lanterna.gui2.CheckBox;
import com.googlecode.lanterna.gui2.Label;
import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.TextBox;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantPolicy;
import dev.milktui.core.grants.PermissionRule;
import dev.milktui.core.protocol.ControlRequest;
import dev.milktui.core.text.TerminalText;
import dev.milktui.tui.layout.ButtonRow;
import dev.milktui.tui.layout.ScrollText;
import dev.milktui.tui.layout.WrappedText;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.Sanitizer;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;

/**
 * Claude's permission requests, one dialog at a time, the rest queued ("1 of 3"). Keys: y allow
 * once, Shift+A allow always (shows every rule to save and the file it goes to, editable), n deny
 * with an optional reason, Esc deny and stop the turn. A withdrawn request closes its dialog, or
 * leaves the queue, with a notice.
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

  private enum Mode {
    MAIN,
    ALWAYS,
    SAVING,
    DENY
  }

  private final DialogHost host;
  private final GrantSaver saver;
  private final RuleOptions ruleOptions;
  private final BiConsumer<SessionEvent.Level, String> notices;
  private final Executor settingsIo;
  private final Deque<PermissionRequest> queue = new ArrayDeque<>();
  private PermissionRequest current;
  private BasicWindow window;
  // The window of a question or plan dialog, which keeps its own title; null otherwise.
  private BasicWindow special;
  private Mode mode = Mode.MAIN;
  private TextBox field;
  private WrappedText rulesCount;
  private ScrollText rulesList;
  private WrappedText error;
  // "Shift+D denies this and the N waiting", while others wait; null when not shown.
  private WrappedText waiting;
  private int answered;
  // "Allow always" being saved off the UI thread; null when nothing is.
  private RuleSave saving;
  private final Label progress = new Label("");
  // "Allow always" for the current request, kept across a failed or cancelled save.
  private AlwaysForm always;
  private CheckBox broadOk;
  private final GrantPolicy policy = GrantPolicy.ofUser();

  public PermissionPrompter(
      DialogHost host,
      GrantSaver saver,
      RuleOptions ruleOptions,
      BiConsumer<SessionEvent.Level, String> notices,
      Executor settingsIo) {
    this.host = host;
    this.saver = saver;
    this.ruleOptions = ruleOptions;
    this.notices = notices;
    this.settingsIo = settingsIo;
  }

  public void enqueue(PermissionRequest request) {
    queue.addLast(request);
    if (current == null) {
      showNext();
    } else if (special == null && mode == Mode.MAIN && waiting == null) {
      // The first request to wait behind this one: the deny-all line appears.
      render();
      window.setTitle(title());
    } else if (special == null) {
      retitle();
    }
  }

  /** The title's count and the deny-all line follow the queue. */
  private void retitle() {
    window.setTitle(title());
    if (waiting != null) {
      waiting.setText(waitingText());
    }
  }

  private String waitingText() {
    return queue.isEmpty() ? "" : "Shift+D denies this and the " + queue.size() + " waiting";
  }

  public void withdrawn(PermissionRequest request, String reason) {
    String why = reason == null || reason.isBlank() ? "" : " (" + Sanitizer.oneLine(reason) + ")";
    String text = "Claude withdrew its request to use " + tool(request) + why + ".";
    if (request == current) {
      notices.accept(SessionEvent.Level.INFO, text);
      cancelSaving();
      answered++;
      closeAndAdvance();
    } else if (queue.remove(request)) {
      notices.accept(SessionEvent.Level.INFO, text);
      if (window != null && special == null) {
        retitle();
      }
    }
  }

  /** The user quits: an "allow always" save still waiting for its lock is stopped, unwritten. */
  public void stopSaving() {
    cancelSaving();
  }

  /** Requests shown or waiting. */
  public int pending() {
    return queue.size() + (current == null ? 0 : 1);
  }

  public boolean showing() {
    return current != null;
  }

  private static String tool(PermissionRequest request) {
    return Sanitizer.revealInline(request.toolName());
  }

  /** Who asks: the subagent by its description and type, or Claude itself. */
  static String asker(PermissionRequest request) {
    return request.context().agent().map(agent -> "Agent " + agent).orElse("Claude");
  }

  /** An MCP tool's name as its server shows it, and the server; empty for other tools. */
  private static String mcpOrigin(ControlRequest.CanUseTool request) {
    if (request.mcpServerName() == null) {
      return "";
    }
    String display =
        request.displayName() == null || request.displayName().isBlank()
            ? request.toolName()
            : request.displayName();
    return "MCP tool \"" + display + "\" of server " + request.mcpServerName();
  }

  private String title() {
    return "Permission " + (answered + 1) + " of " + (answered + pending()) + ": " + tool(current);
  }

  private void showNext() {
    current = null;
    while (!queue.isEmpty()) {
      PermissionRequest next = queue.removeFirst();
      if (next.isOpen()) {
        current = next;
        break;
      }
    }
    if (current == null) {
      answered = 0;
      return;
    }
    mode = Mode.MAIN;
    always = null;
    special = specialDialog(current);
    if (special != null) {
      window = special;
      host.open(window);
      return;
    }
    window = DialogHost.modal(title());
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
    switch (mode) {
      case MAIN:
        if (Keys.is(key, 'y')) {
          allowOnce();
        } else if (Keys.shifted(key, 'A')) {
          openAlways();
        } else if (Keys.is(key, 'a')) {
          error.setText("Allow always saves a rule: press Shift+A if you mean it.");
        } else if (Keys.is(key, 'n')) {
          switchTo(Mode.DENY);
        } else if (Keys.shifted(key, 'D') && !queue.isEmpty()) {
          denyAllWaiting();
        } else if (Keys.type(key, KeyType.Escape)) {
          answer(() -> current.denyAndStop(DENIED_AND_STOPPED));
        } else {
          return false;
        }
        return true;
      case SAVING:
        if (Keys.type(key, KeyType.Escape)) {
          cancelSaving();
          switchTo(Mode.ALWAYS);
          error.setText(
              "Saving was cancelled: nothing was saved. Enter tries again, Esc goes back.");
        } else {
          error.setText("Still saving; Esc cancels (nothing is saved then).");
        }
        return true;
      case ALWAYS:
        if (Keys.type(key, KeyType.ArrowUp) || Keys.type(key, KeyType.ArrowDown)) {
          if (window.getFocusedInteractable() != field) {
            return false;
          }
          always.pick(Keys.type(key, KeyType.ArrowUp) ? -1 : 1);
          field.setText(always.text());
          field.setCaretPosition(always.text().length());
          return true;
        }
        if (Keys.plainEnter(key)) {
          confirmAlways();
        } else if (Keys.type(key, KeyType.Escape)) {
          switchTo(Mode.MAIN);
        } else {
          return false;
        }
        return true;
      case DENY:
        if (Keys.plainEnter(key)) {
          String reason = field.getText().strip();
          String message = reason.isEmpty() ? DENIED : DENIED + " Reason: " + reason;
          answer(() -> current.deny(message));
        } else if (Keys.type(key, KeyType.Escape)) {
          switchTo(Mode.MAIN);
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
    if ("AskUserQuestion".equals(current.toolName())) {
      error.setText("These questions could not be shown as a picker: n declines them.");
      return;
    }
    answer(current::allowOnce);
  }

  /** A tool whose name no rule can spell (e.g. one with parentheses) can only be allowed once. */
  private void openAlways() {
    if ("AskUserQuestion".equals(current.toolName())) {
      allowOnce();
      return;
    }
    try {
      PermissionRule.toolWide(current.toolName());
    } catch (IllegalArgumentException e) {
      error.setText("No rule can name this tool, so it cannot be allowed always: y or n.");
      return;
    }
    switchTo(Mode.ALWAYS);
  }

  /**
   * Denies the request shown and every one waiting, at once: a flood of requests (thousands queued)
   * need not be answered one by one. Each is denied as "n" would, never allowed.
   */
  private void denyAllWaiting() {
    int denied = current.deny(DENIED) ? 1 : 0;
    while (!queue.isEmpty()) {
      if (queue.removeFirst().deny(DENIED)) {
        denied++;
      }
    }
    notices.accept(SessionEvent.Level.INFO, "Denied " + denied + " permission request(s) at once.");
    answered++;
    closeAndAdvance();
  }

  private void switchTo(Mode next) {
    mode = next;
    render();
  }

  private void answer(BooleanSupplier action) {
    PermissionRequest request = current;
    if (!action.getAsBoolean()) {
      notices.accept(
          SessionEvent.Level.WARNING,
          "The request to use " + tool(request) + " was no longer open; nothing was sent.");
    }
    answered++;
    closeAndAdvance();
  }

  private void closeAndAdvance() {
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
    always.setBroadConfirmed(broadOk != null && broadOk.isChecked());
    AlwaysForm.Decision decision;
    try {
      decision = always.decision();
    } catch (IllegalArgumentException e) {
      error.setText(e.getMessage());
      return;
    }
    saving = new RuleSave(current, decision, saver, host, this::lockHeld, this::saved);
    progress.setText("Saving to " + Sanitizer.revealInline(saver.destination()) + "…");
    switchTo(Mode.SAVING);
    settingsIo.execute(saving.task);
  }

  /** Stops the save in progress (its thread is interrupted, so a wait for a lock ends). */
  private void cancelSaving() {
    if (saving != null) {
      saving.task.cancel(true);
      saving = null;
    }
  }

  private void lockHeld(RuleSave save, Path lock) {
    if (save == saving) {
      progress.setText(
          "Waiting for "
              + Sanitizer.revealInline(lock.toString())
              + " (another program, maybe Claude, is writing these settings)…");
    }
  }

  /** Back on the UI thread: allow once saved, or say why not and stay. */
  private void saved(RuleSave save, Optional<String> failure) {
    if (save != saving) {
      if (failure.isEmpty()) {
        notices.accept(
            SessionEvent.Level.WARNING,
            "The rule(s) "
                + String.join(", ", save.decision.rules())
                + " were saved to "
                + saver.destination()
                + " before the cancel took effect; `milk-tui grants revoke` removes them.");
      }
      return;
    }
    saving = null;
    if (failure.isPresent()) {
      switchTo(Mode.ALWAYS);
      error.setText("Could not save the rule: " + Sanitizer.oneLine(failure.get()));
      return;
    }
    answer(
        () ->
            save.request.allowForSession(
                save.decision.sessionRules(), save.decision.directories()));
  }

  private void render() {
    Panel body = host.layoutPanel();
    ControlRequest.CanUseTool request = current.request();
    boolean untitled = request.title() == null || request.title().isBlank();
    String heading =
        current.context().agent().isPresent()
            ? asker(current)
                + " asks"
                + (untitled ? " to use " + tool(current) : ": " + request.title())
            : untitled ? "Claude wants to use " + tool(current) : request.title();
    String marked = marked(request);
    if (!marked.isEmpty()) {
      body.addComponent(wrapped(marked));
    }
    String widening = PermissionDetails.widening(request.toolName(), request.input());
    if (!widening.isEmpty()) {
      body.addComponent(revealed(widening));
    }
    body.addComponent(revealed(heading));
    if (!mcpOrigin(request).isEmpty()) {
      body.addComponent(revealed(mcpOrigin(request)));
    }
    if (request.description() != null
        && !request.description().isBlank()
        && !request.description().equals(request.title())) {
      body.addComponent(revealed(request.description()));
    }
    error = new WrappedText("");
    waiting = mode == Mode.MAIN && !queue.isEmpty() ? new WrappedText(waitingText()) : null;
    switch (mode) {
      case MAIN -> renderMain(body, request);
      case ALWAYS -> renderAlways(body);
      case SAVING -> {
        body.addComponent(progress);
        body.addComponent(
            new WrappedText("Esc cancels (nothing is saved then) · Ctrl+C still quits"));
      }
      case DENY -> renderDeny(body);
    }
    if (waiting != null) {
      body.addComponent(waiting);
    }
    body.addComponent(error);
    window.setComponent(body);
    if (field != null && (mode == Mode.ALWAYS || mode == Mode.DENY)) {
      field.takeFocus();
    }
  }

  /**
   * The tool's input comes first and takes the focus: it scrolls (↑/↓, PgUp/PgDn) when it is longer
   * than the screen, and an Enter typed in passing answers nothing.
   */
  private void renderMain(Panel body, ControlRequest.CanUseTool request) {
    field = null;
    body.addComponent(
        ReadOnlyText.of(PermissionDetails.describe(current))
            .lineStyles(PermissionDetails.lineStyles(current)));
    if (request.blockedPath() != null && !request.blockedPath().isBlank()) {
      body.addComponent(revealed("Blocked path: " + request.blockedPath()));
    }
    if (request.decisionReason() != null && !request.decisionReason().isBlank()) {
      body.addComponent(revealed("Why Claude asks: " + request.decisionReason()));
    }
    body.addComponent(
        new ButtonRow(
            new Button("Allow once (y)", this::allowOnce),
            new Button("Allow always (Shift+A)", this::openAlways),
            new Button("Deny (n)", () -> switchTo(Mode.DENY)),
            new Button(
                "Deny & stop (Esc)", () -> answer(() -> current.denyAndStop(DENIED_AND_STOPPED)))));
  }

  private void renderAlways(Panel body) {
    if (always == null) {
      always = AlwaysForm.of(current, ruleOptions, policy, Path.of("").toAbsolutePath());
    }
    body.addComponent(
        wrapped(
            "Allow always: the rules below are saved to "
                + Sanitizer.revealInline(saver.destination())
                + " and apply from now on. ↑/↓ other rules, narrowest first; or edit them (commas"
                + " separate rules):"));
    String text = always.text();
    field = new TextBox(new TerminalSize(Math.max(40, Columns.width(text) + 4), 1), text);
    rulesCount = new WrappedText("");
    rulesList = ScrollText.code("");
    field.setTextChangeListener(
        (newText, byUser) -> {
          if (byUser) {
            always.edit(newText);
          }
          listRules();
        });
    listRules();
    body.addComponent(field);
    body.addComponent(rulesCount);
    body.addComponent(rulesList);
    for (String refused : always.refused()) {
      body.addComponent(wrapped("Not offered: " + refused));
    }
    renderDirectories(body);
    for (String mode : always.modes()) {
      body.addComponent(
          revealed(
              "Claude also proposed switching to "
                  + mode
                  + " mode: not applied (Shift+Tab changes the mode)."));
    }
    body.addComponent(new Label("Enter saves and allows · Esc back"));
  }

  /** The CLI's directories for this session, unticked; a broad one needs "broad dir OK" too. */
  private void renderDirectories(Panel body) {
    broadOk = null;
    List<AlwaysForm.Directory> directories = always.directories();
    for (int i = 0; i < directories.size(); i++) {
      AlwaysForm.Directory directory = directories.get(i);
      String shown = Sanitizer.revealInline(directory.proposed());
      if (directory.refusal() != null) {
        body.addComponent(
            wrapped("Not offered: directory " + shown + " (" + directory.refusal() + ")"));
        continue;
      }
      int index = i;
      CheckBox box =
          new CheckBox(
              "also allow "
                  + shown
                  + " for this session"
                  + (directory.broad() ? " (broad: /, your home or above)" : ""));
      box.setChecked(directory.ticked());
      box.addListener(checked -> always.setTicked(index, checked));
      body.addComponent(box);
    }
    if (always.anyBroad()) {
      broadOk = new CheckBox("broad dir OK");
      body.addComponent(broadOk);
    }
  }

  /**
   * Every rule the field holds, one per line with what it allows, so none hides past the field's
   * edge; when the screen is too small for all of them, the list scrolls and marks what is out of
   * view.
   */
  private void listRules() {
    List<String> lines = always.lines();
    rulesCount.setText("Will save " + lines.size() + " rule(s):");
    rulesList.setText(lines.isEmpty() ? "" : "• " + String.join("\n• ", lines));
  }

  private void renderDeny(Panel body) {
    body.addComponent(new Label("Deny " + tool(current) + ". Tell Claude why (optional):"));
    field = new TextBox(new TerminalSize(60, 1), "");
    body.addComponent(field);
    body.addComponent(new Label("Enter denies · Esc back"));
  }

  static WrappedText wrapped(String text) {
    return new WrappedText(Sanitizer.clean(text));
  }

  /** As {@link #wrapped}, for text about what is approved: nothing dropped, controls marked. */
  static WrappedText revealed(String text) {
    return new WrappedText(Sanitizer.reveal(text));
  }

  /** What the request holds that is shown marked (controls, hidden characters, lookalikes). */
  private static String marked(ControlRequest.CanUseTool request) {
    return TerminalText.warning(
        request.toolName(),
        PermissionDetails.describe(request.toolName(), request.input()),
        request.title(),
        request.description(),
        request.blockedPath(),
        request.decisionReason());
  }
}

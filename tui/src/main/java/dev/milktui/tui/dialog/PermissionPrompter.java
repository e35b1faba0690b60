package dev.milktui.tui.dialog;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Button;
import com.googlecode.lanterna.gui2.Direction;
import com.googlecode.lanterna.gui2.Label;
import com.googlecode.lanterna.gui2.LinearLayout;
import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.TextBox;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.protocol.ControlRequest;
import dev.milktui.core.protocol.PermissionSuggestion;
import dev.milktui.core.session.GrantException;
import dev.milktui.tui.text.Sanitizer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;

/**
 * Claude's permission requests, one dialog at a time, the rest queued ("1 of 3"). Keys: y allow
 * once, a allow always (shows the rule to save, editable), n deny with an optional reason, Esc deny
 * and stop the turn. A withdrawn request closes its dialog, or leaves the queue, with a notice.
 */
public final class PermissionPrompter {
  static final String DENIED = "The user denied this tool call.";
  static final String DENIED_AND_STOPPED = "The user denied this tool call and stopped the turn.";

  private enum Mode {
    MAIN,
    ALWAYS,
    DENY
  }

  private final DialogHost host;
  private final GrantSaver saver;
  private final RuleOptions ruleOptions;
  private final BiConsumer<SessionEvent.Level, String> notices;
  private final Deque<PermissionRequest> queue = new ArrayDeque<>();
  private PermissionRequest current;
  private BasicWindow window;
  private Mode mode = Mode.MAIN;
  private TextBox field;
  private Label error;
  private int answered;

  public PermissionPrompter(
      DialogHost host,
      GrantSaver saver,
      RuleOptions ruleOptions,
      BiConsumer<SessionEvent.Level, String> notices) {
    this.host = host;
    this.saver = saver;
    this.ruleOptions = ruleOptions;
    this.notices = notices;
  }

  public void enqueue(PermissionRequest request) {
    queue.addLast(request);
    if (current == null) {
      showNext();
    } else {
      window.setTitle(title());
    }
  }

  public void withdrawn(PermissionRequest request, String reason) {
    String why = reason == null || reason.isBlank() ? "" : " (" + Sanitizer.oneLine(reason) + ")";
    String text = "Claude withdrew its request to use " + tool(request) + why + ".";
    if (request == current) {
      notices.accept(SessionEvent.Level.INFO, text);
      answered++;
      closeAndAdvance();
    } else if (queue.remove(request)) {
      notices.accept(SessionEvent.Level.INFO, text);
      if (window != null) {
        window.setTitle(title());
      }
    }
  }

  /** Requests shown or waiting. */
  public int pending() {
    return queue.size() + (current == null ? 0 : 1);
  }

  public boolean showing() {
    return current != null;
  }

  private static String tool(PermissionRequest request) {
    return Sanitizer.oneLine(request.toolName());
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

  private boolean handleKey(KeyStroke key) {
    switch (mode) {
      case MAIN:
        if (Keys.is(key, 'y')) {
          answer(current::allowOnce);
        } else if (Keys.is(key, 'a')) {
          switchTo(Mode.ALWAYS);
        } else if (Keys.is(key, 'n')) {
          switchTo(Mode.DENY);
        } else if (Keys.type(key, KeyType.Escape)) {
          answer(() -> current.denyAndStop(DENIED_AND_STOPPED));
        } else {
          return false;
        }
        return true;
      case ALWAYS:
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
    }
    showNext();
  }

  /** The CLI's rule suggestions, handed back verbatim when the user keeps them. */
  private List<PermissionSuggestion> cliSuggestions() {
    List<PermissionSuggestion> chosen = new ArrayList<>();
    List<PermissionSuggestion> all = current.request().permissionSuggestions();
    if (all == null) {
      return chosen;
    }
    for (PermissionSuggestion s : all) {
      if (s instanceof PermissionSuggestion.AddRules rules
          && (rules.behavior() == null || "allow".equals(rules.behavior()))) {
        chosen.add(s);
      } else if (s instanceof PermissionSuggestion.AddDirectories) {
        chosen.add(s);
      }
    }
    return chosen;
  }

  private static List<String> suggestedRules(List<PermissionSuggestion> suggestions) {
    List<String> rules = new ArrayList<>();
    for (PermissionSuggestion s : suggestions) {
      if (s instanceof PermissionSuggestion.AddRules add) {
        for (PermissionSuggestion.Rule rule : add.rules()) {
          String text = Sanitizer.oneLine(rule.asSettingsRule());
          if (!rules.contains(text)) {
            rules.add(text);
          }
        }
      }
    }
    return rules;
  }

  private List<String> proposedRules() {
    List<String> fromCli = suggestedRules(cliSuggestions());
    if (!fromCli.isEmpty()) {
      return fromCli;
    }
    List<String> options = ruleOptions.rulesFor(current.toolName(), current.request().input());
    return options.isEmpty() ? List.of() : List.of(options.get(options.size() - 1));
  }

  private void confirmAlways() {
    List<String> rules = RuleText.split(field.getText());
    if (rules.isEmpty()) {
      error.setText("Write a rule to save, or press Esc to go back.");
      return;
    }
    List<PermissionSuggestion> suggestions = cliSuggestions();
    if (!suggestions.isEmpty() && rules.equals(suggestedRules(suggestions))) {
      answer(() -> current.allowAlways(suggestions));
      return;
    }
    try {
      saver.save(rules);
    } catch (GrantException | RuntimeException e) {
      error.setText(
          "Could not save the rule: " + Sanitizer.oneLine(String.valueOf(e.getMessage())));
      return;
    }
    answer(current::allowOnce);
  }

  private void render() {
    int width = Math.min(100, host.maxColumns());
    Panel body = new Panel(new LinearLayout(Direction.VERTICAL));
    ControlRequest.CanUseTool request = current.request();
    String heading =
        request.title() == null || request.title().isBlank()
            ? "Claude wants to use " + tool(current)
            : request.title();
    body.addComponent(wrapped(heading, width));
    if (request.description() != null
        && !request.description().isBlank()
        && !request.description().equals(request.title())) {
      body.addComponent(wrapped(request.description(), width));
    }
    error = new Label("");
    switch (mode) {
      case MAIN -> renderMain(body, request, width);
      case ALWAYS -> renderAlways(body, width);
      case DENY -> renderDeny(body, width);
    }
    body.addComponent(error);
    window.setComponent(body);
    if (field != null && mode != Mode.MAIN) {
      field.takeFocus();
    }
  }

  private void renderMain(Panel body, ControlRequest.CanUseTool request, int width) {
    field = null;
    int rows = Math.max(3, host.maxRows() - 10);
    body.addComponent(
        ReadOnlyText.of(
            PermissionDetails.describe(request.toolName(), request.input()), width, rows));
    if (request.blockedPath() != null && !request.blockedPath().isBlank()) {
      body.addComponent(wrapped("Blocked path: " + request.blockedPath(), width));
    }
    if (request.decisionReason() != null && !request.decisionReason().isBlank()) {
      body.addComponent(wrapped("Why Claude asks: " + request.decisionReason(), width));
    }
    Panel buttons = new Panel(new LinearLayout(Direction.HORIZONTAL));
    buttons.addComponent(new Button("Allow once (y)", () -> answer(current::allowOnce)));
    buttons.addComponent(new Button("Allow always (a)", () -> switchTo(Mode.ALWAYS)));
    buttons.addComponent(new Button("Deny (n)", () -> switchTo(Mode.DENY)));
    buttons.addComponent(
        new Button(
            "Deny & stop (Esc)", () -> answer(() -> current.denyAndStop(DENIED_AND_STOPPED))));
    body.addComponent(buttons);
  }

  private void renderAlways(Panel body, int width) {
    List<String> rules = proposedRules();
    body.addComponent(
        wrapped(
            "Allow always, saving this rule (edit it if you like; commas separate rules):", width));
    String text = RuleText.join(rules);
    field =
        new TextBox(new TerminalSize(Math.min(width, Math.max(40, text.length() + 4)), 1), text);
    body.addComponent(field);
    for (PermissionSuggestion s : cliSuggestions()) {
      if (s instanceof PermissionSuggestion.AddDirectories dirs) {
        body.addComponent(
            wrapped("Also adds directories: " + String.join(", ", dirs.directories()), width));
      }
    }
    body.addComponent(new Label("Enter saves and allows · Esc back"));
  }

  private void renderDeny(Panel body, int width) {
    body.addComponent(new Label("Deny " + tool(current) + ". Tell Claude why (optional):"));
    field = new TextBox(new TerminalSize(Math.min(width, 60), 1), "");
    body.addComponent(field);
    body.addComponent(new Label("Enter denies · Esc back"));
  }

  static Label wrapped(String text, int width) {
    Label label = new Label(Sanitizer.clean(text).replace("\t", "    "));
    label.setLabelWidth(width);
    return label;
  }
}

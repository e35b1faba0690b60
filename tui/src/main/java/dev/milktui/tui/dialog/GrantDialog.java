package dev.milktui.tui.dialog;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Button;
import com.googlecode.lanterna.gui2.CheckBox;
import com.googlecode.lanterna.gui2.Direction;
import com.googlecode.lanterna.gui2.GridLayout;
import com.googlecode.lanterna.gui2.Interactable;
import com.googlecode.lanterna.gui2.Label;
import com.googlecode.lanterna.gui2.LinearLayout;
import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.TextBox;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.session.GrantDecision;
import dev.milktui.core.session.GrantException;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.tools.InputSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;

/**
 * The stream-closed (or denials) dialog: a checkbox per failed call, unticked; the rule each would
 * grant; the directories to add; remember or session only; grant and retry, retry without granting,
 * skip. Enter anywhere but on a button grants; Esc skips; a failed grant is shown here and the
 * dialog stays open with everything as it was.
 */
public final class GrantDialog {
  static final String STREAM_CLOSED_LINE =
      "Claude's permission channel was closed, so these tool calls failed without asking you.";
  static final String DENIALS_LINE = "These tool calls were denied during the last turn.";
  static final List<String> PERSIST_OPTIONS =
      List.of("remember in Claude's settings", "this session only");

  private final DialogHost host;
  private final GrantForm form;
  private final GrantTarget target;
  private final BiConsumer<SessionEvent.Level, String> notices;
  private final Runnable onClosed;
  private final List<CheckBox> boxes = new ArrayList<>();
  private final BasicWindow window;
  private final Label error = new Label("");
  private TextBox directories;

  public GrantDialog(
      DialogHost host,
      GrantForm form,
      GrantTarget target,
      BiConsumer<SessionEvent.Level, String> notices,
      Runnable onClosed) {
    this.host = host;
    this.form = form;
    this.target = target;
    this.notices = notices;
    this.onClosed = onClosed;
    this.window =
        DialogHost.modal(
            form.kind() == GrantForm.Kind.STREAM_CLOSED
                ? "Tool calls failed: permission channel closed"
                : "Tool calls were denied");
  }

  public GrantForm form() {
    return form;
  }

  public void open() {
    int width = Math.min(110, host.maxColumns());
    Panel body = new Panel(new LinearLayout(Direction.VERTICAL));
    body.addComponent(
        PermissionPrompter.wrapped(
            form.kind() == GrantForm.Kind.STREAM_CLOSED ? STREAM_CLOSED_LINE : DENIALS_LINE,
            width));
    body.addComponent(
        new Label("Tick the calls to allow (Space; a = all) and pick each rule (←/→):"));
    body.addComponent(itemsPanel(width));
    body.addComponent(new Label("Directories to add (comma-separated; may be empty):"));
    directories = new TextBox(new TerminalSize(Math.min(width, 70), 1), form.directories());
    directories.setTextChangeListener((text, byUser) -> form.setDirectories(text));
    body.addComponent(directories);
    body.addComponent(
        new ChoiceField(PERSIST_OPTIONS, form.persist() ? 0 : 1, i -> form.setPersist(i == 0)));
    error.setLabelWidth(width);
    body.addComponent(error);
    Panel buttons = new Panel(new LinearLayout(Direction.HORIZONTAL));
    buttons.addComponent(new Button("Grant and retry", this::grant));
    buttons.addComponent(new Button("Retry without granting", this::retryWithout));
    buttons.addComponent(new Button("Skip (Esc)", this::skip));
    body.addComponent(buttons);
    body.addComponent(new Label("Enter grant and retry · Tab next · Esc skip"));
    window.setComponent(body);
    window.addWindowListener(
        new WindowListenerAdapter() {
          @Override
          public void onInput(Window w, KeyStroke key, AtomicBoolean deliver) {
            if (handleKey(w.getFocusedInteractable(), key)) {
              deliver.set(false);
            }
          }
        });
    host.open(window);
    if (!boxes.isEmpty()) {
      window.setFocusedInteractable(boxes.get(0));
    } else {
      window.setFocusedInteractable(directories);
    }
  }

  private Panel itemsPanel(int width) {
    Panel panel = new Panel(new GridLayout(2));
    int maxItems = Math.max(1, host.maxRows() - 14);
    List<GrantForm.Item> items = form.items();
    for (int i = 0; i < items.size() && i < maxItems; i++) {
      GrantForm.Item item = items.get(i);
      FailedCall call = item.call();
      String label =
          (call.grantable() ? Sanitizer.oneLine(call.toolName()) : "(unknown tool)")
              + "  "
              + InputSummary.oneLine(call.toolName(), call.input())
              + (call.count() > 1 ? "  ×" + call.count() : "");
      if (call.grantable()) {
        int index = i;
        CheckBox box = new CheckBox(Columns.fit(label, Math.max(20, width - 40)));
        box.addListener(checked -> form.setTicked(index, checked));
        boxes.add(box);
        panel.addComponent(box);
        panel.addComponent(
            new ChoiceField(item.rules(), item.rule(), rule -> form.chooseRule(index, rule)));
      } else {
        panel.addComponent(new Label("    " + Columns.fit(label, Math.max(20, width - 40))));
        panel.addComponent(new Label("cannot be granted"));
      }
    }
    if (items.size() > maxItems) {
      panel.addComponent(
          new Label("… " + (items.size() - maxItems) + " more not shown (and not granted)"));
      panel.addComponent(new Label(""));
    }
    return panel;
  }

  private boolean handleKey(Interactable focused, KeyStroke key) {
    if (Keys.type(key, KeyType.Escape)) {
      skip();
      return true;
    }
    if (Keys.plainEnter(key) && !(focused instanceof Button)) {
      grant();
      return true;
    }
    if (Keys.is(key, 'a') && focused != directories) {
      form.toggleAll();
      List<GrantForm.Item> items = form.items();
      int box = 0;
      for (GrantForm.Item item : items) {
        if (item.call().grantable() && box < boxes.size()) {
          boxes.get(box++).setChecked(item.ticked());
        }
      }
      return true;
    }
    return false;
  }

  private void grant() {
    GrantDecision decision;
    try {
      decision = form.decision();
    } catch (IllegalArgumentException e) {
      error.setText(e.getMessage());
      return;
    }
    if (!decision.grantsSomething()) {
      error.setText("Nothing ticked and no directory: tick a call, or retry without granting.");
      return;
    }
    if (send(decision)) {
      notices.accept(
          SessionEvent.Level.INFO,
          "Granted "
              + (decision.rules().isEmpty() ? "no rules" : String.join(", ", decision.rules()))
              + (decision.directories().isEmpty()
                  ? ""
                  : " and directories " + decision.directories())
              + (decision.persist() ? " (saved in Claude's settings)" : " (this session only)")
              + "; resuming the session.");
    }
  }

  private void retryWithout() {
    if (send(GrantDecision.retryWithoutGrants())) {
      notices.accept(SessionEvent.Level.INFO, "Retrying without new grants.");
    }
  }

  private boolean send(GrantDecision decision) {
    try {
      target.resume(decision);
    } catch (GrantException | RuntimeException e) {
      error.setText("Could not apply: " + Sanitizer.oneLine(String.valueOf(e.getMessage())));
      return false;
    }
    close();
    return true;
  }

  private void skip() {
    notices.accept(SessionEvent.Level.INFO, "Skipped: the failed tool calls were not retried.");
    close();
  }

  private void close() {
    host.close(window);
    onClosed.run();
  }
}

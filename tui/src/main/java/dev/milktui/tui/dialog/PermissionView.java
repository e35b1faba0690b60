package dev.milktui.tui.dialog;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Button;
import com.googlecode.lanterna.gui2.CheckBox;
import com.googlecode.lanterna.gui2.Label;
import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.TextBox;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.protocol.ControlRequest;
import dev.milktui.core.text.TerminalText;
import dev.milktui.tui.layout.ButtonRow;
import dev.milktui.tui.layout.ScrollText;
import dev.milktui.tui.layout.WrappedText;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.Sanitizer;
import java.util.List;

/**
 * Builds the permission dialog's content for the step the prompter is in: the request revealed
 * (controls and lookalikes marked, widening keys in words), then its buttons, the "allow always"
 * form, the save's progress or the deny reason field. It only shows; the prompter answers.
 */
final class PermissionView {
  /** Where the dialog is: the request's buttons, the rules to save, saving them, a denial. */
  enum Step {
    MAIN,
    ALWAYS,
    SAVING,
    DENY
  }

  /** What the main step's buttons do. */
  interface Buttons {
    void allowOnce();

    void openAlways();

    void deny();

    void denyAndStop();
  }

  private final DialogHost host;
  private final String destination;
  private final Buttons buttons;
  private final Label progress = new Label("");
  private TextBox field;
  private WrappedText rulesCount;
  private ScrollText rulesList;
  private WrappedText error = new WrappedText("");
  // "Shift+D denies this and the N waiting", while others wait; null when not shown.
  private WrappedText waiting;
  private CheckBox broadOk;

  /**
   * @param destination the file "allow always" saves to, as the dialog names it
   */
  PermissionView(DialogHost host, String destination, Buttons buttons) {
    this.host = host;
    this.destination = destination;
    this.buttons = buttons;
  }

  static String tool(PermissionRequest request) {
    return Sanitizer.revealInline(request.toolName());
  }

  /** Who asks: the subagent by its description and type, or Claude itself. */
  static String asker(PermissionRequest request) {
    return request.context().agent().map(agent -> "Agent " + agent).orElse("Claude");
  }

  /** The field of the step shown (the rules, or the reason), or null. */
  TextBox field() {
    return field;
  }

  void error(String text) {
    error.setText(text);
  }

  void progress(String text) {
    progress.setText(text);
  }

  /** The deny-all line is on the screen. */
  boolean showsWaiting() {
    return waiting != null;
  }

  void waiting(String text) {
    if (waiting != null) {
      waiting.setText(text);
    }
  }

  /** "broad dir OK" is ticked (read from the box: its listener may not have run yet). */
  boolean broadConfirmed() {
    return broadOk != null && broadOk.isChecked();
  }

  /** Lays out {@code step} for {@code current} in {@code window}. */
  void render(
      BasicWindow window,
      Step step,
      PermissionRequest current,
      PermissionQueue queue,
      AlwaysForm always) {
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
    waiting =
        step == Step.MAIN && queue.waiting() > 0 ? new WrappedText(queue.waitingText()) : null;
    switch (step) {
      case MAIN -> renderMain(body, current);
      case ALWAYS -> renderAlways(body, always);
      case SAVING -> {
        body.addComponent(progress);
        body.addComponent(
            new WrappedText("Esc cancels (nothing is saved then) · Ctrl+C still quits"));
      }
      case DENY -> renderDeny(body, current);
    }
    if (waiting != null) {
      body.addComponent(waiting);
    }
    body.addComponent(error);
    window.setComponent(body);
    if (field != null && (step == Step.ALWAYS || step == Step.DENY)) {
      field.takeFocus();
    }
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

  /**
   * The tool's input comes first and takes the focus: it scrolls (↑/↓, PgUp/PgDn) when it is longer
   * than the screen, and an Enter typed in passing answers nothing.
   */
  private void renderMain(Panel body, PermissionRequest current) {
    ControlRequest.CanUseTool request = current.request();
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
            new Button("Allow once (y)", buttons::allowOnce),
            new Button("Allow always (Shift+A)", buttons::openAlways),
            new Button("Deny (n)", buttons::deny),
            new Button("Deny & stop (Esc)", buttons::denyAndStop)));
  }

  private void renderAlways(Panel body, AlwaysForm always) {
    body.addComponent(
        wrapped(
            "Allow always: the rules below are saved to "
                + Sanitizer.revealInline(destination)
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
          listRules(always);
        });
    listRules(always);
    body.addComponent(field);
    body.addComponent(rulesCount);
    body.addComponent(rulesList);
    for (String refused : always.refused()) {
      body.addComponent(wrapped("Not offered: " + refused));
    }
    renderDirectories(body, always);
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
  private void renderDirectories(Panel body, AlwaysForm always) {
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
  private void listRules(AlwaysForm always) {
    List<String> lines = always.lines();
    rulesCount.setText("Will save " + lines.size() + " rule(s):");
    rulesList.setText(lines.isEmpty() ? "" : "• " + String.join("\n• ", lines));
  }

  private void renderDeny(Panel body, PermissionRequest current) {
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

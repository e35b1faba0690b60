package dev.milktui.tui.dialog;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Button;
import com.googlecode.lanterna.gui2.Label;
import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.TextBox;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.protocol.Json;
import dev.milktui.tui.app.Effect;
import dev.milktui.tui.layout.ButtonRow;
import dev.milktui.tui.layout.ScrollText;
import dev.milktui.tui.markdown.MarkdownRenderer;
import dev.milktui.tui.text.StyledLine;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * ExitPlanMode: the plan (the CLI strips it from the request, so it comes from the model's tool
 * call) and three ways on: approve and keep asking before edits ({@code y}, mode default), approve
 * with edits auto-accepted (Shift+A, mode acceptEdits: it widens what runs unasked), or keep
 * planning with feedback for Claude ({@code n}). Esc rejects the plan and stops the turn.
 */
public final class PlanDialog implements RequestDialog {
  static final String NO_PLAN =
      "(Claude sent no plan text with this request; it is in the plan file Claude keeps.)";
  static final String KEEP_PLANNING = "The user wants to keep planning; do not start yet.";
  static final String REJECTED_AND_STOPPED = "The user rejected the plan and stopped the turn.";

  private DialogHost host;
  private final PermissionRequest request;
  private final Consumer<BooleanSupplier> answer;
  private final BasicWindow window;
  private final Label error = new Label("");
  private TextBox feedback;

  /**
   * @param answer sends one answer to the request and closes the dialog (the overlay stack's)
   */
  public PlanDialog(PermissionRequest request, Consumer<BooleanSupplier> answer) {
    this.request = request;
    this.answer = answer;
    this.window = DialogHost.modal("Claude's plan: approve it?");
    window.addWindowListener(
        new WindowListenerAdapter() {
          @Override
          public void onInput(Window w, KeyStroke key, AtomicBoolean deliver) {
            if (handleKey(key)) {
              deliver.set(false);
            }
          }
        });
  }

  @Override
  public void open(DialogHost host, Consumer<Effect> answers) {
    this.host = host;
    render();
    host.open(window);
  }

  @Override
  public BasicWindow window() {
    return window;
  }

  /** The plan shown, and the plan file the CLI names for it, if it names one. */
  record Plan(String text, Optional<String> file) {}

  /**
   * The plan and its file as the request holds them: when the model wrote the plan to the plan
   * file, the CLI puts its text and path ({@code planFilePath}) in the request; when the model put
   * it in its call instead, the CLI strips it from the request and it comes from the call.
   */
  static Plan plan(PermissionRequest request) {
    return new Plan(firstText("plan", request).orElse(NO_PLAN), firstText("planFilePath", request));
  }

  private static Optional<String> firstText(String field, PermissionRequest request) {
    return Optional.ofNullable(Json.text(request.request().input(), field))
        .or(() -> request.context().modelInput().map(input -> Json.text(input, field)))
        .filter(text -> !text.isBlank());
  }

  /** The keys of the request's input this dialog shows in its own form: the plan and its file. */
  static Set<String> rendered(PermissionRequest request) {
    Set<String> rendered = new HashSet<>();
    for (String field : List.of("plan", "planFilePath")) {
      String text = Json.text(request.request().input(), field);
      if (text != null && !text.isBlank()) {
        rendered.add(field);
      }
    }
    return rendered;
  }

  /** The plan as Markdown reads: headings, lists and tables drawn, without the syntax. */
  static String rendered(String markdown, int width) {
    return MarkdownRenderer.render(markdown, width).stream()
        .map(StyledLine::plain)
        .collect(Collectors.joining("\n"));
  }

  private boolean handleKey(KeyStroke key) {
    if (feedback != null) {
      if (Keys.plainEnter(key)) {
        String text = feedback.getText().strip();
        String message = text.isEmpty() ? KEEP_PLANNING : KEEP_PLANNING + " Feedback: " + text;
        answer.accept(() -> request.deny(message));
      } else if (Keys.type(key, KeyType.Escape)) {
        feedback = null;
        render();
      } else {
        return false;
      }
      return true;
    }
    if (Keys.is(key, 'y')) {
      answer.accept(() -> request.approvePlan("default"));
    } else if (Keys.shifted(key, 'A')) {
      answer.accept(() -> request.approvePlan("acceptEdits"));
    } else if (Keys.is(key, 'a')) {
      error.setText(
          "Auto-accepting edits lets Claude edit files unasked: press Shift+A if you mean it.");
    } else if (Keys.is(key, 'n')) {
      feedback = new TextBox(new TerminalSize(Math.min(60, host.maxColumns()), 1), "");
      render();
    } else if (Keys.type(key, KeyType.Escape)) {
      answer.accept(() -> request.denyAndStop(REJECTED_AND_STOPPED));
    } else {
      return false;
    }
    return true;
  }

  private void render() {
    int width = Math.min(100, host.maxColumns());
    Panel body = host.layoutPanel();
    if (request.context().agent().isPresent()) {
      body.addComponent(
          PermissionView.revealed("Agent " + request.context().agent().get() + " has a plan:"));
    }
    Plan shown = plan(request);
    shown
        .file()
        .ifPresent(path -> body.addComponent(PermissionView.revealed("Plan file: " + path)));
    String others =
        OtherKeys.text(request.request().toolName(), request.request().input(), rendered(request));
    ScrollText plan =
        ReadOnlyText.of(rendered(shown.text(), width) + (others.isEmpty() ? "" : "\n\n" + others));
    body.addComponent(plan);
    error.setText("");
    if (feedback == null) {
      // A row that wraps, so every button and its key stay on screen at the smallest size.
      body.addComponent(
          new ButtonRow(
              new Button(
                  "Approve, ask before edits (y)",
                  () -> answer.accept(() -> request.approvePlan("default"))),
              new Button(
                  "Approve, auto-accept edits (Shift+A)",
                  () -> answer.accept(() -> request.approvePlan("acceptEdits"))),
              new Button(
                  "Keep planning (n)",
                  () -> {
                    feedback = new TextBox(new TerminalSize(Math.min(60, width), 1), "");
                    render();
                  })));
      body.addComponent(error);
      body.addComponent(new Label("Esc rejects the plan and stops the turn"));
      window.setComponent(body);
      // The plan has the focus (↑/↓ scroll it), so an Enter typed in passing approves nothing.
      window.setFocusedInteractable(plan);
    } else {
      body.addComponent(new Label("Keep planning. Tell Claude what to change (optional):"));
      body.addComponent(feedback);
      body.addComponent(new Label("Enter sends · Esc back"));
      window.setComponent(body);
      feedback.takeFocus();
    }
  }
}

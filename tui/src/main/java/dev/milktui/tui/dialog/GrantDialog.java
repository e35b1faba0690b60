package dev.milktui.tui.dialog;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Button;
import com.googlecode.lanterna.gui2.CheckBox;
import com.googlecode.lanterna.gui2.Direction;
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
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.SavedGrants;
import dev.milktui.core.text.TerminalText;
import dev.milktui.tui.app.Effect;
import dev.milktui.tui.app.SaveProgress;
import dev.milktui.tui.layout.ButtonRow;
import dev.milktui.tui.layout.WrappedText;
import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.tools.InputSummary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The stream-closed (or denials) dialog: a scrolling list of the failed calls, unticked, each with
 * the narrowest rule it could grant; the call under the cursor in full (wrapped, never cut); what
 * the current rule allows, in words; the directories to add (following the ticks until edited,
 * shown resolved); a confirmation for broad directories; this session only or remember; grant and
 * retry, retry without granting, skip. Enter anywhere but on another button grants; Esc skips; a
 * refused or failed grant is shown here and the dialog stays open with everything as it was. While
 * grants are saved the dialog says so (and names a lock it waits for); Esc cancels the save. An
 * {@link Overlay}: it answers with effects (the decision, a cancel, its lines for the transcript).
 */
public final class GrantDialog implements Overlay {
  static final String STREAM_CLOSED_LINE =
      "Claude's permission channel was closed, so these tool calls failed without asking you.";
  static final String DENIALS_LINE = "These tool calls were denied during the last turn.";
  static final List<String> PERSIST_OPTIONS =
      List.of("this session only", "remember in Claude's settings");
  static final String STILL_SAVING =
      "Still saving the grants; the session resumes once they are saved. Esc cancels.";
  static final String NOTHING_TO_GRANT =
      "Nothing ticked and no directory: nothing was granted. Tick a call, or retry without"
          + " granting.";

  private final GrantForm form;
  private final Runnable onClosed;
  private final BasicWindow window;
  private final WrappedText call = new WrappedText("");
  private final WrappedText status = new WrappedText("");
  private final WrappedText meaning = new WrappedText("");
  private final WrappedText resolved = new WrappedText("");
  private final WrappedText error = new WrappedText("");
  private final CheckBox broad = new CheckBox("broad dir OK");
  private CallList calls;
  private TextBox directories;
  private DialogHost host;
  private Consumer<Effect> answers;
  // The answer being applied (grants being saved), until it ends or is cancelled.
  private Applying applying;
  private boolean closed;

  /** {@code onClosed}: runs once it has closed, however it was answered. */
  public GrantDialog(GrantForm form, Runnable onClosed) {
    this.form = form;
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

  /**
   * How this dialog shows anything that came from Claude or the user (tool names, inputs, rules,
   * paths): the one display policy of the grant dialog. What is granted is shown whole, control
   * characters and escape strings marked, never dropped.
   */
  private static String shown(String text) {
    return Sanitizer.revealInline(text);
  }

  @Override
  public void open(DialogHost host, Consumer<Effect> answers) {
    this.host = host;
    this.answers = answers;
    String intro = form.kind() == GrantForm.Kind.STREAM_CLOSED ? STREAM_CLOSED_LINE : DENIALS_LINE;
    Panel body = host.layoutPanel();
    String marked = marked(form.items());
    if (!marked.isEmpty()) {
      body.addComponent(new WrappedText(marked));
    }
    body.addComponent(new WrappedText(intro));
    calls = new CallList(form, GrantDialog::shown, this::refresh);
    body.addComponent(calls);
    body.addComponent(call);
    body.addComponent(status);
    body.addComponent(meaning);
    Panel field = new Panel(new LinearLayout(Direction.HORIZONTAL));
    field.addComponent(new Label("Directories:"));
    directories =
        new TextBox(
            new TerminalSize(Math.max(40, form.directories().length() + 2), 1), form.directories());
    directories.setTextChangeListener(
        (text, byUser) -> {
          if (byUser) {
            form.editDirectories(text);
            refresh();
          }
        });
    field.addComponent(directories);
    body.addComponent(field);
    body.addComponent(resolved);
    Panel choices = new Panel(new LinearLayout(Direction.HORIZONTAL));
    broad.addListener(
        checked -> {
          form.setBroadConfirmed(checked);
          refresh();
        });
    choices.addComponent(
        new ChoiceField(PERSIST_OPTIONS, form.persist() ? 1 : 0, i -> form.setPersist(i == 1)));
    choices.addComponent(broad);
    body.addComponent(choices);
    body.addComponent(error);
    body.addComponent(
        new ButtonRow(
            new Button("Grant and retry", this::grant),
            new Button("Retry without grants", this::retryWithout),
            new Button("Skip (Esc)", this::skip)));
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
    refresh();
    host.open(window);
    window.setFocusedInteractable(
        form.items().stream().anyMatch(GrantForm.Item::grantable) ? calls : directories);
  }

  /** Brings the status, meaning and directory lines (and a field that follows ticks) up to date. */
  private void refresh() {
    List<GrantForm.Item> items = form.items();
    if (items.isEmpty() || applying != null) {
      return;
    }
    long ticked = items.stream().filter(GrantForm.Item::ticked).count();
    status.setText(
        "Call "
            + (calls.cursor() + 1)
            + " of "
            + items.size()
            + ", "
            + ticked
            + " ticked · Space tick · ←/→ rule · a all · ↑/↓ more");
    call.setText("› " + calls.currentCall());
    GrantForm.Item item = items.get(calls.cursor());
    meaning.setText(meaningOf(item));
    if (form.directoriesFollowTicks() && !directories.getText().equals(form.directories())) {
      directories.setText(form.directories());
      directories.setCaretPosition(form.directories().length());
    }
    resolved.setText(resolvedText());
  }

  /** What the calls and their rules hold that is shown marked (controls, lookalikes). */
  private static String marked(List<GrantForm.Item> items) {
    List<String> texts = new ArrayList<>();
    for (GrantForm.Item item : items) {
      FailedCall call = item.call();
      texts.add(call.toolName());
      texts.add(InputSummary.of(call.toolName(), call.input()));
      texts.addAll(item.rules());
    }
    return TerminalText.warning(texts.toArray(String[]::new));
  }

  private static String meaningOf(GrantForm.Item item) {
    if (!item.grantable()) {
      return "Cannot be granted: no rule can name this tool.";
    }
    String text = shown(item.currentRule().orElseThrow()) + " allows " + shown(item.meaning());
    if (item.wide() && !item.chosen()) {
      text +=
          item.lookalike()
              ? " (lookalike letters, marked: press → to choose it)"
              : " (wide: press → to choose it)";
    }
    return text;
  }

  private String resolvedText() {
    List<Path> dirs;
    try {
      dirs = form.resolvedDirectories();
    } catch (IllegalArgumentException e) {
      return "Not a valid directory: " + shown(String.valueOf(e.getMessage()));
    }
    if (dirs.isEmpty()) {
      return "Adds no directory.";
    }
    String text =
        "Adds " + dirs.stream().map(d -> shown(d.toString())).collect(Collectors.joining(", "));
    List<Path> broad = form.broadDirectories();
    if (!broad.isEmpty()) {
      text +=
          form.broadConfirmed()
              ? " (broad, confirmed)"
              : " · " + shown(broad.get(0).toString()) + " is broad: tick \"broad dir OK\"";
    }
    return text;
  }

  private boolean handleKey(Interactable focused, KeyStroke key) {
    if (applying != null) {
      // Only Esc and the global keys (Ctrl+C) act: the session is saving and will resume.
      if (Keys.type(key, KeyType.Escape)) {
        answers.accept(new Effect.CancelSave(applying));
      } else {
        showError(STILL_SAVING);
      }
      return true;
    }
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
      calls.invalidate();
      refresh();
      return true;
    }
    return false;
  }

  private void grant() {
    // Lanterna runs check box listeners later on the GUI thread; a Space just before this Enter
    // may not have reached the form yet, so the box itself is what counts.
    form.setBroadConfirmed(broad.isChecked());
    GrantDecision decision;
    try {
      decision = form.decision();
    } catch (IllegalArgumentException e) {
      showError(shown(String.valueOf(e.getMessage())));
      return;
    }
    if (!decision.grantsSomething()) {
      showError(NOTHING_TO_GRANT);
      return;
    }
    send(
        decision,
        "Granted "
            + (decision.rules().isEmpty() ? "no rules" : String.join(", ", decision.rules()))
            + (decision.directories().isEmpty() ? "" : " and directories " + decision.directories())
            + (decision.persist() ? " (saved in Claude's settings)" : " (this session only)")
            + "; resuming the session.");
  }

  /** Wrapped; the dialog's layout keeps the buttons on screen however long it is. */
  private void showError(String text) {
    error.setText(text);
  }

  private void retryWithout() {
    send(
        GrantDecision.retryWithoutGrants().withCalls(form.listedCalls(false)),
        "Retrying without new grants.");
  }

  /**
   * Answers with the decision and waits for it inside the dialog: saving to Claude's settings can
   * wait for a lock, and its progress and any failure show here, not only in the transcript. The
   * dialog closes once the resume began.
   */
  private void send(GrantDecision decision, String done) {
    Applying answer = new Applying(done);
    applying = answer;
    status.setText("Resuming the session…");
    showError("Esc cancels (nothing is resumed then) · Ctrl+C still quits");
    answers.accept(new Effect.ResumeWithGrants(decision, answer));
  }

  /** One answer as the dialog follows it: saved and resumed, or back with why not. */
  private final class Applying implements SaveProgress {
    private final String done;

    Applying(String done) {
      this.done = done;
    }

    @Override
    public void progress(String text) {
      if (applying == this) {
        status.setText(text);
      }
    }

    @Override
    public void saved(Optional<SavedGrants> written) {
      if (applying != this || closed) {
        return;
      }
      applying = null;
      answers.accept(Effect.note(SessionEvent.Level.INFO, done));
      close();
    }

    @Override
    public void notSaved(String why) {
      if (applying != this || closed) {
        return;
      }
      applying = null;
      refresh();
      showError(shown(why) + " Enter tries again, Esc skips.");
    }
  }

  private void skip() {
    answers.accept(
        Effect.note(SessionEvent.Level.INFO, "Skipped: the failed tool calls were not retried."));
    close();
  }

  private void close() {
    if (closed) {
      return;
    }
    closed = true;
    host.close(window);
    onClosed.run();
  }
}

package dev.milktui.tui.dialog;

import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Button;
import com.googlecode.lanterna.gui2.Component;
import com.googlecode.lanterna.gui2.Label;
import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.tui.app.Effect;
import dev.milktui.tui.layout.ButtonRow;
import dev.milktui.tui.layout.ScrollText;
import dev.milktui.tui.text.Sanitizer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A modal message with keyed actions (help, trust offer, tool details, process exit), an {@link
 * Overlay}: each action has a key and a button and answers with effects; a deliberate action (one
 * that widens trust) takes its key only with Shift. Esc closes, answering what it was given. With
 * actions, the close button has the focus, so an Enter or Space typed in passing never runs one.
 * The content fits the screen (see {@link DialogHost#layoutPanel}); long text scrolls and the
 * buttons stay in view.
 */
public final class SimpleDialog implements Overlay {

  /** A button with its key. */
  public record Action(String label, char key, boolean deliberate, List<Effect> answer) {
    boolean matches(KeyStroke stroke) {
      return deliberate ? Keys.shifted(stroke, key) : Keys.is(stroke, key);
    }

    String keyName() {
      return deliberate ? "Shift+" + Character.toUpperCase(key) : String.valueOf(key);
    }
  }

  private final BasicWindow window;
  private final List<Component> body = new ArrayList<>();
  private final List<Action> actions = new ArrayList<>();
  private List<Effect> onEscape = List.of();
  private DialogHost host;
  private Consumer<Effect> answers;

  public SimpleDialog(String title) {
    this.window = DialogHost.modal(title);
  }

  public SimpleDialog text(String text) {
    body.add(PermissionView.wrapped(text));
    return this;
  }

  /** Prose that may be longer than the screen: it scrolls (PgUp/PgDn) and marks what is hidden. */
  public SimpleDialog scrollingText(String text) {
    body.add(ScrollText.prose(Sanitizer.clean(text)));
    return this;
  }

  public SimpleDialog component(Component component) {
    body.add(component);
    return this;
  }

  /** An action: its key or button closes the dialog and answers {@code answer}, in order. */
  public SimpleDialog action(String label, char key, Effect... answer) {
    actions.add(new Action(label, key, false, List.of(answer)));
    return this;
  }

  /** An action that widens trust: its key needs Shift ({@code T}, not {@code t}). */
  public SimpleDialog deliberateAction(String label, char key, Effect... answer) {
    actions.add(new Action(label, key, true, List.of(answer)));
    return this;
  }

  /** What Esc (or the close button) answers as it closes the dialog; nothing unless given. */
  public SimpleDialog onEscape(Effect... answer) {
    onEscape = List.of(answer);
    return this;
  }

  public BasicWindow window() {
    return window;
  }

  @Override
  public void open(DialogHost host, Consumer<Effect> answers) {
    build(host, answers);
    host.open(window);
  }

  /** Opens in place of {@code old} (its content changed), keeping its input pause. */
  public void openInPlaceOf(Window old, DialogHost host, Consumer<Effect> answers) {
    build(host, answers);
    host.replace(old, window);
  }

  private void build(DialogHost host, Consumer<Effect> answers) {
    this.host = host;
    this.answers = answers;
    Panel panel = host.layoutPanel();
    body.forEach(panel::addComponent);
    ButtonRow buttons = new ButtonRow();
    for (Action action : actions) {
      buttons.addComponent(
          new Button(action.label() + " (" + action.keyName() + ")", () -> run(action.answer())));
    }
    Button close = new Button("Close (Esc)", () -> run(onEscape));
    buttons.addComponent(close);
    panel.addComponent(buttons);
    window.setComponent(panel);
    if (!actions.isEmpty()) {
      window.setFocusedInteractable(close);
    }
    window.addWindowListener(
        new WindowListenerAdapter() {
          @Override
          public void onInput(Window w, KeyStroke key, AtomicBoolean deliver) {
            if (key.getKeyType() == KeyType.Escape) {
              deliver.set(false);
              run(onEscape);
              return;
            }
            for (Action action : actions) {
              if (action.matches(key)) {
                deliver.set(false);
                run(action.answer());
                return;
              }
            }
          }
        });
  }

  private void run(List<Effect> answer) {
    host.close(window);
    answer.forEach(answers);
  }

  /** A label for short lines that must not wrap. */
  public static Label line(String text) {
    return new Label(text);
  }
}

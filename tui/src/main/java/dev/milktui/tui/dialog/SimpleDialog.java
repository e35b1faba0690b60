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
import dev.milktui.tui.layout.ButtonRow;
import dev.milktui.tui.layout.ScrollText;
import dev.milktui.tui.text.Sanitizer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A modal message with keyed actions (help, trust offer, tool details, process exit). Each action
 * has a key and a button; a deliberate action (one that widens trust) takes its key only with
 * Shift. Esc runs the cancel action, if any, and closes. With actions, the close button has the
 * focus, so an Enter or Space typed in passing never runs one. The content fits the screen (see
 * {@link DialogHost#layoutPanel}); long text scrolls and the buttons stay in view.
 */
public final class SimpleDialog {

  /** A button with its key. */
  public record Action(String label, char key, boolean deliberate, Runnable run) {
    boolean matches(KeyStroke stroke) {
      return deliberate ? Keys.shifted(stroke, key) : Keys.is(stroke, key);
    }

    String keyName() {
      return deliberate ? "Shift+" + Character.toUpperCase(key) : String.valueOf(key);
    }
  }

  private final DialogHost host;
  private final BasicWindow window;
  private final List<Component> body = new ArrayList<>();
  private final List<Action> actions = new ArrayList<>();
  private Runnable onEscape = () -> {};

  public SimpleDialog(DialogHost host, String title) {
    this.host = host;
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

  public SimpleDialog action(String label, char key, Runnable run) {
    actions.add(new Action(label, key, false, run));
    return this;
  }

  /** An action that widens trust: its key needs Shift ({@code T}, not {@code t}). */
  public SimpleDialog deliberateAction(String label, char key, Runnable run) {
    actions.add(new Action(label, key, true, run));
    return this;
  }

  public SimpleDialog onEscape(Runnable run) {
    onEscape = run;
    return this;
  }

  public BasicWindow window() {
    return window;
  }

  public void open() {
    build();
    host.open(window);
  }

  /** Opens in place of {@code old} (its content changed), keeping its input pause. */
  public void openInPlaceOf(Window old) {
    build();
    host.replace(old, window);
  }

  private void build() {
    Panel panel = host.layoutPanel();
    body.forEach(panel::addComponent);
    ButtonRow buttons = new ButtonRow();
    for (Action action : actions) {
      buttons.addComponent(
          new Button(action.label() + " (" + action.keyName() + ")", () -> run(action.run())));
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
                run(action.run());
                return;
              }
            }
          }
        });
  }

  private void run(Runnable action) {
    host.close(window);
    action.run();
  }

  /** A label for short lines that must not wrap. */
  public static Label line(String text) {
    return new Label(text);
  }
}

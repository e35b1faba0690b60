package dev.milktui.tui.dialog;

import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Button;
import com.googlecode.lanterna.gui2.Component;
import com.googlecode.lanterna.gui2.Direction;
import com.googlecode.lanterna.gui2.Label;
import com.googlecode.lanterna.gui2.LinearLayout;
import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A modal message with keyed actions (help, trust offer, tool details, process exit). Each action
 * has a key and a button; Esc runs the cancel action, if any, and closes.
 */
public final class SimpleDialog {

  /** A button with its key. */
  public record Action(String label, char key, Runnable run) {}

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
    body.add(PermissionPrompter.wrapped(text, Math.min(100, host.maxColumns())));
    return this;
  }

  public SimpleDialog component(Component component) {
    body.add(component);
    return this;
  }

  public SimpleDialog action(String label, char key, Runnable run) {
    actions.add(new Action(label, key, run));
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
    Panel panel = new Panel(new LinearLayout(Direction.VERTICAL));
    body.forEach(panel::addComponent);
    Panel buttons = new Panel(new LinearLayout(Direction.HORIZONTAL));
    for (Action action : actions) {
      buttons.addComponent(
          new Button(action.label() + " (" + action.key() + ")", () -> run(action.run())));
    }
    buttons.addComponent(new Button("Close (Esc)", () -> run(onEscape)));
    panel.addComponent(buttons);
    window.setComponent(panel);
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
              if (Keys.is(key, action.key())) {
                deliver.set(false);
                run(action.run());
                return;
              }
            }
          }
        });
    host.open(window);
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

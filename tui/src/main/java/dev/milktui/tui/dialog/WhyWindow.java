package dev.milktui.tui.dialog;

import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.why.Explanation;
import dev.milktui.tui.layout.WrappedText;
import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.work.Workers;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The permission dialog's "why" key: a read-only window over the dialog saying which settings
 * decide the request on screen, as {@code milk-tui why} would. The answer is worked out on a worker
 * (it reads settings files) and shown when it comes back; until then the window says so. Esc closes
 * it and the permission dialog is back as it was: closing this answers nothing.
 */
final class WhyWindow {
  static final String TITLE = "Why this asks";
  static final String WORKING = "Working out which settings decide this call…";
  static final String CLOSE = "Esc closes this; the request is still waiting for your answer.";

  private final DialogHost host;
  private final BasicWindow window = DialogHost.modal(TITLE);
  private final WrappedText answer = new WrappedText(WORKING);

  private WhyWindow(DialogHost host, PermissionRequest request) {
    this.host = host;
    Panel body = host.layoutPanel();
    body.addComponent(
        PermissionView.revealed("Claude wants to use " + PermissionView.tool(request) + ":"));
    body.addComponent(ReadOnlyText.of(PermissionDetails.describe(request)));
    body.addComponent(answer);
    body.addComponent(new WrappedText(CLOSE));
    window.setComponent(body);
    window.addWindowListener(
        new WindowListenerAdapter() {
          @Override
          public void onInput(Window w, KeyStroke key, AtomicBoolean deliver) {
            if (Keys.type(key, KeyType.Escape)) {
              close();
              deliver.set(false);
            }
          }
        });
  }

  /**
   * Opens the window for {@code request} and asks {@code explainer} about it on {@code workers}.
   */
  static WhyWindow open(
      DialogHost host, Workers workers, RequestExplainer explainer, PermissionRequest request) {
    WhyWindow why = new WhyWindow(host, request);
    host.open(why.window);
    workers.submit(
        () -> explainer.explain(request),
        outcome -> {
          if (why.isOpen()) {
            why.answer.setText(
                outcome.ok()
                    ? text(outcome.value())
                    : Sanitizer.reveal("No explanation: " + outcome.reason()));
          }
        });
    return why;
  }

  /**
   * "allow, because …" and the notes, revealed: settings files and inputs never reach the screen
   * raw.
   */
  static String text(Explanation explanation) {
    StringBuilder text = new StringBuilder(explanation.summary());
    explanation.notes().forEach(note -> text.append("\nnote: ").append(note));
    return Sanitizer.reveal(text.toString());
  }

  boolean isOpen() {
    return window.getTextGUI() != null;
  }

  void close() {
    host.close(window);
  }
}

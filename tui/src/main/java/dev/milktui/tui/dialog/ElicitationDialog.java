package dev.milktui.tui.dialog;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Button;
import com.googlecode.lanterna.gui2.Component;
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
import dev.milktui.core.event.ElicitationRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.text.TerminalText;
import dev.milktui.tui.app.Effect;
import dev.milktui.tui.layout.WrappedText;
import dev.milktui.tui.text.Sanitizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * An MCP server's request for values, as a form built from its schema: a text field for strings and
 * numbers, a choice (←/→ or Space) for enums and yes/no. Enter sends (each value checked first),
 * the Decline button refuses, Esc cancels. A request whose schema no form can show is never opened:
 * it is declined with a notice saying why ({@link #declineUnshowable}). An {@link Overlay}: it
 * answers the MCP server through the request's own reply handle, as a permission dialog does, and
 * the transcript with effects.
 */
public final class ElicitationDialog implements Overlay {
  static final String NONE = "(none)";

  private final ElicitationRequest request;
  private final BasicWindow window;
  private final List<Object> inputs = new ArrayList<>();
  private final Label error = new Label("");
  private DialogHost host;
  private Consumer<Effect> answers;

  public ElicitationDialog(ElicitationRequest request) {
    this.request = request;
    this.window =
        DialogHost.modal("MCP server " + Sanitizer.revealInline(request.serverName()) + " asks");
    window.addWindowListener(
        new WindowListenerAdapter() {
          @Override
          public void onInput(Window w, KeyStroke key, AtomicBoolean deliver) {
            if (handleKey(w.getFocusedInteractable(), key)) {
              deliver.set(false);
            }
          }
        });
  }

  /**
   * A request whose schema no form can show is declined at once; the answer says why. Empty: the
   * form can be shown.
   */
  public static Optional<Effect> declineUnshowable(ElicitationRequest request) {
    if (request.unsupported().isEmpty()) {
      return Optional.empty();
    }
    request.decline();
    return Optional.of(
        Effect.note(
            SessionEvent.Level.WARNING,
            "MCP server "
                + request.serverName()
                + " asked for input milk-tui cannot show as a form ("
                + request.unsupported().get()
                + "); it was told you declined."));
  }

  @Override
  public void open(DialogHost host, Consumer<Effect> answers) {
    this.host = host;
    this.answers = answers;
    render();
    host.open(window);
  }

  /** claude exited: the form closes unanswered, and says so (an answer would reach nobody). */
  public void abandon() {
    if (request.abandon()) {
      host.close(window);
      answers.accept(
          Effect.note(
              SessionEvent.Level.WARNING,
              "claude exited before you answered the request of MCP server "
                  + Sanitizer.oneLine(request.serverName())
                  + "; nothing was sent."));
    }
  }

  private boolean handleKey(Interactable focused, KeyStroke key) {
    if (Keys.type(key, KeyType.Escape)) {
      finish(request.cancel(), "You cancelled the request of MCP server ");
      return true;
    }
    if (Keys.plainEnter(key) && !(focused instanceof Button)) {
      send();
      return true;
    }
    return false;
  }

  private void send() {
    ObjectNode content = Json.object();
    List<ElicitationRequest.Field> fields = request.fields();
    for (int i = 0; i < fields.size(); i++) {
      ElicitationRequest.Field field = fields.get(i);
      String value =
          inputs.get(i) instanceof TextBox box ? box.getText().strip() : chosen(field, i);
      if (value.isEmpty() || value.equals(NONE)) {
        if (field.required()) {
          error.setText(Sanitizer.oneLine(field.label()) + " is required.");
          return;
        }
        continue;
      }
      try {
        switch (field.kind()) {
          case NUMBER -> content.put(field.name(), Double.parseDouble(value));
          case INTEGER -> content.put(field.name(), Long.parseLong(value));
          case BOOLEAN -> content.put(field.name(), value.equals("yes"));
          default -> content.put(field.name(), value);
        }
      } catch (NumberFormatException e) {
        error.setText(Sanitizer.oneLine(field.label()) + " must be a number.");
        return;
      }
    }
    finish(request.accept(content), "Sent your answer to MCP server ");
  }

  /** The value of a choice: an enum's value for the title shown, "yes"/"no", or "" for none. */
  private String chosen(ElicitationRequest.Field field, int input) {
    int index = ((ChoiceField) inputs.get(input)).index() - (field.required() ? 0 : 1);
    if (index < 0) {
      return "";
    }
    return field.kind() == ElicitationRequest.Kind.ENUM
        ? field.choices().get(index)
        : List.of("no", "yes").get(index);
  }

  private void finish(boolean sent, String what) {
    host.close(window);
    answers.accept(
        Effect.note(
            sent ? SessionEvent.Level.INFO : SessionEvent.Level.WARNING,
            sent
                ? what + request.serverName() + "."
                : "The request of MCP server " + request.serverName() + " was no longer open."));
  }

  /** What the form holds that is shown marked: a choice's title may hide what it means. */
  private String marked() {
    List<String> texts = new ArrayList<>();
    texts.add(request.message());
    for (ElicitationRequest.Field field : request.fields()) {
      texts.add(field.label());
      texts.add(field.description());
      if (field.choiceTitles() != null) {
        texts.addAll(field.choiceTitles());
      }
    }
    return TerminalText.warning(texts.toArray(String[]::new));
  }

  private void render() {
    int width = Math.min(100, host.maxColumns());
    Panel body = host.layoutPanel();
    String marked = marked();
    if (!marked.isEmpty()) {
      body.addComponent(new WrappedText(marked));
    }
    body.addComponent(PermissionView.revealed(request.message()));
    for (ElicitationRequest.Field field : request.fields()) {
      String label = field.label() + (field.required() ? " (required)" : "");
      if (field.description() != null && !field.description().isBlank()) {
        label += ": " + field.description();
      }
      body.addComponent(PermissionView.revealed(label));
      Interactable input =
          switch (field.kind()) {
            case ENUM -> choice(field, field.choiceTitles(), field.choices());
            case BOOLEAN -> choice(field, List.of("no", "yes"), List.of("false", "true"));
            default ->
                new TextBox(
                    new TerminalSize(Math.min(width, 50), 1),
                    field.defaultValue() == null ? "" : Sanitizer.oneLine(field.defaultValue()));
          };
      inputs.add(input);
      body.addComponent((Component) input);
    }
    body.addComponent(error);
    Panel buttons = new Panel(new LinearLayout(Direction.HORIZONTAL));
    buttons.addComponent(new Button("Send (Enter)", this::send));
    buttons.addComponent(
        new Button(
            "Decline", () -> finish(request.decline(), "You declined the request of MCP server ")));
    buttons.addComponent(
        new Button(
            "Cancel (Esc)",
            () -> finish(request.cancel(), "You cancelled the request of MCP server ")));
    body.addComponent(buttons);
    body.addComponent(new Label("Tab next field · ←/→ change a choice"));
    window.setComponent(body);
  }

  /**
   * A choice of {@code shown}, with "(none)" first when the field may be left out, starting at the
   * schema's default ({@code values} are what the default is written as).
   */
  private static ChoiceField choice(
      ElicitationRequest.Field field, List<String> shown, List<String> values) {
    List<String> all = new ArrayList<>();
    if (!field.required()) {
      all.add(NONE);
    }
    all.addAll(shown);
    int fallback = field.defaultValue() == null ? -1 : values.indexOf(field.defaultValue());
    int initial = fallback < 0 ? 0 : fallback + (field.required() ? 0 : 1);
    return new ChoiceField(all, initial, index -> {});
  }
}

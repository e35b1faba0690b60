package dev.milktui.tui.dialog;

import com.fasterxml.jackson.databind.JsonNode;
import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AbstractInteractableComponent;
import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.InteractableRenderer;
import com.googlecode.lanterna.gui2.Label;
import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.protocol.AskedQuestion;
import dev.milktui.core.protocol.Json;
import dev.milktui.tui.app.Effect;
import dev.milktui.tui.layout.ScrollText;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LinePainter;
import dev.milktui.tui.text.Sanitizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * AskUserQuestion as a picker, one question at a time: ↑/↓ move, Space (or the option's number)
 * picks, Enter confirms the question, and the last Enter sends every answer (question text to the
 * chosen label, several joined by ", "). The last row is "Other", a free-text answer typed in
 * place. Esc declines all of them, in words the model understands.
 */
public final class QuestionDialog implements RequestDialog {
  static final String OTHER = "Other: ";

  private DialogHost host;
  private final PermissionRequest request;
  private final List<AskedQuestion> questions;
  private final Consumer<BooleanSupplier> answer;
  private final BasicWindow window;
  private final Map<String, String> answers = new LinkedHashMap<>();
  private final Label error = new Label("");
  // The option under the cursor in full; it scrolls, and gives way first on a small screen.
  private final ScrollText description = ScrollText.prose("");
  private int page;
  private OptionList list;

  private QuestionDialog(
      PermissionRequest request, List<AskedQuestion> questions, Consumer<BooleanSupplier> answer) {
    this.request = request;
    this.questions = questions;
    this.answer = answer;
    this.window = DialogHost.modal(title());
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

  /**
   * The picker for {@code request}, or empty when its input holds no question a picker can show.
   *
   * @param answer sends one answer to the request and closes the dialog (the overlay stack's)
   */
  public static Optional<QuestionDialog> of(
      PermissionRequest request, Consumer<BooleanSupplier> answer) {
    return AskedQuestion.parse(request.request().input())
        .map(questions -> new QuestionDialog(request, questions, answer));
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

  private String title() {
    AskedQuestion question = questions.get(page);
    String header =
        question.header() == null || question.header().isBlank()
            ? ""
            : ": " + Sanitizer.revealInline(question.header());
    return "Claude asks"
        + (questions.size() > 1 ? " (" + (page + 1) + " of " + questions.size() + ")" : "")
        + header;
  }

  private boolean handleKey(KeyStroke key) {
    if (Keys.type(key, KeyType.Escape)) {
      answer.accept(() -> request.deny(PermissionRequest.QUESTIONS_DECLINED));
      return true;
    }
    if (Keys.plainEnter(key)) {
      confirm();
      return true;
    }
    return false;
  }

  private void confirm() {
    Optional<String> chosen = list.answer();
    if (chosen.isEmpty()) {
      error.setText(
          list.onOther()
              ? "Type your answer, or move to an option."
              : "Pick an option (Space), or type an answer in Other.");
      return;
    }
    answers.put(questions.get(page).question(), chosen.get());
    if (page + 1 < questions.size()) {
      page++;
      window.setTitle(title());
      render();
      return;
    }
    Map<String, String> all = new LinkedHashMap<>(answers);
    answer.accept(() -> request.answerQuestions(all));
  }

  private void render() {
    int width = Math.min(100, host.maxColumns());
    AskedQuestion question = questions.get(page);
    Panel body = host.layoutPanel();
    if (request.context().agent().isPresent()) {
      body.addComponent(
          PermissionView.revealed("Agent " + request.context().agent().get() + " asks:"));
    }
    body.addComponent(PermissionView.revealed(question.question()));
    String others =
        OtherKeys.text(request.request().toolName(), request.request().input(), rendered(request));
    if (!others.isEmpty()) {
      // Answering sends these back too; Shift+Tab reaches them to scroll on a small screen.
      body.addComponent(ReadOnlyText.of(others));
    }
    list = new OptionList(question, width, this::describe);
    body.addComponent(list);
    body.addComponent(description);
    error.setText("");
    body.addComponent(error);
    body.addComponent(
        new Label(
            (question.multiSelect() ? "Space ticks (several may be)" : "Space or a number picks")
                + " · Enter "
                + (page + 1 < questions.size() ? "next question" : "answer")
                + " · Esc decline"));
    window.setComponent(body);
    window.setFocusedInteractable(list);
    describe();
  }

  /**
   * The leaves of the request's input the picker shows in its own form: each question's text and
   * header, whether it takes several answers, and each option's label and description, as {@link
   * AskedQuestion#parse} reads them. Anything else is listed beside the question.
   */
  static Set<String> rendered(PermissionRequest request) {
    Set<String> rendered = new HashSet<>();
    List<JsonNode> questions = Json.elements(request.request().input(), "questions");
    for (int i = 0; i < questions.size(); i++) {
      JsonNode question = questions.get(i);
      String path = "questions[" + i + "].";
      shownText(question, "question", path, rendered);
      shownText(question, "header", path, rendered);
      if (question.path("multiSelect").isBoolean()) {
        rendered.add(path + "multiSelect");
      }
      List<JsonNode> options = Json.elements(question, "options");
      for (int j = 0; j < options.size(); j++) {
        String option = path + "options[" + j + "].";
        if (shownText(options.get(j), "label", option, rendered)) {
          shownText(options.get(j), "description", option, rendered);
        }
      }
    }
    return rendered;
  }

  /** Adds {@code path + field} when the field is text the dialog shows; returns whether it is. */
  private static boolean shownText(JsonNode node, String field, String path, Set<String> rendered) {
    String text = Json.text(node, field);
    boolean shown = text != null && !text.isBlank();
    if (shown) {
      rendered.add(path + field);
    }
    return shown;
  }

  /**
   * The option under the cursor, label and description in full (the list cuts them at its edge),
   * wrapped below the list.
   */
  private void describe() {
    description.setText(list == null ? "" : Sanitizer.reveal(list.currentDescription()));
  }

  /** The options of one question and the "Other" row; owns what is picked and typed. */
  static final class OptionList extends AbstractInteractableComponent<OptionList> {
    private final AskedQuestion question;
    private final int columns;
    private final Runnable onMove;
    private final TreeSet<Integer> ticked = new TreeSet<>();
    private final StringBuilder other = new StringBuilder();
    private int cursor;

    OptionList(AskedQuestion question, int columns, Runnable onMove) {
      this.question = question;
      this.columns = columns;
      this.onMove = onMove;
    }

    private int rows() {
      return question.options().size() + 1;
    }

    boolean onOther() {
      return cursor == question.options().size();
    }

    String currentDescription() {
      if (onOther()) {
        return "Type your own answer.";
      }
      AskedQuestion.Option option = question.options().get(cursor);
      String text = option.description();
      return text == null || text.isBlank() ? option.label() : option.label() + ": " + text;
    }

    /** The answer as it stands: a single choice, or every ticked label (and Other) joined. */
    Optional<String> answer() {
      String typed = other.toString().strip();
      if (!question.multiSelect()) {
        if (onOther()) {
          return typed.isEmpty() ? Optional.empty() : Optional.of(typed);
        }
        return Optional.of(
            question.options().get(ticked.isEmpty() ? cursor : ticked.first()).label());
      }
      List<String> labels = new ArrayList<>();
      ticked.forEach(i -> labels.add(question.options().get(i).label()));
      if (!typed.isEmpty()) {
        labels.add(typed);
      }
      return labels.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", labels));
    }

    private void pick(int index) {
      if (question.multiSelect()) {
        if (!ticked.remove(index)) {
          ticked.add(index);
        }
      } else {
        ticked.clear();
        ticked.add(index);
      }
    }

    private void moveTo(int row) {
      cursor = Math.max(0, Math.min(row, rows() - 1));
      if (!question.multiSelect() && !onOther()) {
        ticked.clear();
      }
      invalidate();
      onMove.run();
    }

    @Override
    protected Result handleKeyStroke(KeyStroke key) {
      if (key.getKeyType() == KeyType.ArrowDown) {
        moveTo(cursor + 1);
        return Result.HANDLED;
      }
      if (key.getKeyType() == KeyType.ArrowUp) {
        moveTo(cursor - 1);
        return Result.HANDLED;
      }
      if (onOther()) {
        if (key.getKeyType() == KeyType.Backspace && other.length() > 0) {
          other.setLength(other.length() - 1);
        } else if (key.getKeyType() == KeyType.Character && !key.isCtrlDown() && !key.isAltDown()) {
          other.append(key.getCharacter());
        } else {
          return super.handleKeyStroke(key);
        }
        invalidate();
        return Result.HANDLED;
      }
      if (Keys.is(key, ' ')) {
        pick(cursor);
        invalidate();
        return Result.HANDLED;
      }
      if (key.getKeyType() == KeyType.Character
          && Character.isDigit(key.getCharacter())
          && !key.isCtrlDown()
          && !key.isAltDown()) {
        int index = key.getCharacter() - '1';
        if (index >= 0 && index < question.options().size()) {
          cursor = index;
          pick(index);
          invalidate();
          onMove.run();
        }
        return Result.HANDLED;
      }
      return super.handleKeyStroke(key);
    }

    private String row(int index, int width) {
      if (index == question.options().size()) {
        return Columns.fit("    " + OTHER + Sanitizer.revealInline(other.toString()), width);
      }
      AskedQuestion.Option option = question.options().get(index);
      boolean on =
          ticked.contains(index)
              || (!question.multiSelect() && ticked.isEmpty() && index == cursor);
      String mark =
          question.multiSelect()
              ? (ticked.contains(index) ? "[x] " : "[ ] ")
              : (on ? "(•) " : "( ) ");
      String text = (index + 1) + ". " + Sanitizer.revealInline(option.label());
      if (option.description() != null && !option.description().isBlank()) {
        text += " — " + Sanitizer.revealInline(option.description());
      }
      return Columns.fit(mark + text, width);
    }

    @Override
    protected InteractableRenderer<OptionList> createDefaultRenderer() {
      return new InteractableRenderer<>() {
        @Override
        public TerminalPosition getCursorLocation(OptionList component) {
          return null;
        }

        @Override
        public TerminalSize getPreferredSize(OptionList component) {
          int widest = 10;
          for (int i = 0; i < rows(); i++) {
            widest = Math.max(widest, Columns.width(row(i, Integer.MAX_VALUE / 2)) + 1);
          }
          return new TerminalSize(Math.min(columns, widest), rows());
        }

        @Override
        public void drawComponent(TextGUIGraphics g, OptionList component) {
          int width = g.getSize().getColumns();
          for (int r = 0; r < rows() && r < g.getSize().getRows(); r++) {
            boolean current = r == cursor;
            g.applyThemeStyle(
                current && isFocused()
                    ? getThemeDefinition().getActive()
                    : getThemeDefinition().getNormal());
            LinePainter.putText(
                g, 0, r, width, (current ? "›" : " ") + row(r, Math.max(2, width - 1)));
          }
        }
      };
    }
  }
}

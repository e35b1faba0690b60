package dev.milktui.tui.dialog;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AbstractInteractableComponent;
import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.InteractableRenderer;
import com.googlecode.lanterna.gui2.Label;
import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.history.PastSession;
import dev.milktui.tui.app.Effect;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LinePainter;
import dev.milktui.tui.text.Sanitizer;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Picks a session of this directory to resume: newest first, each with when it was last used, its
 * first prompt and how many prompts it has. Typing filters (by prompt or id), ↑/↓ move, Enter
 * answers to open the chosen session, Esc closes.
 */
public final class ResumePicker implements Overlay {
  private static final DateTimeFormatter WHEN =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT);

  private final List<PastSession> sessions;
  private final ZoneId zone;
  private final String filter;

  /**
   * @param sessions newest first
   * @param filter already typed when it opens (as {@code /resume words} gives it)
   */
  public ResumePicker(List<PastSession> sessions, ZoneId zone, String filter) {
    this.sessions = List.copyOf(sessions);
    this.zone = zone;
    this.filter = filter;
  }

  @Override
  public void open(DialogHost host, Consumer<Effect> answers) {
    BasicWindow window = DialogHost.modal("Resume a session of this directory");
    Panel panel = host.layoutPanel();
    int columns = Math.min(110, host.maxColumns());
    int rows = Math.max(3, Math.min(sessions.size(), host.maxRows() - 8));
    Label filterLine = new Label("");
    SessionList list =
        new SessionList(
            columns,
            rows,
            filterLine,
            id -> {
              host.close(window);
              answers.accept(new Effect.OpenSession(Optional.of(id)));
            },
            () -> host.close(window));
    list.filterBy(filter);
    panel.addComponent(new Label("Type to filter · ↑/↓ choose · Enter resume · Esc close"));
    panel.addComponent(filterLine);
    panel.addComponent(list);
    window.setComponent(panel);
    window.setFocusedInteractable(list);
    host.open(window);
  }

  /** A session's row: when, prompts, first prompt. */
  String row(PastSession session) {
    return WHEN.format(session.modified().atZone(zone))
        + "  "
        + String.format(Locale.ROOT, "%3d", session.turns())
        + " prompt"
        + (session.turns() == 1 ? " " : "s")
        + "  "
        + Sanitizer.oneLine(
            session.firstPrompt().isBlank()
                ? "(" + session.sessionId() + ")"
                : session.firstPrompt());
  }

  private boolean matches(PastSession session, String filter) {
    String wanted = filter.toLowerCase(Locale.ROOT);
    return session.firstPrompt().toLowerCase(Locale.ROOT).contains(wanted)
        || session.sessionId().toLowerCase(Locale.ROOT).startsWith(wanted);
  }

  /** The list and its filter: the one component with the keys. */
  private final class SessionList extends AbstractInteractableComponent<SessionList> {
    private final int columns;
    private final int rows;
    private final Label filterLine;
    private final Consumer<String> chosen;
    private final Runnable cancel;
    private final StringBuilder filter = new StringBuilder();
    private List<PastSession> shown = sessions;
    private int cursor;
    private int top;

    SessionList(int columns, int rows, Label filterLine, Consumer<String> chosen, Runnable cancel) {
      this.columns = columns;
      this.rows = rows;
      this.filterLine = filterLine;
      this.chosen = chosen;
      this.cancel = cancel;
      refilter();
    }

    void filterBy(String text) {
      filter.setLength(0);
      filter.append(text);
      refilter();
    }

    private void refilter() {
      String text = filter.toString();
      shown = sessions.stream().filter(s -> text.isEmpty() || matches(s, text)).toList();
      filterLine.setText(
          "Filter: "
              + Sanitizer.oneLine(text)
              + "  ("
              + shown.size()
              + " of "
              + sessions.size()
              + ")");
      moveTo(0);
    }

    private void moveTo(int index) {
      cursor = Math.max(0, Math.min(index, shown.size() - 1));
      if (cursor < top) {
        top = cursor;
      } else if (cursor >= top + rows) {
        top = cursor - rows + 1;
      }
      invalidate();
    }

    @Override
    protected Result handleKeyStroke(KeyStroke key) {
      KeyType type = key.getKeyType();
      if (type == KeyType.Escape) {
        cancel.run();
      } else if (type == KeyType.Enter) {
        if (!shown.isEmpty()) {
          chosen.accept(shown.get(cursor).sessionId());
        }
      } else if (type == KeyType.ArrowDown) {
        moveTo(cursor + 1);
      } else if (type == KeyType.ArrowUp) {
        moveTo(cursor - 1);
      } else if (type == KeyType.PageDown) {
        moveTo(cursor + rows);
      } else if (type == KeyType.PageUp) {
        moveTo(cursor - rows);
      } else if (type == KeyType.Backspace) {
        if (filter.length() > 0) {
          filter.setLength(filter.length() - 1);
          refilter();
        }
      } else if (type == KeyType.Character && !key.isCtrlDown() && !key.isAltDown()) {
        filter.append(key.getCharacter());
        refilter();
      } else {
        return super.handleKeyStroke(key);
      }
      return Result.HANDLED;
    }

    @Override
    protected InteractableRenderer<SessionList> createDefaultRenderer() {
      return new InteractableRenderer<>() {
        @Override
        public TerminalPosition getCursorLocation(SessionList component) {
          return null;
        }

        @Override
        public TerminalSize getPreferredSize(SessionList component) {
          return new TerminalSize(columns, rows);
        }

        @Override
        public void drawComponent(TextGUIGraphics g, SessionList component) {
          int width = g.getSize().getColumns();
          if (shown.isEmpty()) {
            g.applyThemeStyle(getThemeDefinition().getNormal());
            LinePainter.putText(
                g,
                0,
                0,
                width,
                sessions.isEmpty()
                    ? " Claude has no earlier session for this directory."
                    : " No session matches.");
            return;
          }
          for (int r = 0; r < rows && top + r < shown.size(); r++) {
            int index = top + r;
            boolean current = index == cursor;
            g.applyThemeStyle(
                current ? getThemeDefinition().getActive() : getThemeDefinition().getNormal());
            String line = (current ? "›" : " ") + row(shown.get(index));
            LinePainter.putText(g, 0, r, width, Columns.fit(line, width));
          }
        }
      };
    }
  }
}

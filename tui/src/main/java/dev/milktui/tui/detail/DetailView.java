package dev.milktui.tui.detail;

import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.BorderLayout;
import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.conversation.Cell;
import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.conversation.ConversationListener;
import dev.milktui.core.conversation.StreamedTextCell;
import dev.milktui.tui.app.Effect;
import dev.milktui.tui.dialog.DialogHost;
import dev.milktui.tui.dialog.Overlay;
import dev.milktui.tui.dialog.ReadOnlyText;
import dev.milktui.tui.layout.ScrollText;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Ctrl+O's transcript view: the whole screen, read-only, the conversation as {@link DetailText}
 * writes it (controls revealed, as any text shown for inspection), scrolled with ↑/↓, PgUp/PgDn,
 * Home/End; Esc or the key that opened it closes it. While open it follows the one conversation:
 * new calls, results and streamed text show, at the end if the view was there, else with the scroll
 * position held. It answers nothing.
 */
public final class DetailView implements Overlay {
  static final String TITLE = "Detail view · every call in full · ↑↓ PgUp PgDn scroll · Esc closes";

  private final Conversation conversation;
  private final Predicate<KeyStroke> closes;

  /** {@code closes}: the keys that close it beside Esc (the one that opened it). */
  public DetailView(Conversation conversation, Predicate<KeyStroke> closes) {
    this.conversation = conversation;
    this.closes = closes;
  }

  @Override
  public void open(DialogHost host, Consumer<Effect> answers) {
    BasicWindow window = DialogHost.modal(TITLE);
    window.setHints(List.of(Window.Hint.MODAL, Window.Hint.FULL_SCREEN));
    ScrollText text = ReadOnlyText.of(DetailText.of(conversation.cells()));
    Follower follower = new Follower(host, window, text);
    conversation.listen(follower);
    Panel panel = new Panel(new BorderLayout());
    panel.addComponent(text, BorderLayout.Location.CENTER);
    window.setComponent(panel);
    window.setFocusedInteractable(text);
    window.addWindowListener(
        new WindowListenerAdapter() {
          @Override
          public void onInput(Window w, KeyStroke key, AtomicBoolean deliver) {
            if (key.getKeyType() == KeyType.Escape || closes.test(key)) {
              deliver.set(false);
              conversation.unlisten(follower);
              host.close(window);
            }
          }
        });
    host.open(window);
  }

  /**
   * Writes the text again after the conversation changed: once per burst of changes (a streamed
   * reply changes it with every delta), on the GUI thread after them.
   */
  private final class Follower implements ConversationListener {
    private final DialogHost host;
    private final Window window;
    private final ScrollText text;
    private boolean pending;

    Follower(DialogHost host, Window window, ScrollText text) {
      this.host = host;
      this.window = window;
      this.text = text;
    }

    private void changed() {
      if (!pending) {
        pending = true;
        host.later(
            () -> {
              pending = false;
              if (window.getTextGUI() == null) {
                // Closed some other way than its keys (the screen going down): stop following.
                conversation.unlisten(this);
              } else {
                ReadOnlyText.follow(text, DetailText.of(conversation.cells()));
              }
            });
      }
    }

    @Override
    public void added(Cell cell) {
      changed();
    }

    @Override
    public void appended(StreamedTextCell cell, String delta) {
      changed();
    }

    @Override
    public void changed(Cell cell) {
      changed();
    }

    @Override
    public void removed(Cell cell) {
      changed();
    }

    @Override
    public void cleared() {
      changed();
    }
  }
}

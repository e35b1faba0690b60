package dev.milktui.tui.detail;

import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.BorderLayout;
import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.conversation.Cell;
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
 * Home/End; Esc or the key that opened it closes it. It reads the one conversation's cells as they
 * are when it opens. It answers nothing.
 */
public final class DetailView implements Overlay {
  static final String TITLE = "Detail view · every call in full · ↑↓ PgUp PgDn scroll · Esc closes";

  private final List<Cell> cells;
  private final Predicate<KeyStroke> closes;

  /** {@code closes}: the keys that close it beside Esc (the one that opened it). */
  public DetailView(List<Cell> cells, Predicate<KeyStroke> closes) {
    this.cells = List.copyOf(cells);
    this.closes = closes;
  }

  @Override
  public void open(DialogHost host, Consumer<Effect> answers) {
    BasicWindow window = DialogHost.modal(TITLE);
    window.setHints(List.of(Window.Hint.MODAL, Window.Hint.FULL_SCREEN));
    ScrollText text = ReadOnlyText.of(DetailText.of(cells));
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
              host.close(window);
            }
          }
        });
    host.open(window);
  }
}

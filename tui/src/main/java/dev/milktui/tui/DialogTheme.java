package dev.milktui.tui;

import com.googlecode.lanterna.SGR;
import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.graphics.SimpleTheme;
import com.googlecode.lanterna.graphics.Theme;
import com.googlecode.lanterna.gui2.Button;
import com.googlecode.lanterna.gui2.CheckBox;
import com.googlecode.lanterna.gui2.CheckBoxList;
import com.googlecode.lanterna.gui2.RadioBoxList;
import com.googlecode.lanterna.gui2.TextBox;
import com.googlecode.lanterna.gui2.WindowShadowRenderer;
import dev.milktui.tui.layout.ScrollText;
import dev.milktui.tui.text.Palette;
import java.util.List;

/**
 * The theme for Lanterna's own components, from a {@link Palette}'s dialog colours: dialogs on a
 * background that stands out from the screen, the focused button (the one Enter presses) in the
 * focus colour, and the message box. It lives here, not in {@code text}, because it names the
 * components it styles ({@link InputBox}, {@link ScrollText}).
 */
public final class DialogTheme {
  private static final TextColor DEFAULT = TextColor.ANSI.DEFAULT;

  private DialogTheme() {}

  public static Theme of(Palette palette) {
    return palette.color() ? coloured(palette.dialog()) : plain();
  }

  private static Theme plain() {
    SimpleTheme theme = new SimpleTheme(DEFAULT, DEFAULT);
    theme.getDefaultDefinition().setSelected(DEFAULT, DEFAULT, SGR.REVERSE);
    theme.getDefaultDefinition().setActive(DEFAULT, DEFAULT, SGR.REVERSE, SGR.BOLD);
    theme.getDefaultDefinition().setPreLight(DEFAULT, DEFAULT, SGR.BOLD);
    theme.getDefaultDefinition().setInsensitive(DEFAULT, DEFAULT);
    theme
        .addOverride(Button.class, DEFAULT, DEFAULT)
        .setActive(DEFAULT, DEFAULT, SGR.REVERSE, SGR.BOLD)
        .setSelected(DEFAULT, DEFAULT, SGR.REVERSE);
    theme
        .addOverride(ScrollText.class, DEFAULT, DEFAULT)
        .setSelected(DEFAULT, DEFAULT, SGR.REVERSE)
        .setActive(DEFAULT, DEFAULT, SGR.REVERSE, SGR.BOLD)
        .setCustom(Palette.DIFF_ADDED_STYLE, DEFAULT, DEFAULT, SGR.BOLD)
        .setCustom(Palette.DIFF_REMOVED_STYLE, DEFAULT, DEFAULT);
    return theme;
  }

  private static Theme coloured(Palette.DialogColours c) {
    TextColor text = or(c.text());
    TextColor back = or(c.back());
    TextColor focusText = or(c.focusText());
    TextColor focus = or(c.focus());
    TextColor buttonText = or(c.buttonText());
    TextColor button = or(c.button());
    TextColor boxText = or(c.boxText());
    TextColor box = or(c.box());
    SimpleTheme theme = new SimpleTheme(text, back);
    SimpleTheme.Definition base = theme.getDefaultDefinition();
    base.setSelected(focusText, focus);
    base.setActive(focusText, focus, SGR.BOLD);
    base.setPreLight(text, back, SGR.BOLD);
    base.setInsensitive(text, back);
    theme
        .addOverride(Button.class, buttonText, button)
        .setActive(focusText, focus, SGR.BOLD)
        .setSelected(focusText, focus, SGR.BOLD)
        .setPreLight(buttonText, button, SGR.BOLD);
    for (Class<?> list : List.of(CheckBox.class, CheckBoxList.class, RadioBoxList.class)) {
      theme
          .addOverride(list, text, back)
          .setActive(focusText, focus, SGR.BOLD)
          .setSelected(focusText, focus, SGR.BOLD)
          .setPreLight(focusText, focus);
    }
    theme
        .addOverride(TextBox.class, boxText, box)
        .setActive(boxText, box, SGR.BOLD)
        .setSelected(boxText, box);
    theme
        .addOverride(InputBox.class, boxText, box)
        .setActive(boxText, box)
        .setSelected(boxText, box);
    theme
        .addOverride(ScrollText.class, text, back)
        .setSelected(text, back, SGR.BOLD)
        .setActive(focusText, focus, SGR.BOLD)
        .setCustom(Palette.DIFF_ADDED_STYLE, or(c.added()), or(c.addedBack()), SGR.BOLD)
        .setCustom(Palette.DIFF_REMOVED_STYLE, or(c.removed()), or(c.removedBack()));
    theme.setWindowPostRenderer(new WindowShadowRenderer());
    return theme;
  }

  /** The terminal's own colour where the palette has none. */
  private static TextColor or(TextColor c) {
    return c == null ? DEFAULT : c;
  }
}

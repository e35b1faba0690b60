package dev.milktui.tui.text;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.graphics.Theme;
import com.googlecode.lanterna.graphics.ThemeDefinition;
import com.googlecode.lanterna.graphics.ThemeStyle;
import com.googlecode.lanterna.gui2.Button;
import com.googlecode.lanterna.gui2.CheckBox;
import com.googlecode.lanterna.gui2.CheckBoxList;
import com.googlecode.lanterna.gui2.Label;
import com.googlecode.lanterna.gui2.RadioBoxList;
import com.googlecode.lanterna.gui2.TextBox;
import dev.milktui.tui.DialogTheme;
import dev.milktui.tui.InputBox;
import dev.milktui.tui.layout.ScrollText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * WCAG 2 contrast of every style of every coloured palette against the background it is drawn on:
 * 4.5:1 for text, 3:1 for secondary text. The 16 ANSI colours are measured as xterm draws them by
 * default, the terminal's own colours as xterm's default black on white (light) or, reversed, white
 * on black (dark); the 256 colours by xterm's formula.
 */
class PaletteContrastTest {
  /** xterm's default RGB for the 16 ANSI colours, in SGR order. */
  private static final int[] XTERM_16 = {
    0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
    0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff
  };

  private static final List<TextColor.ANSI> ANSI_ORDER =
      List.of(
          TextColor.ANSI.BLACK,
          TextColor.ANSI.RED,
          TextColor.ANSI.GREEN,
          TextColor.ANSI.YELLOW,
          TextColor.ANSI.BLUE,
          TextColor.ANSI.MAGENTA,
          TextColor.ANSI.CYAN,
          TextColor.ANSI.WHITE,
          TextColor.ANSI.BLACK_BRIGHT,
          TextColor.ANSI.RED_BRIGHT,
          TextColor.ANSI.GREEN_BRIGHT,
          TextColor.ANSI.YELLOW_BRIGHT,
          TextColor.ANSI.BLUE_BRIGHT,
          TextColor.ANSI.MAGENTA_BRIGHT,
          TextColor.ANSI.CYAN_BRIGHT,
          TextColor.ANSI.WHITE_BRIGHT);

  private static final List<Palette.Scheme> COLOURED =
      List.of(
          Palette.Scheme.DARK,
          Palette.Scheme.LIGHT,
          Palette.Scheme.DARK_256,
          Palette.Scheme.LIGHT_256);

  @Test
  void everyTextStyleIsReadableOnItsBackground() {
    for (Palette.Scheme scheme : COLOURED) {
      everyTextStyleIsReadableOnItsBackground(scheme);
    }
  }

  private static void everyTextStyleIsReadableOnItsBackground(Palette.Scheme scheme) {
    Palette palette = new Palette(scheme);
    List<String> failures = new ArrayList<>();
    for (TextStyle style : TextStyle.values()) {
      Palette.Look look = palette.look(style);
      check(
          failures,
          scheme,
          style.name(),
          look.foreground(),
          look.background(),
          Palette.SECONDARY_STYLES.contains(style) ? 3 : 4.5);
    }
    for (Palette.Role role : Palette.Role.values()) {
      Palette.Look look = palette.look(role);
      check(
          failures,
          scheme,
          "role " + role,
          look.foreground(),
          look.background(),
          Palette.SECONDARY_ROLES.contains(role) ? 3 : 4.5);
    }
    assertThat(failures).isEmpty();
  }

  @Test
  void everyDialogStyleIsReadable() {
    for (Palette.Scheme scheme : COLOURED) {
      everyDialogStyleIsReadable(scheme);
    }
  }

  private static void everyDialogStyleIsReadable(Palette.Scheme scheme) {
    Theme theme = DialogTheme.of(new Palette(scheme));
    List<String> failures = new ArrayList<>();
    for (Class<?> component :
        List.of(
            Label.class,
            Button.class,
            CheckBox.class,
            CheckBoxList.class,
            RadioBoxList.class,
            TextBox.class,
            InputBox.class,
            ScrollText.class)) {
      ThemeDefinition d = theme.getDefinition(component);
      String name = component.getSimpleName();
      style(failures, scheme, name + " normal", d.getNormal());
      style(failures, scheme, name + " active", d.getActive());
      style(failures, scheme, name + " selected", d.getSelected());
      style(failures, scheme, name + " prelight", d.getPreLight());
      style(failures, scheme, name + " insensitive", d.getInsensitive());
      for (String custom : List.of(Palette.DIFF_ADDED_STYLE, Palette.DIFF_REMOVED_STYLE)) {
        ThemeStyle s = d.getCustom(custom);
        if (s != null) {
          style(failures, scheme, name + " " + custom, s);
        }
      }
    }
    assertThat(failures).isEmpty();
  }

  @Test
  void dialogsAndTheMessageBoxStandOutFromTheScreen() {
    for (Palette.Scheme scheme : COLOURED) {
      dialogsAndTheMessageBoxStandOutFromTheScreen(scheme);
    }
  }

  private static void dialogsAndTheMessageBoxStandOutFromTheScreen(Palette.Scheme scheme) {
    Theme theme = DialogTheme.of(new Palette(scheme));
    int screen = terminalBackground(scheme);
    assertThat(rgb(theme.getDefinition(Label.class).getNormal().getBackground(), scheme, false))
        .isNotEqualTo(screen);
    assertThat(rgb(theme.getDefinition(InputBox.class).getNormal().getBackground(), scheme, false))
        .isNotEqualTo(screen);
    ThemeDefinition button = theme.getDefinition(Button.class);
    assertThat(button.getActive().getBackground())
        .as("the focused button, the one Enter presses, differs from the others")
        .isNotEqualTo(button.getNormal().getBackground());
  }

  private static void style(
      List<String> failures, Palette.Scheme scheme, String what, ThemeStyle s) {
    TextColor fg = s.getForeground() == TextColor.ANSI.DEFAULT ? null : s.getForeground();
    TextColor bg = s.getBackground() == TextColor.ANSI.DEFAULT ? null : s.getBackground();
    check(failures, scheme, what, fg, bg, 4.5);
  }

  private static void check(
      List<String> failures,
      Palette.Scheme scheme,
      String what,
      TextColor foreground,
      TextColor background,
      double wanted) {
    double ratio = contrast(rgb(foreground, scheme, true), rgb(background, scheme, false));
    if (ratio < wanted) {
      failures.add(String.format("%s %s: %.2f:1 < %.1f:1", scheme, what, ratio, wanted));
    }
  }

  private static int terminalBackground(Palette.Scheme scheme) {
    return scheme.light() ? 0xffffff : 0x000000;
  }

  private static int rgb(TextColor color, Palette.Scheme scheme, boolean foreground) {
    if (color == null || color == TextColor.ANSI.DEFAULT) {
      return foreground == scheme.light() ? 0x000000 : 0xffffff;
    }
    if (color instanceof TextColor.ANSI ansi) {
      return XTERM_16[ANSI_ORDER.indexOf(ansi)];
    }
    // Lanterna does not expose the index but writes it: "38;5;<index>".
    String sgr = new String(color.getForegroundSGRSequence(), StandardCharsets.US_ASCII);
    int index = Integer.parseInt(sgr.substring(sgr.lastIndexOf(';') + 1));
    if (index < 16) {
      return XTERM_16[index];
    }
    if (index >= 232) {
      int grey = 8 + 10 * (index - 232);
      return grey << 16 | grey << 8 | grey;
    }
    int cube = index - 16;
    return level(cube / 36) << 16 | level(cube / 6 % 6) << 8 | level(cube % 6);
  }

  private static int level(int step) {
    return step == 0 ? 0 : 55 + 40 * step;
  }

  static double contrast(int a, int b) {
    double la = luminance(a);
    double lb = luminance(b);
    return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
  }

  private static double luminance(int rgb) {
    return 0.2126 * channel(rgb >> 16 & 0xff)
        + 0.7152 * channel(rgb >> 8 & 0xff)
        + 0.0722 * channel(rgb & 0xff);
  }

  private static double channel(int value) {
    double c = value / 255.0;
    return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
}

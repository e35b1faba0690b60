package dev.milktui.tui.text;

import com.googlecode.lanterna.SGR;
import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.graphics.SimpleTheme;
import com.googlecode.lanterna.graphics.TextGraphics;
import com.googlecode.lanterna.graphics.Theme;
import com.googlecode.lanterna.gui2.TextGUIGraphics;

/**
 * Every colour the UI uses, by role. Without colour (NO_COLOR) all roles use the terminal's own
 * colours and only bold, italic and reverse set things apart.
 */
public final class Palette {

  /** What a piece of text is, for its style. */
  public enum Role {
    TEXT,
    USER,
    THINKING,
    CODE,
    INFO,
    WARNING,
    ERROR,
    OK,
    RUNNING,
    TITLE,
    TITLE_FOCUSED,
    SELECTED,
    STATUS,
    HINT
  }

  private static final TextColor DEFAULT = TextColor.ANSI.DEFAULT;

  private final boolean color;

  public Palette(boolean color) {
    this.color = color;
  }

  public boolean color() {
    return color;
  }

  public void apply(TextGUIGraphics g, Role role) {
    g.clearModifiers();
    g.setBackgroundColor(DEFAULT);
    g.setForegroundColor(DEFAULT);
    switch (role) {
      case USER -> styled(g, TextColor.ANSI.CYAN_BRIGHT, SGR.BOLD);
      case THINKING -> styled(g, TextColor.ANSI.BLACK_BRIGHT, SGR.ITALIC);
      case CODE -> styled(g, TextColor.ANSI.GREEN);
      case INFO -> styled(g, TextColor.ANSI.BLUE_BRIGHT);
      case WARNING -> styled(g, TextColor.ANSI.YELLOW, SGR.BOLD);
      case ERROR -> styled(g, TextColor.ANSI.RED_BRIGHT, SGR.BOLD);
      case OK -> styled(g, TextColor.ANSI.GREEN_BRIGHT);
      case RUNNING -> styled(g, TextColor.ANSI.YELLOW_BRIGHT);
      case TITLE -> styled(g, TextColor.ANSI.BLACK_BRIGHT, SGR.BOLD);
      case TITLE_FOCUSED, SELECTED, STATUS -> {
        g.enableModifiers(SGR.REVERSE);
        if (role == Role.TITLE_FOCUSED) {
          g.enableModifiers(SGR.BOLD);
        }
      }
      case HINT -> styled(g, TextColor.ANSI.BLACK_BRIGHT);
      default -> {}
    }
  }

  /**
   * Sets {@code g}'s colours and attributes for rendered text. Without colour, attributes alone
   * keep the styles apart (and diff lines carry their − / + signs in the text itself).
   */
  public void apply(TextGraphics g, TextStyle style) {
    g.clearModifiers();
    g.setBackgroundColor(DEFAULT);
    g.setForegroundColor(DEFAULT);
    switch (style) {
      case STRONG -> styled(g, null, SGR.BOLD);
      case EMPHASIS -> styled(g, null, SGR.ITALIC);
      case STRONG_EMPHASIS -> styled(g, null, SGR.BOLD, SGR.ITALIC);
      case STRUCK -> styled(g, null, SGR.CROSSED_OUT);
      case INLINE_CODE -> {
        if (color) {
          styled(g, TextColor.ANSI.GREEN);
        } else {
          g.enableModifiers(SGR.REVERSE);
        }
      }
      case CODE -> styled(g, TextColor.ANSI.GREEN);
      case HEADING -> styled(g, TextColor.ANSI.CYAN_BRIGHT, SGR.BOLD, SGR.UNDERLINE);
      case LINK -> styled(g, TextColor.ANSI.BLUE_BRIGHT, SGR.UNDERLINE);
      case QUOTE -> styled(g, TextColor.ANSI.BLACK_BRIGHT, SGR.ITALIC);
      case RULE, TABLE, LINE_NUMBER, DIM, DIFF_CONTEXT -> styled(g, TextColor.ANSI.BLACK_BRIGHT);
      case LIST_MARKER -> styled(g, TextColor.ANSI.YELLOW, SGR.BOLD);
      case DIFF_ADDED -> styled(g, TextColor.ANSI.GREEN_BRIGHT, SGR.BOLD);
      case DIFF_REMOVED -> styled(g, TextColor.ANSI.RED_BRIGHT);
      case PROMPT -> styled(g, TextColor.ANSI.CYAN_BRIGHT, SGR.BOLD);
      case THINKING -> styled(g, TextColor.ANSI.BLACK_BRIGHT, SGR.ITALIC);
      case INFO -> styled(g, TextColor.ANSI.BLUE_BRIGHT);
      case WARNING -> styled(g, TextColor.ANSI.YELLOW, SGR.BOLD);
      case ERROR -> styled(g, TextColor.ANSI.RED_BRIGHT, SGR.BOLD);
      case OK -> styled(g, TextColor.ANSI.GREEN_BRIGHT);
      case RUNNING -> styled(g, TextColor.ANSI.YELLOW_BRIGHT);
      case SELECTED -> g.enableModifiers(SGR.REVERSE);
      case PLAIN -> {}
    }
  }

  private void styled(TextGraphics g, TextColor fg, SGR... modifiers) {
    if (color && fg != null) {
      g.setForegroundColor(fg);
    }
    if (modifiers.length > 0) {
      g.enableModifiers(modifiers);
    }
  }

  /** The theme for Lanterna's own components (dialogs, text boxes, buttons). */
  public Theme theme() {
    if (color) {
      SimpleTheme theme =
          SimpleTheme.makeTheme(
              true,
              DEFAULT,
              DEFAULT,
              TextColor.ANSI.WHITE_BRIGHT,
              TextColor.ANSI.BLACK_BRIGHT,
              TextColor.ANSI.BLACK,
              TextColor.ANSI.CYAN,
              DEFAULT);
      return theme;
    }
    SimpleTheme theme = new SimpleTheme(DEFAULT, DEFAULT);
    theme.getDefaultDefinition().setSelected(DEFAULT, DEFAULT, SGR.REVERSE);
    theme.getDefaultDefinition().setActive(DEFAULT, DEFAULT, SGR.REVERSE, SGR.BOLD);
    theme.getDefaultDefinition().setPreLight(DEFAULT, DEFAULT, SGR.BOLD);
    theme.getDefaultDefinition().setInsensitive(DEFAULT, DEFAULT);
    return theme;
  }
}

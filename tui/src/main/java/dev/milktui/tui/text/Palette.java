package dev.milktui.tui.text;

import com.googlecode.lanterna.SGR;
import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.graphics.TextGraphics;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every colour the UI uses, by role, in one place: a dark and a light palette, each in the 16
 * colours every terminal has and in xterm's 256 where the terminal has them. Every text reaches
 * 4.5:1 contrast against what it is drawn on (secondary text 3:1; {@code PaletteContrastTest}
 * measures them all). Without colour (NO_COLOR, a monochrome terminal) all roles use the terminal's
 * own colours and only bold, italic and reverse set things apart.
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

  /** Which colours: none, or the dark or light palette in 16 or 256 colours. */
  public enum Scheme {
    NONE,
    DARK,
    LIGHT,
    DARK_256,
    LIGHT_256;

    public boolean color() {
      return this != NONE;
    }

    public boolean light() {
      return this == LIGHT || this == LIGHT_256;
    }

    public boolean indexed() {
      return this == DARK_256 || this == LIGHT_256;
    }

    public static Scheme of(boolean color, boolean light, boolean indexed) {
      if (!color) {
        return NONE;
      }
      if (light) {
        return indexed ? LIGHT_256 : LIGHT;
      }
      return indexed ? DARK_256 : DARK;
    }
  }

  /** Colours and attributes; a null colour is the terminal's own. */
  record Look(TextColor foreground, TextColor background, Set<SGR> modifiers) {}

  /** The theme definitions' custom styles for a diff's lines in a dialog (ScrollText). */
  public static final String DIFF_ADDED_STYLE = "diff-added";

  public static final String DIFF_REMOVED_STYLE = "diff-removed";

  /** Roles and styles that are secondary (hints, frames, numbers): 3:1 is their contrast. */
  static final Set<Role> SECONDARY_ROLES = EnumSet.of(Role.THINKING, Role.TITLE, Role.HINT);

  static final Set<TextStyle> SECONDARY_STYLES =
      EnumSet.of(
          TextStyle.THINKING,
          TextStyle.RULE,
          TextStyle.TABLE,
          TextStyle.LINE_NUMBER,
          TextStyle.DIM,
          TextStyle.DIFF_CONTEXT,
          TextStyle.CODE_COMMENT,
          TextStyle.CODE_LABEL);

  private static final TextColor DEFAULT = TextColor.ANSI.DEFAULT;

  /** A colour in each palette: dark in 16 and 256 colours, light in 16 and 256; null: default. */
  private record Ink(TextColor.ANSI dark16, int dark256, TextColor.ANSI light16, int light256) {}

  private static final Ink TERMINAL = null;
  // Text on the terminal's own background.
  private static final Ink PROMPT = ink(TextColor.ANSI.CYAN_BRIGHT, 117, TextColor.ANSI.BLUE, 25);
  private static final Ink SOFT =
      ink(TextColor.ANSI.BLACK_BRIGHT, 245, TextColor.ANSI.BLACK_BRIGHT, 242);
  private static final Ink QUIET =
      ink(TextColor.ANSI.BLACK_BRIGHT, 245, TextColor.ANSI.BLACK_BRIGHT, 243);
  private static final Ink GREEN = ink(TextColor.ANSI.GREEN, 114, TextColor.ANSI.MAGENTA, 22);
  private static final Ink BLUE = ink(TextColor.ANSI.CYAN, 75, TextColor.ANSI.BLUE, 26);
  private static final Ink YELLOW = ink(TextColor.ANSI.YELLOW, 221, TextColor.ANSI.RED, 94);
  private static final Ink RED = ink(TextColor.ANSI.RED_BRIGHT, 203, TextColor.ANSI.RED, 160);
  private static final Ink OK_GREEN =
      ink(TextColor.ANSI.GREEN_BRIGHT, 78, TextColor.ANSI.DEFAULT, 28);
  private static final Ink PURPLE =
      ink(TextColor.ANSI.MAGENTA_BRIGHT, 141, TextColor.ANSI.MAGENTA, 91);
  private static final Ink ADDED = ink(TextColor.ANSI.GREEN_BRIGHT, 114, TextColor.ANSI.BLACK, 22);
  private static final Ink ADDED_BACK = ink(null, -1, TextColor.ANSI.GREEN, -1);
  private static final Ink REMOVED =
      ink(TextColor.ANSI.RED_BRIGHT, 210, TextColor.ANSI.WHITE_BRIGHT, 124);
  private static final Ink REMOVED_BACK = ink(null, -1, TextColor.ANSI.RED, -1);
  private static final Ink QUOTED = ink(TextColor.ANSI.WHITE, 250, TextColor.ANSI.DEFAULT, 238);
  // Bars: a selected row, the status bar, titles, the message box and dialogs.
  private static final Ink ON_BAR =
      ink(TextColor.ANSI.WHITE_BRIGHT, 231, TextColor.ANSI.WHITE_BRIGHT, 16);
  private static final Ink SELECTION = ink(TextColor.ANSI.BLUE, 24, TextColor.ANSI.BLUE, 153);
  // Search matches: dark text on yellow; the current one on orange (light: white on blue).
  private static final Ink ON_MATCH = ink(TextColor.ANSI.BLACK, 16, TextColor.ANSI.BLACK, 16);
  private static final Ink MATCH_BACK = ink(TextColor.ANSI.YELLOW, 220, TextColor.ANSI.YELLOW, 220);
  private static final Ink ON_CURRENT =
      ink(TextColor.ANSI.BLACK, 16, TextColor.ANSI.WHITE_BRIGHT, 231);
  private static final Ink CURRENT_BACK =
      ink(TextColor.ANSI.CYAN_BRIGHT, 208, TextColor.ANSI.BLUE, 25);
  private static final Ink FOCUS = ink(TextColor.ANSI.BLUE, 25, TextColor.ANSI.BLUE, 25);
  private static final Ink ON_FOCUS =
      ink(TextColor.ANSI.WHITE_BRIGHT, 231, TextColor.ANSI.WHITE_BRIGHT, 231);
  private static final Ink PANEL_TEXT = ink(TextColor.ANSI.BLACK, 252, TextColor.ANSI.WHITE, 235);
  private static final Ink PANEL = ink(TextColor.ANSI.WHITE, 236, TextColor.ANSI.BLACK, 252);
  private static final Ink BOX_TEXT = ink(TextColor.ANSI.BLACK, 255, TextColor.ANSI.BLACK, 16);
  private static final Ink BOX = ink(TextColor.ANSI.WHITE, 237, TextColor.ANSI.WHITE, 255);
  private static final Ink TITLE_TEXT =
      ink(TextColor.ANSI.BLACK_BRIGHT, 248, TextColor.ANSI.BLACK_BRIGHT, 239);
  private static final Ink TITLE_BAR = ink(null, 235, null, 254);
  private static final Ink DIALOG_TEXT = ink(TextColor.ANSI.BLACK, 255, TextColor.ANSI.BLACK, 16);
  private static final Ink DIALOG = ink(TextColor.ANSI.WHITE, 236, TextColor.ANSI.WHITE, 254);
  private static final Ink BUTTON = ink(TextColor.ANSI.BLACK, 252, TextColor.ANSI.BLACK, 16);
  private static final Ink BUTTON_BACK = ink(TextColor.ANSI.WHITE, 239, TextColor.ANSI.WHITE, 250);
  private static final Ink DIALOG_ADDED = ink(TextColor.ANSI.BLACK, 114, TextColor.ANSI.BLACK, 22);
  private static final Ink DIALOG_ADDED_BACK =
      ink(TextColor.ANSI.GREEN, -1, TextColor.ANSI.GREEN, -1);
  private static final Ink DIALOG_REMOVED =
      ink(TextColor.ANSI.WHITE_BRIGHT, 210, TextColor.ANSI.WHITE_BRIGHT, 124);
  private static final Ink DIALOG_REMOVED_BACK =
      ink(TextColor.ANSI.RED, -1, TextColor.ANSI.RED, -1);

  private final Scheme scheme;
  private final Map<TextStyle, Look> styles = new EnumMap<>(TextStyle.class);
  private final Map<Role, Look> roles = new EnumMap<>(Role.class);

  /** The dark palette in 16 colours, or none. */
  public Palette(boolean color) {
    this(color ? Scheme.DARK : Scheme.NONE);
  }

  public Palette(Scheme scheme) {
    this.scheme = scheme;
    for (TextStyle style : TextStyle.values()) {
      styles.put(style, lookOf(style));
    }
    for (Role role : Role.values()) {
      roles.put(role, lookOf(role));
    }
  }

  public boolean color() {
    return scheme.color();
  }

  public Scheme scheme() {
    return scheme;
  }

  Look look(TextStyle style) {
    return styles.get(style);
  }

  Look look(Role role) {
    return roles.get(role);
  }

  public void apply(TextGUIGraphics g, Role role) {
    apply(g, roles.get(role));
  }

  /**
   * Sets {@code g}'s colours and attributes for rendered text. Without colour, attributes alone
   * keep the styles apart (and diff lines carry their − / + signs in the text itself).
   */
  public void apply(TextGraphics g, TextStyle style) {
    apply(g, styles.get(style));
  }

  private static void apply(TextGraphics g, Look look) {
    g.clearModifiers();
    g.setForegroundColor(look.foreground() == null ? DEFAULT : look.foreground());
    g.setBackgroundColor(look.background() == null ? DEFAULT : look.background());
    if (!look.modifiers().isEmpty()) {
      g.enableModifiers(look.modifiers().toArray(new SGR[0]));
    }
  }

  private Look lookOf(Role role) {
    return switch (role) {
      case TEXT -> text(TERMINAL);
      case USER -> text(PROMPT, SGR.BOLD);
      case THINKING -> text(SOFT, SGR.ITALIC);
      case CODE -> text(GREEN);
      case INFO -> text(BLUE);
      case WARNING -> text(YELLOW, SGR.BOLD);
      case ERROR -> text(RED, SGR.BOLD);
      case OK -> text(OK_GREEN);
      case RUNNING -> text(PURPLE);
      case TITLE -> bar(TITLE_TEXT, TITLE_BAR, SGR.BOLD);
      case TITLE_FOCUSED -> bar(ON_FOCUS, FOCUS, SGR.REVERSE, SGR.BOLD);
      case SELECTED -> bar(ON_BAR, SELECTION, SGR.REVERSE);
      case STATUS -> bar(PANEL_TEXT, PANEL, SGR.REVERSE);
      case HINT -> text(QUIET);
    };
  }

  private Look lookOf(TextStyle style) {
    return switch (style) {
      case PLAIN -> text(TERMINAL);
      case STRONG -> text(TERMINAL, SGR.BOLD);
      case EMPHASIS -> text(TERMINAL, SGR.ITALIC);
      case STRONG_EMPHASIS -> text(TERMINAL, SGR.BOLD, SGR.ITALIC);
      case STRUCK -> text(TERMINAL, SGR.CROSSED_OUT);
      case INLINE_CODE -> scheme.color() ? text(GREEN) : text(TERMINAL, SGR.REVERSE);
      case CODE -> text(GREEN);
      case CODE_KEYWORD -> text(PURPLE, SGR.BOLD);
      case CODE_STRING -> text(YELLOW);
      case CODE_COMMENT -> text(SOFT, SGR.ITALIC);
      case CODE_NUMBER -> text(BLUE);
      case CODE_LABEL -> text(QUIET, SGR.ITALIC);
      case HEADING -> text(PROMPT, SGR.BOLD, SGR.UNDERLINE);
      case LINK -> text(BLUE, SGR.UNDERLINE);
      case QUOTE -> text(QUOTED, SGR.ITALIC);
      case RULE, TABLE, LINE_NUMBER, DIM, DIFF_CONTEXT -> text(QUIET);
      case LIST_MARKER, TASK_BOX -> text(YELLOW, SGR.BOLD);
      case DIFF_ADDED -> bar(ADDED, ADDED_BACK, SGR.BOLD);
      case DIFF_REMOVED -> bar(REMOVED, REMOVED_BACK);
      case PROMPT -> text(PROMPT, SGR.BOLD);
      case THINKING -> text(SOFT, SGR.ITALIC);
      case INFO -> text(BLUE);
      case WARNING -> text(YELLOW, SGR.BOLD);
      case ERROR -> text(RED, SGR.BOLD);
      case OK -> text(OK_GREEN);
      case RUNNING -> text(PURPLE);
      case SELECTED -> bar(ON_BAR, SELECTION, SGR.REVERSE);
      case MATCH -> bar(ON_MATCH, MATCH_BACK, SGR.REVERSE);
      case MATCH_CURRENT -> bar(ON_CURRENT, CURRENT_BACK, SGR.REVERSE, SGR.BOLD, SGR.UNDERLINE);
    };
  }

  /** Text on the terminal's background; without colour, the attributes alone. */
  private Look text(Ink foreground, SGR... modifiers) {
    return new Look(color(foreground), null, modifiers(List.of(modifiers)));
  }

  /**
   * Text on a background of its own. Without colour the bar is drawn reversed ({@code REVERSE}
   * among {@code modifiers} is only for that); with colour the background sets it apart.
   */
  private Look bar(Ink foreground, Ink background, SGR... modifiers) {
    EnumSet<SGR> kept = EnumSet.noneOf(SGR.class);
    for (SGR m : modifiers) {
      if (m != SGR.REVERSE || !scheme.color()) {
        kept.add(m);
      }
    }
    return new Look(color(foreground), color(background), kept);
  }

  private static Set<SGR> modifiers(List<SGR> modifiers) {
    return modifiers.isEmpty() ? Set.of() : EnumSet.copyOf(modifiers);
  }

  private TextColor color(Ink ink) {
    if (ink == null || !scheme.color()) {
      return null;
    }
    if (scheme.indexed()) {
      int index = scheme.light() ? ink.light256() : ink.dark256();
      return index < 0 ? null : new TextColor.Indexed(index);
    }
    TextColor.ANSI ansi = scheme.light() ? ink.light16() : ink.dark16();
    return ansi == null || ansi == TextColor.ANSI.DEFAULT ? null : ansi;
  }

  private static Ink ink(TextColor.ANSI dark16, int dark256, TextColor.ANSI light16, int light256) {
    return new Ink(dark16, dark256, light16, light256);
  }

  /** Colours for Lanterna's own components (dialogs, buttons, boxes); null: the terminal's own. */
  public record DialogColours(
      TextColor text,
      TextColor back,
      TextColor focusText,
      TextColor focus,
      TextColor buttonText,
      TextColor button,
      TextColor boxText,
      TextColor box,
      TextColor added,
      TextColor addedBack,
      TextColor removed,
      TextColor removedBack) {}

  /**
   * The dialog colours of this palette: dialogs on a background that stands out from the screen,
   * the focused button in the focus colour; a diff line's background is its own in 16 colours, the
   * dialog's in 256.
   */
  public DialogColours dialog() {
    TextColor back = color(DIALOG);
    return new DialogColours(
        color(DIALOG_TEXT),
        back,
        color(ON_FOCUS),
        color(FOCUS),
        color(BUTTON),
        color(BUTTON_BACK),
        color(BOX_TEXT),
        color(BOX),
        color(DIALOG_ADDED),
        orElse(color(DIALOG_ADDED_BACK), back),
        color(DIALOG_REMOVED),
        orElse(color(DIALOG_REMOVED_BACK), back));
  }

  private static TextColor orElse(TextColor own, TextColor fallback) {
    return own == null ? fallback : own;
  }
}

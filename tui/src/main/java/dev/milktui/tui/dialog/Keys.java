package dev.milktui.tui.dialog;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;

/** Small predicates over key strokes, so key maps read plainly. */
public final class Keys {
  private Keys() {}

  /** A plain character key (no Ctrl, no Alt), case-insensitive. */
  public static boolean is(KeyStroke key, char c) {
    return key.getKeyType() == KeyType.Character
        && !key.isCtrlDown()
        && !key.isAltDown()
        && Character.toLowerCase(key.getCharacter()) == Character.toLowerCase(c);
  }

  /**
   * The capital letter {@code upper} (typed with Shift), for answers that widen or persist
   * something: a letter typed in passing is almost always lower case.
   */
  public static boolean shifted(KeyStroke key, char upper) {
    return key.getKeyType() == KeyType.Character
        && !key.isCtrlDown()
        && !key.isAltDown()
        && key.getCharacter() == Character.toUpperCase(upper);
  }

  public static boolean ctrl(KeyStroke key, char c) {
    return key.getKeyType() == KeyType.Character
        && key.isCtrlDown()
        && Character.toLowerCase(key.getCharacter()) == c;
  }

  public static boolean type(KeyStroke key, KeyType type) {
    return key.getKeyType() == type;
  }

  public static boolean plainEnter(KeyStroke key) {
    return key.getKeyType() == KeyType.Enter && !key.isAltDown() && !key.isCtrlDown();
  }
}

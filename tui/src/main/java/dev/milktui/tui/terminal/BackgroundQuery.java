package dev.milktui.tui.terminal;

import com.googlecode.lanterna.input.KeyStroke;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Asks the terminal for its background colour (OSC 11), for the theme when nothing else chose one.
 * The question is followed by Primary Device Attributes, which every terminal answers, and answers
 * come in order: once that answer is in, a terminal that did not say its colour never will, so the
 * wait ends at once; else it ends after {@link #TIMEOUT}. Keys typed meanwhile are kept, in order,
 * and a late answer is taken out of the keys by the screen ({@link TerminalReplies}).
 */
public final class BackgroundQuery {
  public static final String QUESTION = "\u001b]11;?\u001b\\" + "\u001b[c";
  public static final Duration TIMEOUT = Duration.ofMillis(150);

  private static final Pattern RGB =
      Pattern.compile(
          "rgba?:([0-9a-fA-F]{1,4})/([0-9a-fA-F]{1,4})/([0-9a-fA-F]{1,4})(?:/[0-9a-fA-F]{1,4})?");
  private static final Pattern HASH = Pattern.compile("#((?:[0-9a-fA-F]{3}){1,4})");

  /** What the wait found: whether the background is light (empty: not known) and keys typed. */
  public record Answer(Optional<Boolean> light, List<KeyStroke> typed) {}

  /** Reads input without waiting; null when none is there now. */
  public interface Input {
    KeyStroke poll() throws java.io.IOException;
  }

  private BackgroundQuery() {}

  /**
   * Reads {@code input} until the colour or the device attributes arrive, or {@code timeout} passed
   * on {@code nanos}; {@code pause} runs between two empty reads.
   */
  public static Answer await(Input input, Duration timeout, LongSupplier nanos, Runnable pause)
      throws java.io.IOException {
    List<KeyStroke> typed = new ArrayList<>();
    long start = nanos.getAsLong();
    while (nanos.getAsLong() - start < timeout.toNanos()) {
      KeyStroke key = input.poll();
      if (key == null) {
        pause.run();
      } else if (key instanceof TerminalReplies.Background b) {
        return new Answer(light(b.spec), typed);
      } else if (key instanceof TerminalReplies.DeviceAttributes) {
        return new Answer(Optional.empty(), typed);
      } else if (!(key instanceof TerminalReplies.Reply)) {
        typed.add(key);
      }
    }
    return new Answer(Optional.empty(), typed);
  }

  /**
   * Whether the colour in an OSC 11 answer ({@code rgb:RRRR/GGGG/BBBB} with 1 to 4 hex digits a
   * channel, {@code rgba:…}, or {@code #RGB} to {@code #RRRRGGGGBBBB}) is light: its relative
   * luminance (sRGB) above that of mid grey. Empty for anything else.
   */
  public static Optional<Boolean> light(String spec) {
    Matcher rgb = RGB.matcher(spec.strip());
    if (rgb.matches()) {
      return Optional.of(
          light(channel(rgb.group(1)), channel(rgb.group(2)), channel(rgb.group(3))));
    }
    Matcher hash = HASH.matcher(spec.strip());
    if (hash.matches()) {
      String digits = hash.group(1);
      int w = digits.length() / 3;
      return Optional.of(
          light(
              channel(digits.substring(0, w)),
              channel(digits.substring(w, 2 * w)),
              channel(digits.substring(2 * w))));
    }
    return Optional.empty();
  }

  /** A channel of 1 to 4 hex digits as 0..1 (X11 scales each width to its own maximum). */
  private static double channel(String hex) {
    return Integer.parseInt(hex, 16) / (double) ((1 << (4 * hex.length())) - 1);
  }

  private static boolean light(double r, double g, double b) {
    double luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    return luminance > MID_GREY;
  }

  /** Relative luminance of sRGB 50 % grey: the line between a dark and a light background. */
  private static final double MID_GREY = 0.214;

  private static double linear(double c) {
    return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
}

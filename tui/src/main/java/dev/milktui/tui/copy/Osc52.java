package dev.milktui.tui.copy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * The OSC 52 sequence that asks the terminal to put text on the system clipboard: {@code ESC ] 52 ;
 * c ; <base64> BEL}. The payload is base64, so nothing of the text reaches the terminal raw. Many
 * terminals drop a longer sequence (tmux and several others stop near 100 kB), so text whose
 * payload is over {@link #MAX_PAYLOAD} is not sent at all rather than sent cut.
 *
 * <p>Inside tmux the plain sequence reaches the outer terminal only with tmux's {@code
 * set-clipboard on}; the same sequence wrapped in tmux's passthrough ({@code ESC P tmux; … ESC \},
 * with each ESC doubled) reaches it with {@code allow-passthrough on}. Both are sent, so either
 * setting works; with both on, the clipboard is set twice to the same text.
 */
public final class Osc52 {
  /** The longest base64 payload sent. */
  public static final int MAX_PAYLOAD = 100_000;

  private static final String ESC = "\u001b";
  private static final String BEL = "\u0007";

  private Osc52() {}

  /** The base64 payload of {@code text} (UTF-8). */
  static String payload(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  /** Bytes the payload of {@code text} takes. */
  public static int payloadBytes(String text) {
    return payload(text).length();
  }

  /**
   * What to write for {@code text}; empty when its payload is over {@link #MAX_PAYLOAD}. {@code
   * insideTmux}: the plain sequence and the passthrough-wrapped one.
   */
  public static Optional<String> sequence(String text, boolean insideTmux) {
    String payload = payload(text);
    if (payload.length() > MAX_PAYLOAD) {
      return Optional.empty();
    }
    String plain = ESC + "]52;c;" + payload + BEL;
    if (!insideTmux) {
      return Optional.of(plain);
    }
    return Optional.of(plain + ESC + "Ptmux;" + plain.replace(ESC, ESC + ESC) + ESC + "\\");
  }
}

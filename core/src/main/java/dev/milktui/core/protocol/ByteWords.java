package dev.milktui.core.protocol;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Eight bytes of a line tested at once (SWAR): each test flags, in a byte's high bit, the bytes it
 * looks for. The lowest flagged byte is always a real one (a borrow only flags bytes above one), so
 * {@link #first} of a non-zero result is where the first match is.
 */
public final class ByteWords {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGH_BITS = 0x8080808080808080L;
  private static final long QUOTES = repeated('"');
  private static final long BACKSLASHES = repeated('\\');

  private ByteWords() {}

  /** The eight bytes from {@code at}, the first in the lowest bits. */
  public static long word(byte[] bytes, int at) {
    return (long) LONGS.get(bytes, at);
  }

  /** Every byte copied eight times over, to compare with {@link #equalTo}. */
  public static long repeated(int b) {
    return ONES * (b & 0xFF);
  }

  /** Flags the bytes equal to the byte of {@code repeated}. */
  public static long equalTo(long word, long repeated) {
    long x = word ^ repeated;
    return (x - ONES) & ~x & HIGH_BITS;
  }

  /** Flags the bytes below {@code limit} (at most 0x80). */
  public static long below(long word, int limit) {
    return (word - ONES * limit) & ~word & HIGH_BITS;
  }

  /** Flags the bytes from 0x80 up: parts of a character beyond ASCII. */
  public static long nonAscii(long word) {
    return word & HIGH_BITS;
  }

  /**
   * Flags the bytes that end a plain run of a JSON string's content: a quote, a backslash, a
   * control character or a part of a character beyond ASCII.
   */
  public static long stringStops(long word) {
    return nonAscii(word) | below(word, 0x20) | equalTo(word, QUOTES) | equalTo(word, BACKSLASHES);
  }

  /**
   * How many bytes precede the first flagged one; {@code flags} must not be 0. Counted without
   * {@link Long#numberOfTrailingZeros}, which the quick JIT does not make one instruction: the bits
   * below the lowest set one cover the high bit of every byte before it and of no other, and a
   * multiplication by {@link #ONES} sums those flags into the top byte.
   */
  public static int first(long flags) {
    long before = ((flags & -flags) - 1) & HIGH_BITS;
    return (int) (((before >>> 7) * ONES) >>> 56);
  }
}

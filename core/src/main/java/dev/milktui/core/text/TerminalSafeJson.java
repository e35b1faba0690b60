package dev.milktui.core.text;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.JsonTreeWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * JSON for a terminal or a pipe that may end on one: besides the controls JSON must escape, DEL,
 * the C1 controls (U+0080–U+009F; some terminals act on them as on ESC sequences) and the bidi
 * controls ({@link TerminalText#isBidiControl}) are written as {@code \\uXXXX}, so printed output
 * never acts on the terminal or reorders what is shown, and reads back as the same value.
 *
 * <p>Written by {@link JsonTreeWriter}, so that {@code milk-tui scan --json} never builds the
 * mapper.
 */
public final class TerminalSafeJson {
  private static final CharacterEscapes ESCAPES = new Escapes();

  private TerminalSafeJson() {}

  /** Compact one-line JSON. */
  public static String write(JsonNode node) {
    StringWriter out = new StringWriter();
    try (JsonGenerator generator = Json.factory().createGenerator(out)) {
      generator.setCharacterEscapes(ESCAPES);
      JsonTreeWriter.write(generator, node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private static final class Escapes extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    private final int[] ascii = standardAsciiEscapesForJSON();

    Escapes() {
      ascii[0x7F] = ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
      if ((ch >= 0x80 && ch <= 0x9F) || TerminalText.isBidiControl((char) ch)) {
        return new SerializedString(String.format(Locale.ROOT, "\\u%04X", ch));
      }
      return null;
    }
  }
}

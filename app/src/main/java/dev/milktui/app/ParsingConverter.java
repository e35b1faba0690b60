package dev.milktui.app;

import java.util.function.Function;
import picocli.CommandLine;

/**
 * A flag's value read by its type's own parser; the parser's refusal becomes picocli's, in the
 * parser's words, so every choice flag says a wrong value the same way.
 */
abstract class ParsingConverter<T> implements CommandLine.ITypeConverter<T> {
  private final Function<String, T> parse;

  ParsingConverter(Function<String, T> parse) {
    this.parse = parse;
  }

  @Override
  public final T convert(String value) {
    try {
      return parse.apply(value);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(e.getMessage());
    }
  }
}

package dev.milktui.app;

import dev.milktui.core.session.Transport;
import java.util.Iterator;
import java.util.List;
import picocli.CommandLine;

/** {@code --transport stream|one-shot}. */
final class TransportConverter implements CommandLine.ITypeConverter<Transport> {
  @Override
  public Transport convert(String value) {
    return switch (value) {
      case "stream" -> Transport.STREAM;
      case "one-shot" -> Transport.ONE_SHOT;
      default ->
          throw new CommandLine.TypeConversionException(
              "expected stream or one-shot, not '" + value + "'");
    };
  }

  static final class Names implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("stream", "one-shot").iterator();
    }
  }
}

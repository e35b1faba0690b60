package dev.milktui.app;

import dev.milktui.tui.terminal.HyperlinkSupport;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * {@code --links osc8|plain|auto} (or {@code MILK_TUI_LINKS}): whether links in Claude's replies
 * are written as OSC 8 hyperlinks. A flag wins over its variable; auto asks {@link
 * HyperlinkSupport}.
 */
final class LinksChoice {
  private LinksChoice() {}

  static boolean hyperlinks(Map<String, String> environment, HyperlinkSupport.Mode flag) {
    return HyperlinkSupport.enabled(HyperlinkSupport.mode(environment, flag), environment);
  }

  static final class Converter implements CommandLine.ITypeConverter<HyperlinkSupport.Mode> {
    @Override
    public HyperlinkSupport.Mode convert(String value) {
      try {
        return HyperlinkSupport.Mode.parse(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  static final class Names implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("auto", "osc8", "plain").iterator();
    }
  }
}

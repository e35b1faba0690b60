package dev.milktui.app;

import dev.milktui.tui.terminal.HyperlinkSupport;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

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

  static final class Converter extends ParsingConverter<HyperlinkSupport.Mode> {
    Converter() {
      super(HyperlinkSupport.Mode::parse);
    }
  }

  static final class Names implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("auto", "osc8", "plain").iterator();
    }
  }
}

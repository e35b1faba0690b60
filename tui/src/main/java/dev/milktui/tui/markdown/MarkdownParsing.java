package dev.milktui.tui.markdown;

import java.util.List;
import org.commonmark.ext.autolink.AutolinkExtension;
import org.commonmark.ext.autolink.AutolinkType;
import org.commonmark.ext.gfm.strikethrough.StrikethroughExtension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Node;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * The one CommonMark parser set-up (GFM tables, strikethrough with two tildes so that "~5 min"
 * stays text, task boxes, block source positions, bare URLs and e-mail addresses as links, not
 * {@code www.} names, which would show their URL twice) both renderers use.
 */
final class MarkdownParsing {
  private static final Parser PARSER =
      Parser.builder()
          .extensions(
              List.of(
                  TablesExtension.create(),
                  StrikethroughExtension.builder().requireTwoTildes(true).build(),
                  AutolinkExtension.builder()
                      .linkTypes(AutolinkType.URL, AutolinkType.EMAIL)
                      .build()))
          .includeSourceSpans(IncludeSourceSpans.BLOCKS)
          .postProcessor(new TaskBoxes())
          .build();

  private MarkdownParsing() {}

  static Node parse(String markdown) {
    return PARSER.parse(markdown);
  }
}

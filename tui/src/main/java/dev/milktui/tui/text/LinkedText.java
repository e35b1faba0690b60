package dev.milktui.tui.text;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import org.nibor.autolink.LinkExtractor;
import org.nibor.autolink.LinkSpan;
import org.nibor.autolink.LinkType;

/**
 * One line of plain text (a tool's output) with the URLs and e-mail addresses in it as links, found
 * as the Markdown replies find bare ones: http, https and file URLs, an address as its mailto URL;
 * other schemes stay text. A part of a URL links to the whole URL, so a URL wrapped over rows is
 * the same link on each.
 */
public final class LinkedText {
  private static final LinkExtractor FINDER =
      LinkExtractor.builder().linkTypes(EnumSet.of(LinkType.URL, LinkType.EMAIL)).build();

  private static final String[] SCHEMES = {"http://", "https://", "file://", "mailto:"};
  private static final String ELLIPSIS = "…";

  /** A link over chars [start, end) of the text. */
  private record Link(int start, int end, String url) {}

  private final String text;
  private final List<Link> links;

  private LinkedText(String text, List<Link> links) {
    this.text = text;
    this.links = links;
  }

  public static LinkedText of(String text) {
    List<Link> links = new ArrayList<>(0);
    if (text.indexOf(':') >= 0 || text.indexOf('@') >= 0) {
      for (LinkSpan span : FINDER.extractLinks(text)) {
        String found = text.substring(span.getBeginIndex(), span.getEndIndex());
        if (span.getType() == LinkType.EMAIL) {
          links.add(new Link(span.getBeginIndex(), span.getEndIndex(), "mailto:" + found));
        } else if (allowedScheme(found)) {
          links.add(new Link(span.getBeginIndex(), span.getEndIndex(), found));
        }
      }
    }
    return new LinkedText(text, links);
  }

  /**
   * Whether {@code url} has a scheme a link may point to (http, https, file, mailto) and something
   * after it: the one list for links found in text and for those written to the terminal.
   */
  public static boolean allowedScheme(String url) {
    String lower = url.substring(0, Math.min(url.length(), 8)).toLowerCase(Locale.ROOT);
    for (String scheme : SCHEMES) {
      if (lower.startsWith(scheme) && url.length() > scheme.length()) {
        return true;
      }
    }
    return false;
  }

  public String text() {
    return text;
  }

  /**
   * The first {@code end} chars and "…", with the links that end within them: one the cut goes
   * through is no link, for its text would no longer be its URL.
   */
  public LinkedText cut(int end) {
    if (end >= text.length()) {
      return this;
    }
    List<Link> kept = new ArrayList<>(0);
    for (Link link : links) {
      if (link.end <= end) {
        kept.add(link);
      }
    }
    return new LinkedText(text.substring(0, end) + ELLIPSIS, kept);
  }

  /**
   * {@code shown}, a cut of this text to fit a row (the whole text, a start of it and "…", or "…"
   * and an end of it), as spans in {@code style}: a link the cut left whole is linked, one the "…"
   * took a part of is plain text, so a link's text is always its whole URL (or address). Text that
   * is no such cut is not linked at all.
   */
  public List<Span> spansOf(String shown, TextStyle style) {
    int n = text.length();
    int m = shown.length();
    if (m == 0) {
      return List.of();
    }
    // [from, to) of the text shows at shown[at, at + to - from).
    int from;
    int to;
    int at;
    if (shown.equals(text)) {
      from = 0;
      to = n;
      at = 0;
    } else if (shown.endsWith(ELLIPSIS) && text.startsWith(shown.substring(0, m - 1))) {
      from = 0;
      to = m - 1;
      at = 0;
    } else if (shown.startsWith(ELLIPSIS) && text.endsWith(shown.substring(1))) {
      from = n - (m - 1);
      to = n;
      at = 1;
    } else {
      return List.of(new Span(shown, style));
    }
    List<Span> out = new ArrayList<>(1);
    int done = 0;
    for (Link link : links) {
      if (link.start < from || link.end > to) {
        continue;
      }
      int start = at + link.start - from;
      if (start > done) {
        out.add(new Span(shown.substring(done, start), style));
      }
      done = at + link.end - from;
      out.add(new Span(shown.substring(start, done), style, link.url));
    }
    if (done < m) {
      out.add(new Span(shown.substring(done), style));
    }
    return out;
  }

  /** Chars [{@code start}, {@code end}) in {@code style}, each linked part its own span. */
  public List<Span> spans(int start, int end, TextStyle style) {
    List<Span> out = new ArrayList<>(1);
    int at = start;
    for (Link link : links) {
      if (link.end <= at || link.start >= end) {
        continue;
      }
      if (link.start > at) {
        out.add(new Span(text.substring(at, link.start), style));
      }
      int to = Math.min(end, link.end);
      out.add(new Span(text.substring(Math.max(at, link.start), to), style, link.url));
      at = to;
    }
    if (at < end) {
      out.add(new Span(text.substring(at, end), style));
    }
    return out;
  }
}

package dev.milktui.tui.markdown;

import dev.milktui.tui.text.Graphemes;
import dev.milktui.tui.text.StyledLine;
import dev.milktui.tui.text.TextStyle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;

/**
 * A long paragraph at the end of a {@link MarkdownStream}, kept so that appending to it costs in
 * proportion to what is appended. Its text is cut into a settled part, parsed and wrapped once, and
 * a short rest parsed again on each look. A cut is made after a line or a run of spaces, and only
 * where the text before it leaves nothing open (no unmatched {@code * _ ` [ <}), so that nothing
 * later can change how it reads; then parsing the parts apart gives what parsing the whole gives.
 * If the rest stays open past {@link #MAX_REST} chars the cut is made anyway: an emphasis opened
 * that far back and closed later is then shown with its markers, the price of staying linear.
 *
 * <p>Each new line is checked to go on with the paragraph; one that would end it or change what it
 * is (a blank line, a heading, a list, a setext underline, a table's delimiter row) hands the text
 * back to the stream's whole-tail parsing.
 */
final class OpenParagraph {
  static final int MAX_REST = 8 * 1024;
  private static final int SETTLE_STEP = 512;

  /** Parsing a piece of paragraph text after this keeps it a paragraph and whitespace-led. */
  private static final String LEAD = "\u00A0";

  /** What {@link #lines} found: the lines, or that the stream must parse the tail itself. */
  sealed interface Look {}

  record Lines(List<StyledLine> settled, List<StyledLine> rest) implements Look {}

  /** The last, unfinished line may end the paragraph: render the tail as a whole this time. */
  record Undecided() implements Look {}

  /** A finished line ended the paragraph or changed what it is: this object is done. */
  record Ended() implements Look {}

  /** End of a logical line in {@link #settled}. */
  private static final Piece LINE_END = new Piece("\n", TextStyle.PLAIN);

  private final StringBuilder source;
  private int settledEnd;

  /** Settled logical lines as pieces, each ended by {@link #LINE_END} (the last may be open). */
  private final List<Piece> settled = new ArrayList<>();

  /** Start of the first line not yet known to go on with the paragraph (0: the first line). */
  private int checkedTo;

  /**
   * Start of the unfinished last line once it is known to go on with the paragraph: with this many
   * chars a line that is not a block start can no longer become one.
   */
  private int decidedLine = -1;

  /** Where the search for the next newline goes on from. */
  private int scannedTo;

  static final int DECIDED = 16;
  private int nextAttempt;
  private final Map<Integer, Wrapped> byWidth = new HashMap<>(2);

  private static final class Wrapped {
    final List<StyledLine> lines = new ArrayList<>();
    final int width;
    Wrapper open;
    int fed;

    Wrapped(int width) {
      this.width = width;
      this.open = new Wrapper(width, StyledLine.EMPTY, StyledLine.EMPTY, lines);
    }
  }

  /** {@code source} holds the paragraph from its first char; the stream appends to it. */
  private OpenParagraph(StringBuilder source, int checkedTo) {
    this.source = source;
    this.checkedTo = checkedTo;
    this.nextAttempt = SETTLE_STEP;
  }

  /**
   * A paragraph kept in parts, if {@code source} (just parsed whole as one paragraph, so each of
   * its finished lines goes on with it) has a last line that can no longer turn into another kind
   * of block: finished, or the first line and long past any block start marker.
   */
  static OpenParagraph of(StringBuilder source) {
    int lastLine = source.lastIndexOf("\n") + 1;
    if (lastLine == 0 && source.length() < DECIDED) {
      return null;
    }
    return new OpenParagraph(source, lastLine);
  }

  Look lines(int width) {
    int n = source.length();
    // Lines finished since the last look must each go on with the paragraph (its first line is
    // the paragraph's own start, checked by the parse that made this object).
    for (int nl = nextNewline(); nl >= 0; nl = nextNewline()) {
      if (checkedTo > 0
          && checkedTo != decidedLine
          && !continues(source.substring(checkedTo, nl))) {
        return new Ended();
      }
      checkedTo = nl + 1;
    }
    if (checkedTo > 0 && checkedTo < n && checkedTo != decidedLine) {
      String last = source.substring(checkedTo, n);
      if (!continues(last)) {
        return new Undecided();
      }
      if (last.strip().length() >= DECIDED) {
        decidedLine = checkedTo;
      }
    }
    if (n - settledEnd >= nextAttempt) {
      settle();
    }
    Wrapped w = byWidth.computeIfAbsent(width, Wrapped::new);
    for (; w.fed < settled.size(); w.fed++) {
      Piece p = settled.get(w.fed);
      if (p == LINE_END) {
        w.open.end();
        w.open = new Wrapper(w.width, StyledLine.EMPTY, StyledLine.EMPTY, w.lines);
      } else {
        w.open.add(p);
      }
    }
    List<StyledLine> rest = new ArrayList<>();
    List<List<Piece>> restLines = pieces(source.substring(settledEnd));
    boolean lineOpen = settled.isEmpty() || settled.get(settled.size() - 1) != LINE_END;
    if (restLines == null) {
      return new Undecided();
    }
    if (restLines.isEmpty() && !lineOpen) {
      return new Lines(w.lines, rest);
    }
    Wrapper t = w.open.copy(rest);
    for (int k = 0; k < restLines.size(); k++) {
      if (k > 0) {
        t.end();
        t = new Wrapper(w.width, StyledLine.EMPTY, StyledLine.EMPTY, rest);
      }
      for (Piece p : restLines.get(k)) {
        t.add(p);
      }
    }
    t.end();
    return new Lines(w.lines, rest);
  }

  /** The next newline at or after {@link #checkedTo}, never scanning a char twice. */
  private int nextNewline() {
    int nl = source.indexOf("\n", Math.max(checkedTo, scannedTo));
    scannedTo = nl < 0 ? source.length() : nl;
    return nl;
  }

  /** Moves the settled end to the last cut whose text leaves nothing open, or is too long. */
  private void settle() {
    int n = source.length();
    boolean forced = n - settledEnd > MAX_REST;
    // The last line starts where the newline check stopped. A backslash before the newline is a
    // hard break only together with the next line: no cut there.
    int lineCut = checkedTo;
    if (lineCut > settledEnd && source.charAt(lineCut - 2) == '\\') {
      lineCut = settledEnd;
    }
    int segmentEnd;
    int restStart;
    boolean endsLine = false;
    int gap = lastGap(Math.max(settledEnd, lineCut));
    if (gap > settledEnd) {
      segmentEnd = gap;
      restStart = gap;
      while (source.charAt(restStart) == ' ') {
        restStart++;
      }
    } else if (lineCut > settledEnd) {
      segmentEnd = lineCut;
      restStart = lineCut;
      endsLine = true;
    } else if (forced) {
      // Text with no space or newline (a long URL, CJK prose): cut between two graphemes.
      segmentEnd = lastGraphemeStart();
      restStart = segmentEnd;
    } else {
      segmentEnd = settledEnd;
      restStart = settledEnd;
    }
    List<List<Piece>> lines =
        segmentEnd > settledEnd ? pieces(source.substring(settledEnd, segmentEnd)) : null;
    if (lines == null || !forced && !closed(lines)) {
      nextAttempt = n - settledEnd + SETTLE_STEP;
      return;
    }
    for (int k = 0; k < lines.size(); k++) {
      if (k > 0) {
        settled.add(LINE_END);
      }
      settled.addAll(lines.get(k));
    }
    if (endsLine) {
      settled.add(LINE_END);
    } else if (restStart > segmentEnd) {
      // The gap is white space; a tab in it shows as a space, as Inlines shows it.
      settled.add(
          new Piece(source.substring(segmentEnd, restStart).replace('\t', ' '), TextStyle.PLAIN));
    }
    settledEnd = restStart;
    nextAttempt = SETTLE_STEP;
  }

  /**
   * Start of the last run of spaces after {@code from} that follows text on its line and has text
   * after it, or -1. Looks back at most {@link #MAX_REST} chars.
   */
  private int lastGap(int from) {
    int n = source.length();
    int stop = Math.max(from, n - MAX_REST);
    for (int i = n - 1; i > stop; i--) {
      char before = source.charAt(i - 1);
      if (source.charAt(i) == ' ' && before != ' ' && before != '\n') {
        int end = i;
        while (end < n && source.charAt(end) == ' ') {
          end++;
        }
        if (end < n) {
          return i;
        }
      }
    }
    return -1;
  }

  /** The start of the last grapheme, looked for from a little before the end. */
  private int lastGraphemeStart() {
    int n = source.length();
    int i = Math.max(settledEnd, n - 64);
    if (i < n && Character.isLowSurrogate(source.charAt(i))) {
      i++;
    }
    int last = i;
    while (i < n) {
      last = i;
      i = Graphemes.next(source, i, n);
    }
    return last;
  }

  /**
   * The logical lines of paragraph text that starts after a line start or a space, parsed on its
   * own; null if on its own it would not be one paragraph.
   */
  private static List<List<Piece>> pieces(String text) {
    String body = stripLeading(text);
    if (body.isBlank()) {
      return List.of();
    }
    Node document = MarkdownParsing.parse(LEAD + body);
    Node paragraph = document.getFirstChild();
    if (!(paragraph instanceof Paragraph) || paragraph.getNext() != null) {
      return null;
    }
    List<List<Piece>> lines = Inlines.lines(paragraph, TextStyle.PLAIN);
    List<Piece> first = lines.get(0);
    Piece lead = first.get(0);
    if (lead.text().length() == LEAD.length()) {
      first.remove(0);
    } else {
      first.set(0, lead.withText(lead.text().substring(LEAD.length())));
    }
    return lines;
  }

  /** True if no opener is left unmatched: no literal delimiter outside code and links. */
  private static boolean closed(List<List<Piece>> lines) {
    for (List<Piece> line : lines) {
      for (Piece p : line) {
        if (p.style() == TextStyle.INLINE_CODE || p.style() == TextStyle.LINK) {
          continue;
        }
        String t = p.text();
        for (int i = 0; i < t.length(); i++) {
          char c = t.charAt(i);
          if (c == '*' || c == '`' || c == '[' || c == '<' || c == '_' && !intraword(t, i)) {
            return false;
          }
        }
      }
    }
    return true;
  }

  /** An underscore between letters or digits can neither open nor close emphasis. */
  private static boolean intraword(String t, int i) {
    return i > 0
        && i + 1 < t.length()
        && Character.isLetterOrDigit(t.charAt(i - 1))
        && Character.isLetterOrDigit(t.charAt(i + 1));
  }

  /** True if {@code line}, after a paragraph line, goes on with that paragraph. */
  static boolean continues(String line) {
    String t = line.strip();
    if (t.isEmpty()) {
      return false;
    }
    boolean ruleLike = true;
    for (int i = 0; i < t.length() && ruleLike; i++) {
      ruleLike = "-=|: \t".indexOf(t.charAt(i)) >= 0;
    }
    if (ruleLike) {
      return false;
    }
    // Every block that can interrupt a paragraph starts with a mark (# > - + * _ = | : ` ~ <, a
    // digit); a line led by a letter goes on with it. Most lines are, and a parse per line was
    // most of a frame while a long paragraph streamed in.
    if (Character.isLetter(t.codePointAt(0))) {
      return true;
    }
    return continuesByParsing(line);
  }

  /** What the parser says: {@code line} after a paragraph's line leaves one paragraph. */
  static boolean continuesByParsing(String line) {
    Node document = MarkdownParsing.parse(LEAD + "\n" + line);
    Node first = document.getFirstChild();
    return first instanceof Paragraph && first.getNext() == null;
  }

  private static String stripLeading(String text) {
    int i = 0;
    while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
      i++;
    }
    return text.substring(i);
  }
}

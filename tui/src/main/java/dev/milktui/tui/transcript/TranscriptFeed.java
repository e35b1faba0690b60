package dev.milktui.tui.transcript;

import dev.milktui.core.event.SessionEvent;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * Turns the session's text events into transcript paragraphs: one per (message, block), prompts and
 * notices each their own. Keeps the paragraphs of the running turn open for appending.
 */
public final class TranscriptFeed {
  private final Transcript transcript;
  private final Map<String, Paragraph> open = new HashMap<>();

  public TranscriptFeed(Transcript transcript) {
    this.transcript = transcript;
  }

  public void prompt(String text, boolean automatic) {
    transcript.add(Paragraph.Kind.USER, (automatic ? "↻ " : "> ") + text);
  }

  public void text(String messageId, int block, String text) {
    streamed(Paragraph.Kind.ASSISTANT, messageId, block, text);
  }

  public void thinking(String messageId, int block, String text) {
    streamed(Paragraph.Kind.THINKING, messageId, block, text);
  }

  private void streamed(Paragraph.Kind kind, String messageId, int block, String text) {
    String key = kind.name() + "\u0000" + messageId + "\u0000" + block;
    Paragraph p = open.get(key);
    if (p == null) {
      open.put(key, transcript.add(kind, text));
    } else {
      transcript.append(p, text);
    }
  }

  /** Drops a message's streamed text: its whole retry follows. */
  public void abandon(String messageId) {
    String marker = "\u0000" + messageId + "\u0000";
    Iterator<Map.Entry<String, Paragraph>> it = open.entrySet().iterator();
    while (it.hasNext()) {
      Map.Entry<String, Paragraph> entry = it.next();
      if (entry.getKey().contains(marker)) {
        transcript.remove(entry.getValue());
        it.remove();
      }
    }
  }

  public void notice(SessionEvent.Level level, String text) {
    Paragraph.Kind kind =
        switch (level) {
          case INFO -> Paragraph.Kind.INFO;
          case WARNING -> Paragraph.Kind.WARNING;
          case ERROR -> Paragraph.Kind.ERROR;
        };
    transcript.add(kind, "• " + text);
  }

  /** Starts again from an empty transcript ({@code /clear}). */
  public void clear() {
    open.clear();
    transcript.clear();
  }

  /** The turn ended: its paragraphs stop growing and give back spare memory. */
  public void endTurn() {
    for (Paragraph p : open.values()) {
      transcript.seal(p);
    }
    open.clear();
  }
}

package dev.milktui.core.testkit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * One scripted answer of {@link FakeAnthropicApi}. Reply N of a script answers every request that
 * already holds N assistant messages.
 */
public sealed interface Reply {

  /** A successful assistant message. */
  static Message text(String text) {
    return Message.of(new ReplyBlock.Text(text));
  }

  /** A message that calls one tool; add leading text with {@link Message#withText}. */
  static Message toolUse(String id, String name, Map<String, ?> input) {
    return Message.of(ReplyBlock.ToolUse.of(id, name, input));
  }

  /**
   * A message that starts with a thinking block; append the answer with {@link Message#andText}.
   */
  static Message thinking(String thinking) {
    return Message.of(
        new ReplyBlock.Thinking(thinking, "sig_fake_" + Integer.toHexString(thinking.hashCode())));
  }

  /** A message made from the request it answers: for what the CLI names there, like a path. */
  static FromRequest fromRequest(Function<RecordedRequest, Message> build) {
    return new FromRequest(build);
  }

  /** An HTTP error with the type's usual status (500 for {@link ErrorType#API_ERROR}). */
  static HttpError error(ErrorType type) {
    return error(type.defaultStatus(), type);
  }

  static HttpError error(int status, ErrorType type) {
    return new HttpError(status, type, type.defaultMessage(), true);
  }

  /**
   * Answers the first {@code times} attempts at this point with {@code error}, then {@code then}.
   */
  static FailingFirst failing(int times, HttpError error, Reply then) {
    return new FailingFirst(times, error, then);
  }

  /**
   * An assistant message.
   *
   * @param chunkDelay pause before each delta, so a test can act while the text streams
   * @param startDelay pause before the response headers, like a slow model
   */
  record Message(List<ReplyBlock> blocks, Duration chunkDelay, Duration startDelay)
      implements Reply {
    public Message {
      blocks = List.copyOf(blocks);
      if (blocks.isEmpty()) {
        throw new IllegalArgumentException("a message needs at least one block");
      }
      Objects.requireNonNull(chunkDelay, "chunkDelay");
      Objects.requireNonNull(startDelay, "startDelay");
    }

    static Message of(ReplyBlock block) {
      return new Message(List.of(block), Duration.ZERO, Duration.ZERO);
    }

    /** Puts text before the other blocks (the usual "I'll run this" before a tool call). */
    public Message withText(String text) {
      List<ReplyBlock> all = new ArrayList<>();
      all.add(new ReplyBlock.Text(text));
      all.addAll(blocks);
      return new Message(all, chunkDelay, startDelay);
    }

    public Message andText(String text) {
      return and(new ReplyBlock.Text(text));
    }

    public Message andToolUse(String id, String name, Map<String, ?> input) {
      return and(ReplyBlock.ToolUse.of(id, name, input));
    }

    public Message withChunkDelay(Duration delay) {
      return new Message(blocks, delay, startDelay);
    }

    public Message withStartDelay(Duration delay) {
      return new Message(blocks, chunkDelay, delay);
    }

    /** Streams {@code deltas} deltas, then an overloaded {@code event: error}; see BrokenStream. */
    public BrokenStream breakingAfter(int deltas) {
      return new BrokenStream(this, deltas);
    }

    /** {@code tool_use} when the model asks for a tool, else {@code end_turn}. */
    public String stopReason() {
      return blocks.stream().anyMatch(ReplyBlock.ToolUse.class::isInstance)
          ? "tool_use"
          : "end_turn";
    }

    private Message and(ReplyBlock block) {
      List<ReplyBlock> all = new ArrayList<>(blocks);
      all.add(block);
      return new Message(all, chunkDelay, startDelay);
    }
  }

  /**
   * An error response: {@code {"type":"error","error":{"type":...,"message":...}}}.
   *
   * @param retryable false adds {@code x-should-retry: false}, which stops the CLI's retries
   */
  record HttpError(int status, ErrorType type, String message, boolean retryable) implements Reply {
    public HttpError {
      if (status < 400 || status > 599) {
        throw new IllegalArgumentException("not an error status: " + status);
      }
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(message, "message");
    }

    public HttpError withMessage(String newMessage) {
      return new HttpError(status, type, newMessage, retryable);
    }

    public HttpError withoutRetry() {
      return new HttpError(status, type, message, false);
    }
  }

  /**
   * A streamed message that breaks after {@code deltasBeforeError} deltas with an overloaded {@code
   * event: error}. A non-streaming request (the CLI's fallback after a broken stream) gets the
   * whole message.
   */
  record BrokenStream(Message message, int deltasBeforeError) implements Reply {
    public BrokenStream {
      Objects.requireNonNull(message, "message");
      if (deltasBeforeError < 0) {
        throw new IllegalArgumentException("deltasBeforeError < 0");
      }
    }
  }

  /** The first {@code times} requests at this point get {@code error}, later ones {@code then}. */
  record FailingFirst(int times, HttpError error, Reply then) implements Reply {
    public FailingFirst {
      if (times < 1) {
        throw new IllegalArgumentException("times < 1");
      }
      Objects.requireNonNull(error, "error");
      Objects.requireNonNull(then, "then");
      if (then instanceof FailingFirst) {
        throw new IllegalArgumentException("nest the errors into one count instead");
      }
    }
  }

  /** A message made when its request arrives; see {@link #fromRequest}. */
  record FromRequest(Function<RecordedRequest, Message> build) implements Reply {}
}

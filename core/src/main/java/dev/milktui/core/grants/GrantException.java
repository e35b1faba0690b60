package dev.milktui.core.grants;

/** A grant could not be saved (unparsable or unwritable settings); the message says why. */
public class GrantException extends Exception {
  private static final long serialVersionUID = 1L;

  public GrantException(String message, Throwable cause) {
    super(message, cause);
  }

  public GrantException(String message) {
    super(message);
  }
}

package dev.milktui.tui.terminal;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.terminal.ansi.UnixTerminal;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The real terminal, made raw with one {@code stty} run instead of five. Lanterna runs stty once
 * per setting while it opens the terminal ({@code -g}, {@code -icanon}, {@code min 1}, {@code
 * -echo}, {@code intr undef}), each a process start before the first frame. Here the save runs as
 * it comes (its output is the user's settings, given back on exit); the others wait and go out
 * together with milk-tui's own in {@link #applyDeferred}. Once that ran, every stty call runs as it
 * comes. The size comes from {@code stty size} (see {@link Stty#size}).
 */
public final class SttyBatchingTerminal extends UnixTerminal
    implements SynchronizedUpdates.RawOutput {
  // No initialisers: Lanterna calls runSTTYCommand from the super constructor, before a field
  // initialiser would run (and would then reset what it recorded).
  private List<String> deferred;
  private String userSettings;
  private boolean applied;
  private final boolean utf8;

  public SttyBatchingTerminal(CtrlCBehaviour ctrlC) throws IOException {
    super(System.in, System.out, Charset.defaultCharset(), ctrlC);
    utf8 = Charset.defaultCharset().equals(StandardCharsets.UTF_8);
  }

  @Override
  protected String runSTTYCommand(String... parameters) throws IOException {
    boolean save = parameters.length == 1 && parameters[0].equals("-g");
    if (applied || save) {
      String out = super.runSTTYCommand(parameters);
      if (save && userSettings == null) {
        userSettings = out.strip();
      }
      return out;
    }
    if (deferred == null) {
      deferred = new ArrayList<>();
    }
    deferred.addAll(List.of(parameters));
    return "";
  }

  /** Each cell's text goes out as one UTF-8 sequence, emoji included (see {@link Utf8Output}). */
  @Override
  public void putString(String string) throws IOException {
    if (utf8) {
      writeToTerminal(Utf8Output.encode(string));
    } else {
      super.putString(string);
    }
  }

  @Override
  public void writeRaw(byte[] bytes) throws IOException {
    writeToTerminal(bytes);
  }

  @Override
  protected TerminalSize findTerminalSize() throws IOException {
    Optional<TerminalSize> size = Stty.size();
    return size.isPresent() ? size.get() : super.findTerminalSize();
  }

  /** The settings the user had before the terminal was opened, in {@code stty -g} form. */
  public Optional<String> userSettings() {
    return Optional.ofNullable(userSettings).filter(s -> !s.isEmpty());
  }

  /**
   * Applies Lanterna's raw mode and {@code more} in one stty run. Returns whether {@code more}
   * took; when the run fails, raw mode is applied alone.
   */
  public boolean applyDeferred(String... more) {
    List<String> raw = deferred == null ? List.of() : List.copyOf(deferred);
    applied = true;
    List<String> all = new ArrayList<>(raw);
    all.addAll(List.of(more));
    if (Stty.set(all.toArray(String[]::new))) {
      return true;
    }
    if (!raw.isEmpty()) {
      Stty.set(raw.toArray(String[]::new));
    }
    return false;
  }
}

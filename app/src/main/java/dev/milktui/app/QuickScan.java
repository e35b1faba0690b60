package dev.milktui.app;

import java.io.BufferedWriter;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code milk-tui scan} started without picocli when its arguments are only files and at most one
 * each of {@code --json} and {@code --example}: building the command line's model loads some 200
 * picocli classes that Java 17's class-data archive cannot hold (picocli is compiled for Java 5),
 * about half of a scan's start. Any other form (help, another option, an {@code @file}, {@code --},
 * no file) is left to picocli, which reads it as before.
 */
final class QuickScan {
  private final List<String> files;
  private final boolean json;
  private final boolean example;

  private QuickScan(List<String> files, boolean json, boolean example) {
    this.files = files;
    this.json = json;
    this.example = example;
  }

  /** The scan these arguments ask for, when they are in the simple form. */
  static Optional<QuickScan> of(String[] args) {
    if (args.length < 2 || !args[0].equals("scan")) {
      return Optional.empty();
    }
    List<String> files = new ArrayList<>();
    boolean json = false;
    boolean example = false;
    for (int i = 1; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--json") && !json) {
        json = true;
      } else if (arg.equals("--example") && !example) {
        example = true;
      } else if (arg.equals("-") || !(arg.startsWith("-") || arg.startsWith("@"))) {
        files.add(arg);
      } else {
        return Optional.empty();
      }
    }
    if (files.isEmpty() && !example) {
      return Optional.empty();
    }
    return Optional.of(new QuickScan(files, json, example));
  }

  /** Runs the scan on the standard streams, written as picocli writes them; the exit code. */
  int run() {
    PrintWriter out = writer(System.out, "sun.stdout.encoding");
    PrintWriter err = writer(System.err, "sun.stderr.encoding");
    return new ScanRun(json, out, err).run(files, example);
  }

  private static PrintWriter writer(OutputStream stream, String encodingProperty) {
    String encoding = System.getProperty(encodingProperty);
    Charset charset = encoding == null ? Charset.defaultCharset() : Charset.forName(encoding);
    return new PrintWriter(new BufferedWriter(new OutputStreamWriter(stream, charset)), true);
  }
}

package dev.milktui.core.testkit;

import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.LineSink;
import dev.milktui.core.protocol.MalformedLine;
import dev.milktui.core.protocol.NdjsonReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The recorded runs of the real CLI kept in this repository, under {@code recordings/} on the test
 * classpath (see {@code core/src/test/resources/recordings/README.md}). Every test that reads a
 * recording goes through here, and a missing one fails the test: recordings are evidence, never
 * optional.
 *
 * <p>A name is {@code NAME} for a recording of the pinned CLI ({@link #DEFAULT_FOLDER}) or {@code
 * claude-VERSION/NAME} for one of another version. Paths are plain files: when the recordings come
 * from core's test jar (tui and app tests), they are unpacked once into a temporary folder, so a
 * child process can read them too.
 */
public final class Recordings {
  /** The folder of the CLI version the recordings were made with. */
  public static final String DEFAULT_FOLDER = "claude-2.1.332";

  private static final String ROOT = "recordings";
  private static volatile Path root;

  private Recordings() {}

  /** The stdout recording {@code NAME.ndjson}. */
  public static Path ndjson(String name) {
    return file(name, ".ndjson");
  }

  /** What the host wrote to claude's stdin, {@code NAME.stdin.jsonl}. */
  public static Path stdin(String name) {
    return file(name, ".stdin.jsonl");
  }

  /** Whether the recording has what the host wrote to claude's stdin ({@link #stdin}). */
  public static boolean hasStdin(String name) {
    return Files.isRegularFile(root().resolve(relative(name) + ".stdin.jsonl"));
  }

  /** A session file Claude kept of a recorded run, {@code NAME.jsonl}. */
  public static Path sessionFile(String name) {
    return file(name, ".jsonl");
  }

  /** What claude wrote to stderr, {@code NAME.stderr.txt}. */
  public static Path stderr(String name) {
    return file(name, ".stderr.txt");
  }

  /** Every stdout recording's name, sorted: the pinned version's bare, others with their folder. */
  public static List<String> names() {
    try (Stream<Path> files = Files.walk(root())) {
      return files
          .filter(Files::isRegularFile)
          .map(p -> root().relativize(p).toString().replace('\\', '/'))
          .filter(n -> n.endsWith(".ndjson"))
          .map(n -> n.substring(0, n.length() - ".ndjson".length()))
          .map(
              n ->
                  n.startsWith(DEFAULT_FOLDER + "/") ? n.substring(DEFAULT_FOLDER.length() + 1) : n)
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every message of a recording, through the real reader; fails on a malformed line. */
  public static List<CliMessage> messages(String name) {
    try (InputStream in = Files.newInputStream(ndjson(name))) {
      return messages(name, in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every message of {@code in}, through the real reader; fails on a malformed line. */
  public static List<CliMessage> messages(String name, InputStream in) {
    List<CliMessage> messages = new ArrayList<>();
    new NdjsonReader(
            in,
            new LineSink() {
              @Override
              public void message(CliMessage message) {
                messages.add(message);
              }

              @Override
              public void malformed(MalformedLine line) {
                throw new AssertionError(name + ": malformed line " + line);
              }

              @Override
              public void end(IOException failure) {
                if (failure != null) {
                  throw new UncheckedIOException(failure);
                }
              }
            })
        .run();
    return messages;
  }

  private static String relative(String name) {
    return name.contains("/") ? name : DEFAULT_FOLDER + "/" + name;
  }

  private static Path file(String name, String suffix) {
    String relative = relative(name);
    Path file = root().resolve(relative + suffix);
    if (!Files.isRegularFile(file)) {
      throw new IllegalStateException(
          "recording "
              + ROOT
              + "/"
              + relative
              + suffix
              + " is missing from the test classpath (core/src/test/resources/"
              + ROOT
              + ")");
    }
    return file;
  }

  private static Path root() {
    Path found = root;
    if (found == null) {
      synchronized (Recordings.class) {
        if (root == null) {
          root = locate();
        }
        found = root;
      }
    }
    return found;
  }

  private static Path locate() {
    URL readme = Recordings.class.getResource("/" + ROOT + "/README.md");
    if (readme == null) {
      throw new IllegalStateException(
          ROOT + "/README.md is not on the test classpath: core's test resources are missing");
    }
    try {
      URI uri = readme.toURI();
      if ("file".equals(uri.getScheme())) {
        return Path.of(uri).getParent();
      }
      return unpack(uri);
    } catch (URISyntaxException | IOException e) {
      throw new IllegalStateException("cannot read the recordings at " + readme, e);
    }
  }

  /** Copies the recordings out of a jar into a temporary folder removed when the JVM exits. */
  private static Path unpack(URI inJar) throws IOException {
    Path target = Files.createTempDirectory("milk-tui-recordings");
    try (FileSystem jar = FileSystems.newFileSystem(inJar, Map.of());
        Stream<Path> entries = Files.walk(jar.getPath("/" + ROOT))) {
      Path source = jar.getPath("/" + ROOT);
      for (Path entry : (Iterable<Path>) entries::iterator) {
        Path copy = target.resolve(source.relativize(entry).toString());
        if (Files.isDirectory(entry)) {
          Files.createDirectories(copy);
        } else {
          Files.copy(entry, copy, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    Runtime.getRuntime()
        .addShutdownHook(new Thread(() -> deleteQuietly(target), "recordings-cleanup"));
    return target;
  }

  private static void deleteQuietly(Path folder) {
    try (Stream<Path> paths = Files.walk(folder)) {
      paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(Recordings::delete);
    } catch (IOException e) {
      // A temporary folder left behind is harmless; the JVM is exiting.
    }
  }

  private static void delete(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      // As above: best effort at exit.
    }
  }
}

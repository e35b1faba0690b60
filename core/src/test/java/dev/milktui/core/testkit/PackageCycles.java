package dev.milktui.core.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The packages of a source tree that import each other in a loop, read from the import lines (what
 * {@code jdeps -verbose:package} finds on the classes, without building them).
 */
public final class PackageCycles {
  private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
  private static final Pattern IMPORT =
      Pattern.compile(
          "^import (?:static )?((?:[a-z]\\w*\\.)*[a-z]\\w*)\\.[A-Z]\\w*(?:\\.[\\w*]+)*;",
          Pattern.MULTILINE);

  private PackageCycles() {}

  /** Every loop among the packages under {@code prefix}, each as its sorted package names. */
  public static List<Set<String>> in(Path sources, String prefix) {
    Map<String, Set<String>> imports = new TreeMap<>();
    try (Stream<Path> files = Files.walk(sources)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String text = Files.readString(file);
        Matcher pkg = PACKAGE.matcher(text);
        if (!pkg.find()) {
          continue;
        }
        Set<String> targets = imports.computeIfAbsent(pkg.group(1), p -> new TreeSet<>());
        Matcher imported = IMPORT.matcher(text);
        while (imported.find()) {
          String target = imported.group(1);
          if (target.startsWith(prefix) && !target.equals(pkg.group(1))) {
            targets.add(target);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Loops(imports).find();
  }

  /** Tarjan's strongly connected components, those of more than one package. */
  private static final class Loops {
    private final Map<String, Set<String>> edges;
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> low = new HashMap<>();
    private final Deque<String> stack = new ArrayDeque<>();
    private final Set<String> onStack = new HashSet<>();
    private final List<Set<String>> found = new ArrayList<>();

    Loops(Map<String, Set<String>> edges) {
      this.edges = edges;
    }

    List<Set<String>> find() {
      for (String node : edges.keySet()) {
        if (!index.containsKey(node)) {
          visit(node);
        }
      }
      return found;
    }

    private void visit(String node) {
      index.put(node, index.size());
      low.put(node, index.get(node));
      stack.push(node);
      onStack.add(node);
      for (String next : edges.getOrDefault(node, Set.of())) {
        if (!index.containsKey(next)) {
          visit(next);
          low.put(node, Math.min(low.get(node), low.get(next)));
        } else if (onStack.contains(next)) {
          low.put(node, Math.min(low.get(node), index.get(next)));
        }
      }
      if (low.get(node).equals(index.get(node))) {
        Set<String> component = new TreeSet<>();
        String member;
        do {
          member = stack.pop();
          onStack.remove(member);
          component.add(member);
        } while (!member.equals(node));
        if (component.size() > 1) {
          found.add(component);
        }
      }
    }
  }
}

package dev.milktui.core.why;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which rule decides a tool call and how, in claude's order (WhyRealCliIT holds it to the pinned
 * CLI): any deny rule that matches (the whole tool, or the call's content: one part of a compound
 * command, the file, the domain), then any ask rule that matches; then what the tool allows by
 * itself (reading inside the folders claude works in, read-only commands, editing there in
 * acceptEdits) and the allow rules; else claude asks.
 */
public final class CallExplainer {

  /** Tools whose calls {@code Read(...)} path rules decide. */
  static final Set<String> READ_TOOLS = Set.of("Read", "Glob", "Grep", "NotebookRead", "LS");

  /** Tools whose calls {@code Edit(...)} path rules decide. */
  static final Set<String> EDIT_TOOLS = Set.of("Edit", "Write", "MultiEdit", "NotebookEdit");

  private static final String ACCEPT_EDITS = "acceptEdits";

  private final PermissionSetup setup;

  public CallExplainer(PermissionSetup setup) {
    this.setup = setup;
  }

  public PermissionSetup setup() {
    return setup;
  }

  public Explanation explain(String tool, JsonNode input) {
    List<String> notes = new ArrayList<>(setup.notes());
    if (setup.mode().equals("plan")) {
      notes.add(
          "in plan mode claude also keeps the model from changing anything until the plan is"
              + " approved; this answer is the default mode's");
    }
    Call call = call(tool, input, notes);
    Optional<SourcedRule> rule =
        first(setup.deny(), r -> toolWide(r, tool) || call.denies().test(r));
    if (rule.isPresent() && deniesOnlyAPartOfAPipe(tool, input, rule.get())) {
      // WhyRealCliIT: `echo hi | touch a.txt` under a deny rule for touch asked (seed 777777) and
      // was refused (seed 424242); which one, this explanation cannot tell.
      return new Explanation(
          Verdict.ASK_OR_DENY,
          rule,
          rule.get().describe()
              + " matches one part of this pipe: claude refuses it or asks, by checks of its own",
          notes);
    }
    if (rule.isPresent()) {
      return decided(Verdict.DENY, rule.get(), notes);
    }
    rule = first(setup.ask(), r -> toolWide(r, tool) || call.matches().test(r));
    if (rule.isPresent()) {
      return decided(Verdict.ASK, rule.get(), notes);
    }
    Optional<String> itself = call.allowedByItself();
    if (itself.isPresent()) {
      return new Explanation(Verdict.ALLOW, Optional.empty(), itself.get(), notes);
    }
    rule = first(setup.allow(), r -> toolWide(r, tool));
    if (rule.isPresent()) {
      return decided(Verdict.ALLOW, rule.get(), notes);
    }
    rule = first(setup.allow(), call.allows());
    if (rule.isPresent()) {
      return decided(Verdict.ALLOW, rule.get(), notes);
    }
    Optional<Explanation> parts = call.allowedInParts();
    if (parts.isPresent()) {
      return parts.get();
    }
    return new Explanation(Verdict.ASK, Optional.empty(), "no rule: claude asks", notes);
  }

  private static boolean deniesOnlyAPartOfAPipe(String tool, JsonNode input, SourcedRule rule) {
    if (!tool.equals("Bash") || rule.rule().content().isEmpty()) {
      return false;
    }
    String command = input.path("command").asText("");
    return BashRules.hasPipe(command) && !BashRules.matches(rule.rule().content().get(), command);
  }

  /**
   * One call as its tool's rules see it.
   *
   * @param matches whether a rule with content matches this call
   * @param denies whether a deny rule with content denies it (more than {@code matches} for edits)
   * @param allows whether an allow rule with content allows all of it (a compound command: see
   *     {@code allowedInParts})
   * @param allowedByItself why the tool runs it without any rule, if it does
   * @param allowedInParts for a compound command: allowed when every part is
   */
  private record Call(
      Predicate<SourcedRule> matches,
      Predicate<SourcedRule> denies,
      Predicate<SourcedRule> allows,
      Optional<String> allowedByItself,
      Optional<Explanation> allowedInParts) {}

  private Call call(String tool, JsonNode input, List<String> notes) {
    if (tool.equals("Bash")) {
      return bash(input.path("command").asText(""), notes);
    }
    if (READ_TOOLS.contains(tool) || EDIT_TOOLS.contains(tool)) {
      return file(tool, input);
    }
    if (tool.equals("WebFetch")) {
      return webFetch(input.path("url").asText(""));
    }
    if (hasContentRules(tool)) {
      notes.add("rules with content for " + tool + " are not read by this explanation");
    }
    return new Call(r -> false, r -> false, r -> false, Optional.empty(), Optional.empty());
  }

  private Call bash(String command, List<String> notes) {
    List<String> parts = BashRules.parts(command);
    Predicate<SourcedRule> anyPart =
        r ->
            contentOf(r, "Bash")
                .filter(
                    c ->
                        BashRules.matches(c, command)
                            || parts.stream().anyMatch(p -> BashRules.matches(c, p)))
                .isPresent();
    List<BashCommands.Kind> kinds = parts.stream().map(this::kind).toList();
    Optional<String> itself =
        !parts.isEmpty() && kinds.stream().allMatch(k -> k == BashCommands.Kind.RUNS)
            ? Optional.of(
                (acceptEdits()
                        ? "claude runs read-only commands, and in acceptEdits file commands"
                            + " (mkdir, touch, rm, rmdir, mv, cp) inside the working directory,"
                        : "claude runs read-only commands")
                    + " without asking ("
                    + String.join("; ", parts)
                    + ")")
            : Optional.empty();
    // A prefix or wildcard allows a simple command; a compound one only as its exact text, else
    // part by part (GrantsRealCliIT: `touch made:*` does not allow `touch made && touch other`).
    Predicate<SourcedRule> whole =
        r ->
            contentOf(r, "Bash")
                .filter(
                    c ->
                        parts.size() <= 1
                            ? BashRules.matches(c, command)
                            : c.equals(command.strip()))
                .isPresent();
    return new Call(anyPart, anyPart, whole, itself, allowedInParts(parts, notes));
  }

  private BashCommands.Kind kind(String part) {
    return BashCommands.kind(part, acceptEdits());
  }

  private boolean acceptEdits() {
    return setup.mode().equals(ACCEPT_EDITS);
  }

  private Optional<Explanation> allowedInParts(List<String> parts, List<String> notes) {
    List<SourcedRule> covering = new ArrayList<>();
    List<String> uncovered = new ArrayList<>();
    List<String> checked = new ArrayList<>();
    for (String part : parts) {
      Optional<SourcedRule> allowing =
          first(
              setup.allow(),
              r -> contentOf(r, "Bash").filter(c -> BashRules.matches(c, part)).isPresent());
      if (allowing.isPresent()) {
        covering.add(allowing.get());
      } else if (kind(part) == BashCommands.Kind.MAYBE) {
        checked.add(part);
      } else if (kind(part) == BashCommands.Kind.NEEDS_RULE) {
        uncovered.add(part);
      }
    }
    if (!parts.isEmpty() && uncovered.isEmpty() && !checked.isEmpty()) {
      return Optional.of(
          new Explanation(
              Verdict.ASK_OR_ALLOW,
              Optional.empty(),
              "claude runs "
                  + String.join("; ", checked)
                  + " without asking only if its own read-only or working-directory checks pass"
                  + " (each option and path); no rule decides it",
              notes));
    }
    if (!parts.isEmpty() && uncovered.isEmpty() && !covering.isEmpty()) {
      List<String> partNotes = new ArrayList<>(notes);
      partNotes.add(
          "each part is allowed: "
              + String.join("; ", covering.stream().map(SourcedRule::describe).toList()));
      return Optional.of(decided(Verdict.ALLOW, covering.get(0), partNotes));
    }
    if (!covering.isEmpty()) {
      notes.add("no allow rule covers: " + String.join("; ", uncovered));
    }
    return Optional.empty();
  }

  private Call file(String tool, JsonNode input) {
    Optional<Path> path = pathOf(tool, input);
    if (path.isEmpty()) {
      return new Call(r -> false, r -> false, r -> false, Optional.empty(), Optional.empty());
    }
    Path file = path.get();
    boolean editing = EDIT_TOOLS.contains(tool);
    String kind = editing ? "Edit" : "Read";
    Predicate<SourcedRule> matching = r -> pathRuleMatches(r, kind, file);
    // A file claude may not read it may not edit either: Read's deny rules deny edits too.
    Predicate<SourcedRule> denying =
        editing
            ? matching.or(r -> pathRuleMatches(r, "Read", file) || toolWide(r, "Read"))
            : matching;
    Optional<String> itself = Optional.empty();
    if (setup.inWorkingDirectories(file) && (!editing || setup.mode().equals(ACCEPT_EDITS))) {
      itself =
          Optional.of(
              editing
                  ? "in acceptEdits claude edits files in the folders it works in (" + file + ")"
                  : "claude reads files in the folders it works in (" + file + ")");
    }
    return new Call(matching, denying, matching, itself, Optional.empty());
  }

  private boolean pathRuleMatches(SourcedRule rule, String kind, Path file) {
    return contentOf(rule, kind)
        .filter(
            c ->
                PathRules.matches(
                    c, file, rule.origin().root(), setup.workingDirectory(), setup.home()))
        .isPresent();
  }

  private Optional<Path> pathOf(String tool, JsonNode input) {
    for (String key : List.of("file_path", "notebook_path", "path")) {
      JsonNode value = input.path(key);
      if (value.isTextual() && !value.asText().isEmpty()) {
        return Optional.of(resolve(value.asText()));
      }
    }
    return tool.equals("Glob") || tool.equals("Grep") || tool.equals("LS")
        ? Optional.of(setup.workingDirectory())
        : Optional.empty();
  }

  private Path resolve(String path) {
    Path given =
        path.equals("~") || path.startsWith("~/")
            ? Path.of(setup.home() + path.substring(1))
            : Path.of(path);
    return setup.workingDirectory().resolve(given).toAbsolutePath().normalize();
  }

  private Call webFetch(String url) {
    Optional<String> host = host(url);
    Predicate<SourcedRule> matching =
        r ->
            host.isPresent()
                && contentOf(r, "WebFetch")
                    .filter(c -> c.startsWith("domain:"))
                    .filter(c -> domainMatches(c.substring("domain:".length()), host.get()))
                    .isPresent();
    return new Call(matching, matching, matching, Optional.empty(), Optional.empty());
  }

  /** {@code example.com} is that host only; {@code *.example.com} its subdomains. */
  static boolean domainMatches(String domain, String host) {
    String wanted = domain.toLowerCase(Locale.ROOT);
    if (wanted.startsWith("*.")) {
      return host.endsWith(wanted.substring(1));
    }
    return host.equals(wanted);
  }

  private static Optional<String> host(String url) {
    try {
      return Optional.ofNullable(URI.create(url).getHost()).map(h -> h.toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private boolean hasContentRules(String tool) {
    return List.of(setup.deny(), setup.ask(), setup.allow()).stream()
        .flatMap(List::stream)
        .anyMatch(r -> r.rule().toolName().equals(tool) && r.rule().content().isPresent());
  }

  /**
   * Whether {@code rule} names the whole tool: exactly its name ({@code Edit} is not {@code
   * Write}), or for an MCP tool ({@code mcp__server__tool}) its server ({@code mcp__server}, {@code
   * mcp__server__*}).
   */
  static boolean toolWide(SourcedRule rule, String tool) {
    if (rule.rule().content().isPresent()) {
      return false;
    }
    String name = rule.rule().toolName();
    if (name.equals(tool)) {
      return true;
    }
    if (!name.startsWith("mcp__") || !tool.startsWith("mcp__")) {
      return false;
    }
    String server = name.endsWith("__*") ? name.substring(0, name.length() - 3) : name;
    return server.indexOf("__", 5) < 0 && tool.startsWith(server + "__");
  }

  private static Optional<String> contentOf(SourcedRule rule, String tool) {
    return rule.rule().toolName().equals(tool) ? rule.rule().content() : Optional.empty();
  }

  private static Optional<SourcedRule> first(List<SourcedRule> rules, Predicate<SourcedRule> test) {
    return rules.stream().filter(test).findFirst();
  }

  private static Explanation decided(Verdict verdict, SourcedRule rule, List<String> notes) {
    return new Explanation(verdict, Optional.of(rule), rule.describe(), notes);
  }
}

package dev.milktui.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.grants.AlwaysAsk;
import dev.milktui.core.grants.ClaudeToolNames;
import dev.milktui.core.grants.PermissionRule;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.session.LaunchSpec;
import dev.milktui.core.session.PermissionModes;
import dev.milktui.core.text.TerminalSafeJson;
import dev.milktui.core.why.CallExplainer;
import dev.milktui.core.why.Explanation;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code milk-tui why TOOL INPUT-JSON}: which settings decide that call in a milk-tui session and
 * how — allow, ask or deny, and the rule and file that decide it (core's {@link CallExplainer}).
 */
@Command(
    name = "why",
    mixinStandardHelpOptions = true,
    description = {
      "Says whether claude, launched by milk-tui, would run a tool call, ask first or deny it, and"
          + " which rule in which file decides: the deny, ask and allow rules of the user, project"
          + " and local settings, --settings, milk-tui's baseline and always-ask list, workspace"
          + " trust, the working folders and the permission mode.",
      "Example: milk-tui why Bash '{\"command\":\"git push -f\"}'",
      "Exit codes: 0 answered, 1 refused (bad JSON, unknown tool, missing folder), 2 usage."
    })
public final class WhyCommand implements Callable<Integer> {

  private final Environment environment;

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "TOOL", description = "the tool, e.g. Bash, Read, Edit")
  String tool;

  @Parameters(
      index = "1",
      paramLabel = "INPUT-JSON",
      description = "the call's input as a JSON object, e.g. '{\"file_path\":\"src/a.txt\"}'")
  String input;

  @Option(
      names = "--cwd",
      paramLabel = "DIR",
      description = "claude's working directory (default: the current directory)")
  Path cwd;

  @Option(
      names = "--permission-mode",
      paramLabel = "MODE",
      completionCandidates = MilkTuiCommand.PermissionModes.class,
      description = "the mode: ${COMPLETION-CANDIDATES} (default: default)")
  String mode = PermissionModes.DEFAULT;

  @Option(names = "--no-baseline", description = "as milk-tui --no-baseline")
  boolean noBaseline;

  @Option(
      names = "--allowed-tools",
      split = ",",
      paramLabel = "RULE",
      description = "as milk-tui --allowed-tools")
  List<String> allowedTools = new ArrayList<>();

  @Option(names = "--add-dir", paramLabel = "DIR", description = "as milk-tui --add-dir")
  List<Path> addDirs = new ArrayList<>();

  @Option(
      names = "--settings",
      paramLabel = "FILE",
      description = "as milk-tui --settings: a settings file claude gets with --settings")
  Path settingsFile;

  @Option(
      names = "--json",
      description =
          "one JSON object: {\"verdict\":\"allow|ask|deny|ask or allow|ask or deny\",\"because\":…,\"rule\":…,\"layer\":…,"
              + "\"file\":…,\"notes\":[…]}; controls escaped")
  boolean json;

  public WhyCommand() {
    this(Environment.system());
  }

  WhyCommand(Environment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    List<String> problems = problems();
    if (!problems.isEmpty()) {
      return Refusal.print(spec, problems.stream().map(GrantsSubcommand::safe).toList());
    }
    JsonNode call;
    try {
      call = Json.mapper().readTree(input);
    } catch (JsonProcessingException e) {
      return Refusal.print(
          spec, "INPUT-JSON is not JSON: " + GrantsSubcommand.safe(e.getOriginalMessage()));
    }
    if (call == null || !call.isObject()) {
      return Refusal.print(spec, "INPUT-JSON must be a JSON object, e.g. {\"command\":\"ls\"}");
    }
    Path workingDirectory = workingDirectory();
    AlwaysAsk.Rules asks;
    try {
      asks = AlwaysAsk.load(AlwaysAskFile.of(environment));
    } catch (SettingsException e) {
      return Refusal.print(spec, GrantsSubcommand.safe(e.getMessage()));
    }
    LaunchSpec launch;
    try {
      launch =
          LaunchSpec.builder(Path.of("claude"), workingDirectory)
              .permissionMode(mode)
              .baseline(!noBaseline)
              .allowedTools(allowedTools)
              .extraDirectories(addDirs)
              .settingsFile(settingsFile == null ? null : settingsFile.toAbsolutePath())
              .askRules(asks.rules())
              .environment(environment.variables())
              .build();
    } catch (IllegalArgumentException e) {
      return Refusal.print(spec, GrantsSubcommand.safe(e.getMessage()));
    }
    Explanation explanation =
        SessionCallExplainer.explain(environment, launch, asks.file(), tool, call);
    if (json) {
      out.println(TerminalSafeJson.write(json(explanation)));
    } else {
      out.println(GrantsSubcommand.safe(explanation.summary()));
      explanation.notes().forEach(note -> out.println("  note: " + GrantsSubcommand.safe(note)));
    }
    out.flush();
    return 0;
  }

  private List<String> problems() {
    List<String> problems = new ArrayList<>();
    if (!PermissionRule.isToolName(tool)) {
      problems.add("\"" + tool + "\" is not a tool name");
    } else {
      ClaudeToolNames.unknownTool(PermissionRule.toolWide(tool)).ifPresent(problems::add);
    }
    if (!Files.isDirectory(workingDirectory())) {
      problems.add("no such folder: " + workingDirectory());
    }
    if (!PermissionModes.chosen(mode)) {
      problems.add(
          "unknown permission mode "
              + mode
              + " (one of "
              + String.join(", ", PermissionModes.CHOSEN)
              + ")");
    }
    if (settingsFile != null && !Files.isRegularFile(settingsFile)) {
      problems.add("no such settings file: " + settingsFile);
    }
    return problems;
  }

  private Path workingDirectory() {
    return (cwd == null ? Path.of("") : cwd).toAbsolutePath().normalize();
  }

  private static ObjectNode json(Explanation explanation) {
    ObjectNode object = Json.object();
    object.put("verdict", explanation.verdict().word());
    object.put("because", explanation.because());
    explanation
        .rule()
        .ifPresent(
            rule -> {
              object.put("rule", rule.text());
              object.put("layer", rule.origin().name());
              rule.origin().file().ifPresent(file -> object.put("file", file.toString()));
            });
    explanation.notes().forEach(object.withArray("notes")::add);
    return object;
  }
}

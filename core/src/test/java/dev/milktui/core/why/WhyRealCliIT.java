package dev.milktui.core.why;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.grants.AlwaysAsk;
import dev.milktui.core.protocol.HostMessages;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.session.LaunchSpec;
import dev.milktui.core.testkit.ClaudeSandbox;
import dev.milktui.core.testkit.CliRun;
import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.RealClaude;
import dev.milktui.core.testkit.Reply;
import dev.milktui.core.testkit.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code milk-tui why} against the real pinned CLI: generated rule sets (user, project, local and
 * {@code --settings} files, trust, mode, milk-tui's baseline and always-ask list) and generated
 * calls; one claude per rule set, launched as milk-tui launches it, makes the calls one after the
 * other; each call is seen to run, to ask (a {@code can_use_tool} request, answered with a denial
 * so nothing runs) or to be denied, and {@link CallExplainer} must have said the same ("ask or
 * allow" admits either). Seeded, with a fixed default seed: {@code -Dwhy.seed=N} explores others;
 * {@code -Dwhy.rounds=N} sets how many rule sets and {@code -Dwhy.first=N} the first one (rule set
 * R uses the seed plus R).
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class WhyRealCliIT {
  private static final Duration TURN = Duration.ofSeconds(60);
  private static final String ASKED = "why-it answered no";

  /** CI runs the same rule sets every time; {@code -Dwhy.seed=N} explores others. */
  private static final long DEFAULT_SEED = 19646823051040L;

  @Test
  void whySaysWhatTheRealCliDoesForGeneratedRulesAndCalls() throws Exception {
    long seed = Long.getLong("why.seed", DEFAULT_SEED);
    int rounds = Integer.getInteger("why.rounds", 8);
    List<String> disagreements = new ArrayList<>();
    int calls = 0;
    int firstRound = Integer.getInteger("why.first", 0);
    for (int round = firstRound; round < firstRound + rounds; round++) {
      Random random = new Random(seed + round);
      try (ClaudeSandbox sandbox = ClaudeSandbox.create()) {
        calls += new Round(sandbox, random).run(disagreements, "round " + round);
      }
    }
    System.out.println("why: seed " + seed + ", " + rounds + " rule sets, " + calls + " calls");
    assertThat(disagreements).as("seed %d (-Dwhy.seed=%d repeats it)", seed, seed).isEmpty();
  }

  /** One rule set and the calls made under it. */
  private static final class Round {
    private final ClaudeSandbox sandbox;
    private final Random random;
    private final Path work;
    private final Path outside;
    private int names;

    Round(ClaudeSandbox sandbox, Random random) {
      this.sandbox = sandbox;
      this.random = random;
      this.work = sandbox.workDir();
      this.outside = sandbox.root().resolve("outside");
    }

    private void prepare() throws Exception {
      Files.createDirectories(work.resolve("src"));
      Files.createDirectories(work.resolve("d1"));
      Files.createDirectories(outside);
      Files.writeString(work.resolve("src/a.txt"), "alpha\n");
      Files.writeString(work.resolve("notes.env"), "KEY=1\n");
      Files.writeString(outside.resolve("o.txt"), "outside\n");
      Files.writeString(sandbox.home().resolve("h.txt"), "home\n");
      Files.writeString(work.resolve("a.txt"), "a\n");
    }

    int run(List<String> disagreements, String label) throws Exception {
      prepare();

      Map<String, String> files = new LinkedHashMap<>();
      files.put("user", settings(sandbox.configDir().resolve("settings.json")));
      files.put("project", settings(work.resolve(".claude/settings.json")));
      files.put("local", settings(work.resolve(".claude/settings.local.json")));
      boolean trusted = random.nextBoolean();
      if (trusted) {
        Files.writeString(
            sandbox.configDir().resolve(".claude.json"),
            "{\"projects\":{"
                + Json.mapper().writeValueAsString(work.toString())
                + ":{\"hasTrustDialogAccepted\":true}}}");
      }
      Optional<Path> named = Optional.empty();
      if (random.nextInt(3) == 0) {
        Path file = sandbox.root().resolve("named-settings.json");
        files.put("--settings", settings(file));
        named = Optional.of(file);
      }
      String mode = random.nextBoolean() ? "default" : "acceptEdits";
      boolean baseline = random.nextInt(3) == 0;
      List<String> askRules = random.nextBoolean() ? AlwaysAsk.DEFAULT_RULES : List.of();
      LaunchSpec spec =
          LaunchSpec.builder(RealClaude.binary(), work)
              .permissionMode(mode)
              .baseline(baseline)
              .askRules(askRules)
              .settingsFile(named.orElse(null))
              .build();

      PermissionSetup setup =
          new SettingsGathering(
                  Map.of("CLAUDE_CONFIG_DIR", sandbox.configDir().toString()), sandbox.home())
              .gather(work, work, SettingsGathering.Launch.of(spec, Optional.empty()));
      CallExplainer explainer = new CallExplainer(setup);

      List<Call> planned = new ArrayList<>();
      int count = 5 + random.nextInt(3);
      for (int i = 0; i < count; i++) {
        planned.add(call("toolu_why_" + i));
      }
      List<Reply> script = new ArrayList<>();
      planned.forEach(c -> script.add(Reply.toolUse(c.id(), c.tool(), c.input())));
      script.add(Reply.text("Done."));

      Map<String, Verdict> seen;
      Map<String, String> results = new LinkedHashMap<>();
      try (FakeAnthropicApi api = FakeAnthropicApi.start(script);
          CliRun claude = start(api, spec)) {
        claude.sendUserMessage("Go");
        seen = observe(claude, api);
        api.toolResults().forEach(r -> results.put(r.toolUseId(), r.content()));
        claude.closeStdin();
      }
      String context =
          label
              + ": mode "
              + mode
              + ", baseline "
              + baseline
              + ", always-ask "
              + !askRules.isEmpty()
              + ", trusted "
              + trusted
              + ", files "
              + files;
      for (Call call : planned) {
        Explanation explanation =
            explainer.explain(call.tool(), Json.mapper().valueToTree(call.input()));
        Verdict real = seen.get(call.id());
        if (!explanation.verdict().admits(real)) {
          disagreements.add(
              context
                  + "\n  "
                  + call.tool()
                  + " "
                  + call.input()
                  + ": claude "
                  + real
                  + " ("
                  + results.getOrDefault(call.id(), "asked")
                  + "), why says "
                  + explanation.summary()
                  + " "
                  + explanation.notes());
        }
      }
      return planned.size();
    }

    private CliRun start(FakeAnthropicApi api, LaunchSpec spec) {
      List<String> argv = spec.command(Optional.empty());
      return CliRun.start(
          sandbox.processBuilder(
              api.baseUrl(), argv.subList(1, argv.size()).toArray(String[]::new)));
    }

    /** Answers every ask with a denial until the turn's result; then what happened to each call. */
    private Map<String, Verdict> observe(CliRun claude, FakeAnthropicApi api) {
      Set<String> answered = new HashSet<>();
      Map<String, Verdict> seen = new LinkedHashMap<>();
      while (true) {
        JsonNode line =
            claude.awaitLine(
                l ->
                    CliRun.isType("result", null).test(l)
                        || (CliRun.isType("control_request", null).test(l)
                            && l.path("request").path("subtype").asText().equals("can_use_tool")
                            && !answered.contains(l.path("request_id").asText())),
                TURN);
        if (line.path("type").asText().equals("result")) {
          break;
        }
        answered.add(line.path("request_id").asText());
        seen.put(line.path("request").path("tool_use_id").asText(), Verdict.ASK);
        claude.send(readTree(HostMessages.deny(line.path("request_id").asText(), ASKED, false)));
      }
      for (ToolResult result : api.toolResults()) {
        if (seen.containsKey(result.toolUseId())) {
          continue;
        }
        boolean denied =
            result.isError()
                && (result.content().contains("denied")
                    || result.content().contains("ermission")
                    || result.content().contains("No such tool available"));
        seen.put(result.toolUseId(), denied ? Verdict.DENY : Verdict.ALLOW);
      }
      return seen;
    }

    private String settings(Path file) throws Exception {
      Map<String, List<String>> permissions = new LinkedHashMap<>();
      for (String list : List.of("allow", "ask", "deny")) {
        List<String> rules = new ArrayList<>();
        int count = random.nextInt(list.equals("allow") ? 4 : 2);
        for (int i = 0; i < count; i++) {
          rules.add(rule());
        }
        if (!rules.isEmpty()) {
          permissions.put(list, rules);
        }
      }
      if (permissions.isEmpty()) {
        return "none";
      }
      Files.createDirectories(file.getParent());
      String json = Json.mapper().writeValueAsString(Map.of("permissions", permissions));
      Files.writeString(file, json);
      return json;
    }

    private String rule() {
      List<String> rules =
          List.of(
              "Bash",
              "Bash(touch:*)",
              "Bash(touch a.txt)",
              "Bash(touch *)",
              "Bash(touch b*)",
              "Bash(mkdir:*)",
              "Bash(mkdir -p d1)",
              "Bash(* a.txt)",
              "Bash(echo:*)",
              "Bash(ls *)",
              "Bash(ls)",
              "Bash(touch a.txt:*)",
              "Read",
              "Read(./src/**)",
              "Read(*.env)",
              "Read(/" + outside + "/**)",
              "Read(~/h.txt)",
              "Read(/src/**)",
              "Read(src/*.txt)",
              "Edit",
              "Write",
              "Edit(./src/**)",
              "Edit(*.env)",
              "Edit(/" + outside + "/**)",
              "Edit(/src/**)");
      return rules.get(random.nextInt(rules.size()));
    }

    private Call call(String id) {
      int n = ++names;
      return switch (random.nextInt(12)) {
        case 0, 1, 2, 3 -> bash(id);
        case 4 -> new Call(id, "Read", Map.of("file_path", work.resolve("src/a.txt").toString()));
        case 5 -> new Call(id, "Read", Map.of("file_path", work.resolve("notes.env").toString()));
        case 6 -> new Call(id, "Read", Map.of("file_path", outside.resolve("o.txt").toString()));
        case 7 ->
            new Call(id, "Read", Map.of("file_path", sandbox.home().resolve("h.txt").toString()));
        case 8 -> write(id, work.resolve("src/n" + n + ".txt"));
        case 9 -> write(id, work.resolve("n" + n + ".env"));
        case 10 -> write(id, outside.resolve("n" + n + ".txt"));
        default -> bash(id);
      };
    }

    private static Call write(String id, Path file) {
      return new Call(id, "Write", Map.of("file_path", file.toString(), "content", "x\n"));
    }

    private Call bash(String id) {
      List<String> commands =
          List.of(
              "touch a.txt",
              "touch b.txt",
              "touch a.txt b.txt",
              "mkdir -p d1",
              "touch a.txt && mkdir -p d1",
              "touch a.txt; touch b.txt",
              "echo hi",
              "ls",
              "ls src",
              "touch a.txtx",
              "echo hi | touch a.txt",
              "rm -f b.txt",
              "pwd",
              "cat a.txt",
              "wc -l a.txt",
              "head a.txt",
              "grep a a.txt",
              "git status",
              "echo hi > b.txt",
              "cp a.txt c.txt");
      String command = commands.get(random.nextInt(commands.size()));
      return new Call(id, "Bash", Map.of("command", command, "description", "why-it"));
    }
  }

  private static JsonNode readTree(String line) {
    try {
      return Json.mapper().readTree(line);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private record Call(String id, String tool, Map<String, Object> input) {}
}

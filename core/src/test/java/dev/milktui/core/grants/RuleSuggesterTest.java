package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RuleSuggesterTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private final RuleSuggester suggester =
      new RuleSuggester(Path.of("/home/dev/project"), new DirectoryPaths(Path.of("/home/dev")));

  private static JsonNode input(Map<String, String> fields) {
    return JSON.valueToTree(fields);
  }

  private static String scoped(SuggestedRules rules) {
    return rules.scoped().map(PermissionRule::toString).orElse("<none>");
  }

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "touch made-by-bash.txt => Bash(touch:*)",
        "npm test => Bash(npm test:*)",
        "npm test -- --watch => Bash(npm test:*)",
        "git commit -m 'fix: x' => Bash(git commit:*)",
        "cargo build --release => Bash(cargo build:*)",
        "mvn verify => Bash(mvn verify:*)",
        "  ls -la => Bash(ls:*)",
        "cd /x && npm test => Bash(cd:*)",
        "npm install&&rm -rf / => Bash(npm install:*)",
        "git status; rm -rf ~ => Bash(git status:*)",
        "cat log | grep error => Bash(cat:*)",
        "git $(echo push) => Bash(git:*)",
        "echo `whoami` => Bash(echo:*)",
        "python3 script.py > out.txt => Bash(python3 script.py:*)",
        "./gradlew test => Bash(./gradlew test:*)",
        "FOO=1 npm test => <none>",
        "\"quoted cmd\" arg => <none>",
        "*.sh => <none>",
        "$HOME/bin/tool => <none>",
        "(cd x; make) => <none>",
        "'' => <none>",
      })
  void offersABashPrefixFromTheFirstSimpleCommandOnly(String command, String expected) {
    SuggestedRules rules = suggester.suggest("Bash", input(Map.of("command", command)));

    assertThat(scoped(rules)).isEqualTo(expected);
    assertThat(rules.toolWide()).contains(PermissionRule.toolWide("Bash"));
    assertThat(rules.directory()).isEmpty();
  }

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "sudo rm -rf / => Bash(sudo rm:*)",
        "sudo => <none>",
        "sudo -u root make => <none>",
        "sudo make install => Bash(sudo make install:*)",
        "sudo bash => <none>",
        "sudo bash -c ls => <none>",
        "/usr/bin/sudo ls => Bash(/usr/bin/sudo ls:*)",
        "bash => <none>",
        "bash -c 'rm -rf /' => <none>",
        "bash deploy.sh => Bash(bash deploy.sh:*)",
        "sh -c x => <none>",
        "zsh => <none>",
        "env => <none>",
        "env FOO=1 make => <none>",
        "env python3 x.py => Bash(env python3 x.py:*)",
        "xargs => <none>",
        "xargs rm => Bash(xargs rm:*)",
        "xargs -I{} sh => <none>",
        "eval ls => <none>",
        "exec ls => Bash(exec ls:*)",
        "exec => <none>",
        "nohup => <none>",
        "timeout 5 make test => <none>",
        "nice -n 5 ls => <none>",
        "command -v ls => <none>",
        "builtin => <none>",
        "time => <none>",
        "python3 => <none>",
        "python3 -c 'print(1)' => <none>",
        "python => <none>",
        "node -e x => <none>",
        "node server.js => Bash(node server.js:*)",
        "perl -e x => <none>",
        "ruby => <none>",
        "npx => <none>",
        "npx -y evil => <none>",
        "npx jest => Bash(npx jest:*)",
        "npm exec => <none>",
        "npm exec jest => Bash(npm exec jest:*)",
        "uv run pytest => Bash(uv run pytest:*)",
        "uv run -- sh => <none>",
        "git -C / push --force => <none>",
        "git --git-dir=/x push => <none>",
        "docker -H evil run x => <none>",
        "find . -delete => <none>",
        "source env.sh => <none>",
        "su root => <none>",
        "ssh host => <none>",
        "chroot /srv/jail => <none>",
        "flock /tmp/l make => <none>",
        ". env.sh => <none>",
        "make => <none>",
        "make test => Bash(make test:*)",
      })
  void wrappersAndInterpretersTakeTheNextWordOrAreRefused(String command, String expected) {
    assertThat(scoped(suggester.suggest("Bash", input(Map.of("command", command)))))
        .isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource({
    "/top.txt",
    "/home/dev/notes.txt",
    "/home/other.txt",
    "/home/dev/project/../../x.txt",
  })
  void aPathRuleNeverCoversTheRootOrHomeOrAboveIt(String file) {
    SuggestedRules rules = suggester.suggest("Write", input(Map.of("file_path", file)));

    assertThat(rules.scoped()).isEmpty();
    assertThat(rules.directory()).isEmpty();
    assertThat(rules.rules()).containsExactly(PermissionRule.toolWide("Write"));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/srv/a*b/f.txt | Edit(//srv/a\\*b/**)",
        "/srv/[x]/f.txt | Edit(//srv/\\[x\\]/**)",
        "/srv/{a;b}/f.txt | Edit(//srv/\\{a;b\\}/**)",
        "/srv/p(1)+@x/f.txt | Edit(//srv/p\\(1\\)\\+\\@x/**)",
        "/srv/!#/f.txt | Edit(//srv/\\!\\#/**)",
      })
  void patternCharactersInADirectoryNameAreEscapedSoTheRuleCoversOnlyThatDirectory(
      String file, String rule) {
    SuggestedRules rules = suggester.suggest("Edit", input(Map.of("file_path", file)));

    assertThat(rules.scoped()).map(PermissionRule::toString).contains(rule);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource({
    "/srv/what?/f.txt, /srv/what?",
    "/srv/back\\slash/f.txt, /srv/back\\slash",
  })
  void aDirectoryNoEscapeMakesExactGetsNoPathRuleButIsStillOfferedAsADirectory(
      String file, String directory) {
    SuggestedRules rules = suggester.suggest("Edit", input(Map.of("file_path", file)));

    assertThat(rules.scoped()).isEmpty();
    assertThat(rules.directory()).contains(Path.of(directory));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(
      delimiterString = "=>",
      value = {"Bash(rm -rf /:*)", "Write )", "my tool", "Bash,Write", "Edit]0;x"})
  void aToolNameWithRuleSyntaxGetsNoRuleAndDoesNotThrow(String tool) {
    SuggestedRules rules = suggester.suggest(tool, input(Map.of("command", "ls")));

    assertThat(rules.rules()).isEmpty();
    assertThat(rules.directory()).isEmpty();
  }

  @Test
  void aGrepOfAMissingPathOffersNoDirectoryRatherThanGuessing() {
    SuggestedRules rules =
        suggester.suggest("Grep", input(Map.of("path", "/no/such/dir/or/file.txt")));

    assertThat(rules.directory()).isEmpty();
    assertThat(rules.scoped()).isEmpty();
  }

  @Test
  void theWorkingDirectoryIsNotOfferedAsADirectoryToAdd() {
    SuggestedRules rules = suggester.suggest("Write", input(Map.of("file_path", "a.txt")));

    assertThat(scoped(rules)).isEqualTo("Edit(//home/dev/project/**)");
    assertThat(rules.directory()).isEmpty();
  }

  @Test
  void neverPutsAShellOperatorIntoABashRule() {
    String[] commands = {"a&&b", "a||b", "a;b", "a|b", "a&b", "a\nb", "a>b", "a<b", "npm test&&x"};
    for (String command : commands) {
      assertThat(scoped(suggester.suggest("Bash", input(Map.of("command", command)))))
          .as(command)
          .doesNotContain("&", "|", ";", ">", "<", "\n");
    }
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource({
    "Write, file_path, /srv/out/report.txt, Edit(//srv/out/**), /srv/out",
    "Edit, file_path, /srv/out/a/../b.txt, Edit(//srv/out/**), /srv/out",
    "NotebookEdit, notebook_path, /srv/nb/x.ipynb, Edit(//srv/nb/**), /srv/nb",
    "Write, file_path, notes/todo.md, Edit(//home/dev/project/notes/**), /home/dev/project/notes",
    "Read, file_path, /etc/hosts, Read(//etc/**), /etc",
    "Grep, path, /var/log, Read(//var/log/**), /var/log",
    "Glob, path, /opt/app/src, Read(//opt/app/src/**), /opt/app/src",
  })
  void scopesFileToolsToTheDirectoryTheyTouched(
      String tool, String field, String value, String rule, String directory) {
    SuggestedRules rules = suggester.suggest(tool, input(Map.of(field, value)));

    assertThat(scoped(rules)).isEqualTo(rule);
    assertThat(rules.directory()).contains(Path.of(directory));
    assertThat(rules.rules()).extracting(PermissionRule::toString).containsExactly(rule, tool);
  }

  @Test
  void searchesWithoutAPathAreScopedToTheWorkingDirectory() {
    SuggestedRules rules = suggester.suggest("Grep", input(Map.of("pattern", "TODO")));

    assertThat(scoped(rules)).isEqualTo("Read(//home/dev/project/**)");
  }

  @Test
  void aGrepOfOneFileIsScopedToItsDirectory(@TempDir Path temp) throws Exception {
    Path file = Files.writeString(temp.resolve("a.txt"), "x");

    SuggestedRules rules = suggester.suggest("Grep", input(Map.of("path", file.toString())));

    assertThat(rules.directory()).contains(temp);
    assertThat(scoped(rules)).isEqualTo("Read(/" + temp + "/**)");
  }

  @Test
  void aGlobGivenAFileIsScopedToThatFilesDirectory(@TempDir Path temp) throws Exception {
    Path file = Files.writeString(temp.resolve("notes.md"), "x");

    SuggestedRules rules =
        suggester.suggest("Glob", input(Map.of("pattern", "*.md", "path", file.toString())));

    assertThat(rules.directory()).contains(temp);
    assertThat(scoped(rules)).isEqualTo("Read(/" + temp + "/**)");
  }

  @Test
  void webFetchIsScopedToTheHost() {
    SuggestedRules rules =
        suggester.suggest("WebFetch", input(Map.of("url", "https://docs.example.com:8443/a?b=c")));

    assertThat(scoped(rules)).isEqualTo("WebFetch(domain:docs.example.com)");
  }

  @Test
  void aWebFetchWithoutAUsableUrlGetsOnlyTheToolWideRule() {
    assertThat(scoped(suggester.suggest("WebFetch", input(Map.of("url", "not a url")))))
        .isEqualTo("<none>");
  }

  @Test
  void otherToolsGetOnlyTheToolWideRule() {
    SuggestedRules rules = suggester.suggest("mcp__github__create_issue", input(Map.of()));

    assertThat(rules.rules()).containsExactly(PermissionRule.toolWide("mcp__github__create_issue"));
    assertThat(rules.directory()).isEmpty();
  }

  @Test
  void aFileToolWithoutItsPathGetsOnlyTheToolWideRule() {
    SuggestedRules rules = suggester.suggest("Write", null);

    assertThat(rules.rules()).containsExactly(PermissionRule.toolWide("Write"));
  }

  @Test
  void anEmptyToolNameNeverProducesAGrant() {
    assertThat(suggester.suggest("", input(Map.of("command", "ls"))).rules()).isEmpty();
    assertThat(suggester.suggest("  ", null).toolWide()).isEqualTo(Optional.empty());
    assertThat(suggester.suggest(null, null).rules()).isEmpty();
  }
}

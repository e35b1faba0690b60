package dev.milktui.core.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ToolNamesTest {
  @Test
  void anMcpToolIsShownAsItsServerAndToolAsClaudeCodeShowsIt() {
    assertThat(ToolNames.shown("mcp__github__create_issue"))
        .isEqualTo("github - create_issue (MCP)");
    assertThat(ToolNames.shown("mcp__my_server__do__it")).isEqualTo("my_server - do__it (MCP)");
  }

  @Test
  void otherNamesStayAsTheyAreAndAMissingOneSaysSo() {
    assertThat(ToolNames.shown("Bash")).isEqualTo("Bash");
    assertThat(ToolNames.shown("mcp__")).isEqualTo("mcp__");
    assertThat(ToolNames.shown("mcp__server")).isEqualTo("mcp__server");
    assertThat(ToolNames.shown("mcp__server__")).isEqualTo("mcp__server__");
    assertThat(ToolNames.shown("")).isEqualTo("(unknown tool)");
    assertThat(ToolNames.shown(null)).isEqualTo("(unknown tool)");
  }
}

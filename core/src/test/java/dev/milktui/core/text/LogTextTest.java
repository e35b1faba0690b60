package dev.milktui.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.session.LaunchSpec;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LogTextTest {

  @Test
  void theOneShotPromptIsLoggedAsItsLengthOnly() {
    LaunchSpec spec = LaunchSpec.builder(Path.of("/bin/claude"), Path.of("/tmp")).build();

    String logged =
        String.valueOf(LogText.argv(spec.command(Optional.of("my password is hunter2"))));

    assertThat(logged)
        .doesNotContain("hunter2")
        .contains("/bin/claude", "--output-format=stream-json", "--, [22 characters]");
  }

  @Test
  void aTextIsElidedToItsLength() {
    assertThat(LogText.elided("{\"type\":\"assistant\"")).isEqualTo("[19 characters]");
  }
}

package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ClaudeJsonFormatTest {

  private static final Path FILE = Path.of("/some/settings.json");

  /** What JSON.stringify(x, null, 2) prints, checked against node for this exact document. */
  private static final String STRINGIFIED =
      """
      {
        "zeta": true,
        "alpha": null,
        "emptyArray": [],
        "emptyObject": {},
        "numbers": [
          0,
          -5,
          12345678901234567890,
          0.1,
          1.5,
          1e-7,
          1e+21,
          -2.5e-8
        ],
        "text": "caf\u00e9 \\"quoted\\" back\\\\slash \\u001b[31m tab\\t line\\n \ud83d\ude00",
        "nested": {
          "list": [
            {
              "a": 1
            },
            [
              []
            ]
          ]
        }
      }
      """;

  @Test
  void writesBackAStringifiedDocumentByteForByte() throws Exception {
    byte[] original = STRINGIFIED.getBytes(StandardCharsets.UTF_8);

    byte[] rewritten = ClaudeJsonFormat.write(ClaudeJsonFormat.parse(FILE, original));

    assertThat(new String(rewritten, StandardCharsets.UTF_8)).isEqualTo(STRINGIFIED);
  }

  @Test
  void keepsDecimalsExactlyAsWrittenEvenWhenNotCanonical() throws Exception {
    String json = "{\"a\": 1.10, \"b\": 3.141592653589793238462643383279}";

    var root = ClaudeJsonFormat.parse(FILE, json.getBytes(StandardCharsets.UTF_8));

    assertThat(new String(ClaudeJsonFormat.write(root), StandardCharsets.UTF_8))
        .isEqualTo("{\n  \"a\": 1.10,\n  \"b\": 3.141592653589793238462643383279\n}\n");
    assertThat(root.get("a").decimalValue()).isEqualByComparingTo("1.1");
  }

  @Test
  void treatsAnEmptyDocumentAsAnEmptyObject() throws Exception {
    assertThat(ClaudeJsonFormat.parse(FILE, new byte[0]).isObject()).isTrue();
    assertThat(ClaudeJsonFormat.parse(FILE, " \n".getBytes(StandardCharsets.UTF_8)).size())
        .isZero();
  }

  @Test
  void reportsTheLineAndColumnOfASyntaxError() {
    byte[] broken = "{\n  \"a\": 1,\n  \"b\": ]\n}\n".getBytes(StandardCharsets.UTF_8);

    assertThatThrownBy(() -> ClaudeJsonFormat.parse(FILE, broken))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining(FILE.toString())
        .hasMessageContaining("line 3, column 8");
  }

  @Test
  void refusesTrailingContentAfterTheDocument() {
    byte[] twoValues = "{} {}".getBytes(StandardCharsets.UTF_8);

    assertThatThrownBy(() -> ClaudeJsonFormat.parse(FILE, twoValues))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("line 1");
  }

  @Test
  void refusesCommentsLikeJsonParseDoes() {
    byte[] commented = "{\n  // no\n}".getBytes(StandardCharsets.UTF_8);

    assertThatThrownBy(() -> ClaudeJsonFormat.parse(FILE, commented))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("line 2");
  }

  @Test
  void keepsTheFirstPositionAndLastValueOfARepeatedKey() throws Exception {
    byte[] repeated = "{\"a\":1,\"b\":2,\"a\":3}".getBytes(StandardCharsets.UTF_8);

    var root = ClaudeJsonFormat.parse(FILE, repeated);

    assertThat(new String(ClaudeJsonFormat.write(root), StandardCharsets.UTF_8))
        .isEqualTo("{\n  \"a\": 3,\n  \"b\": 2\n}\n");
  }
}

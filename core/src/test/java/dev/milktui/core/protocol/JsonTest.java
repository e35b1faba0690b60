package dev.milktui.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.testkit.JsonNodeKinds;
import java.math.BigDecimal;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class JsonTest {
  @Test
  void theMapperReadsWithTheFactorysLimitsAndItsOwnFeatures() {
    StreamReadConstraints mapper = Json.mapper().getFactory().streamReadConstraints();
    StreamReadConstraints factory = Json.factory().streamReadConstraints();

    assertThat(factory.getMaxStringLength()).isEqualTo(Integer.MAX_VALUE);
    assertThat(factory.getMaxNestingDepth()).isEqualTo(2_000);
    assertThat(mapper.getMaxStringLength()).isEqualTo(factory.getMaxStringLength());
    assertThat(mapper.getMaxNestingDepth()).isEqualTo(factory.getMaxNestingDepth());
    assertThat(Json.mapper().isEnabled(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES))
        .isFalse();
    assertThat(Json.mapper().isEnabled(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)).isTrue();
  }

  @Test
  void objectsAndArraysAreOfTheMappersNodeFactory() throws Exception {
    assertThat(Json.mapper().getNodeFactory()).isSameAs(JsonNodeFactory.instance);
    assertThat(Json.mapper().readTree("{\"n\":0.1}").get("n").isBigDecimal()).isTrue();
    assertThat(Json.object()).isEqualTo(Json.mapper().createObjectNode());
    assertThat(Json.array()).isEqualTo(Json.mapper().createArrayNode());
  }

  @Test
  void writeGivesTheBytesJacksonsOwnToStringGivesForEveryKindOfNode() {
    ObjectNode node = JsonNodeKinds.everyKind().put("controls", "\u007f\u0085😀");

    assertThat(Json.write(node)).isEqualTo(node.toString());
    assertThat(Json.write(Json.array().add("a"))).isEqualTo("[\"a\"]");
  }

  @Test
  void aDecimalReadsAsTheSameDoubleAsBigDecimalMakesOfIt() {
    Random random = new Random(3);
    for (int i = 0; i < 200_000; i++) {
      long digits = random.nextLong() % (1L << (1 + random.nextInt(62)));
      int scale = random.nextInt(40) - 8;
      BigDecimal decimal = BigDecimal.valueOf(digits, scale);
      assertThat(Json.toDouble(decimal)).as(decimal.toString()).isEqualTo(decimal.doubleValue());
    }
    for (String text :
        List.of(
            "0.0364",
            "-0.5",
            "0.1",
            "9007199254740993e-22",
            "123456789012345.6",
            "1e-22",
            "0.000",
            "-0",
            "4.35",
            "1.7976931348623157e308",
            "4.9e-324",
            "2.5e-23")) {
      BigDecimal decimal = new BigDecimal(text);
      assertThat(Json.toDouble(decimal)).as(text).isEqualTo(decimal.doubleValue());
    }
  }

  @Test
  void aCostIsReadAsTheDoubleOfItsDecimal() throws Exception {
    JsonNode line = Json.mapper().readTree("{\"c\":0.036479,\"i\":3,\"s\":\"1\"}");
    assertThat(Json.doubleValue(line, "c", -1)).isEqualTo(0.036479);
    assertThat(Json.doubleValue(line, "i", -1)).isEqualTo(3.0);
    assertThat(Json.doubleValue(line, "s", -1)).isEqualTo(-1.0);
    assertThat(Json.doubleValue(line, "missing", -1)).isEqualTo(-1.0);
  }
}

package dev.milktui.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.testkit.JsonNodeKinds;
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
}

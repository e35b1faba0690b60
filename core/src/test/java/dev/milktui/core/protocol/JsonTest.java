package dev.milktui.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
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
    ObjectNode node = Json.object();
    node.put("int", -7).put("long", 1L << 40).put("short", (short) 3);
    node.put("big_integer", new BigInteger("123456789012345678901234567890"));
    node.put("double", 0.1).put("tiny_double", 1e-9).put("float", 2.5f).put("nan", Double.NaN);
    node.put("decimal", new BigDecimal("1.50")).put("decimal_exponent", new BigDecimal("1E+3"));
    node.put("decimal_small", new BigDecimal("0.00000001")).put("decimal_zero", BigDecimal.ZERO);
    node.putNull("null").put("true", true).put("false", false);
    node.putArray("empty_array");
    node.putObject("empty_object");
    node.putArray("array").add(1).addNull().add("x").addArray().add(new BigDecimal("-2.0"));
    node.putObject("nested").putObject("deeper").put("é", "ünï\u0000\"\\/\t\u007f\u0085😀");

    assertThat(Json.write(node)).isEqualTo(node.toString());
    assertThat(Json.write(Json.array().add("a"))).isEqualTo("[\"a\"]");
  }
}

package dev.milktui.core.testkit;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.protocol.Json;
import java.math.BigDecimal;
import java.math.BigInteger;

/** A tree with a node of every kind a writer must write as Jackson does. */
public final class JsonNodeKinds {
  private JsonNodeKinds() {}

  /**
   * Numbers of each type (BigDecimal plain and with an exponent), null, booleans, empty and nested
   * containers, non-ASCII and characters JSON must escape.
   */
  public static ObjectNode everyKind() {
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
    node.putObject("nested").putObject("deeper").put("é", "ünï\u0000\"\\/\t");
    return node;
  }
}

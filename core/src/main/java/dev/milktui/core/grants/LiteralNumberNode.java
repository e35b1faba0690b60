package dev.milktui.core.grants;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.node.NumericNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A non-integer number that writes back exactly the text it was read from. Jackson's own decimal
 * node would print {@code 1e-7} as {@code 1E-7} and a double would round; Claude's files must come
 * back byte for byte.
 */
final class LiteralNumberNode extends NumericNode {

  private static final long serialVersionUID = 1L;

  private final String literal;
  private final BigDecimal value;

  LiteralNumberNode(String literal) {
    this.literal = literal;
    this.value = new BigDecimal(literal);
  }

  @Override
  public JsonToken asToken() {
    return JsonToken.VALUE_NUMBER_FLOAT;
  }

  @Override
  public JsonParser.NumberType numberType() {
    return JsonParser.NumberType.BIG_DECIMAL;
  }

  @Override
  public boolean isFloatingPointNumber() {
    return true;
  }

  @Override
  public boolean isBigDecimal() {
    return true;
  }

  @Override
  public Number numberValue() {
    return value;
  }

  @Override
  public int intValue() {
    return value.intValue();
  }

  @Override
  public long longValue() {
    return value.longValue();
  }

  @Override
  public double doubleValue() {
    return value.doubleValue();
  }

  @Override
  public BigDecimal decimalValue() {
    return value;
  }

  @Override
  public BigInteger bigIntegerValue() {
    return value.toBigInteger();
  }

  @Override
  public boolean canConvertToInt() {
    return canConvertToLong() && value.longValue() == value.intValue();
  }

  @Override
  public boolean canConvertToLong() {
    return value.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) >= 0
        && value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0;
  }

  @Override
  public String asText() {
    return literal;
  }

  @Override
  public void serialize(JsonGenerator generator, SerializerProvider provider) throws IOException {
    generator.writeNumber(literal);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof LiteralNumberNode that && literal.equals(that.literal);
  }

  @Override
  public int hashCode() {
    return literal.hashCode();
  }
}

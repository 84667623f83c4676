package io.hanacdc.sink.kafka;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.hanacdc.schema.ColumnType;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Decimals by decimal.handling.mode, as Debezium's connectors write them. precise: a DECIMAL(p,s) as Connect's
 * Decimal (the unscaled value's two's-complement bytes, parameters scale and connect.decimal.precision), a decimal
 * without a scale (PostgreSQL's unconstrained numeric, SAP HANA's floating DECIMAL) as Debezium's
 * VariableScaleDecimal struct {scale, value}; string: the plain text (PostgreSQL's NaN and ±Infinity by name);
 * double: a double, only where it is the value exactly. A value the mode cannot hold exactly (NaN under precise,
 * 0.1234567890123456789 under double) is refused, never written as another.
 */
final class DecimalCodecs {
    static final String DECIMAL = "org.apache.kafka.connect.data.Decimal";

    private DecimalCodecs() {}

    static FieldCodec of(ColumnType t, TypeModes.Decimal mode) {
        boolean fixed = t.kind() == ColumnType.Kind.DECIMAL;
        return switch (mode) {
            case STRING -> new FieldCodec("string", null, (g, v) -> g.writeString(v instanceof BigDecimal d ? d.toPlainString() : v.toString()),
                    v -> fromText(v.asText()));
            case DOUBLE -> new FieldCodec("double", null, (g, v) -> g.writeNumber(exactDouble(v)),
                    v -> fixed ? BigDecimal.valueOf(v.doubleValue()).setScale(t.scale()) : BigDecimal.valueOf(v.doubleValue()));
            case PRECISE -> fixed ? fixed(t) : variable();
        };
    }

    private static FieldCodec fixed(ColumnType t) {
        int scale = t.scale();
        Map<String, String> parameters = new LinkedHashMap<>(); // in Connect's order: the schema's bytes stay the same
        parameters.put("scale", Integer.toString(scale));
        if (t.precision() > 0) {
            parameters.put("connect.decimal.precision", Integer.toString(t.precision()));
        }
        return new FieldCodec("bytes", DECIMAL, parameters, (g, v) -> g.writeBinary(scaled(v, scale).unscaledValue().toByteArray()),
                v -> new BigDecimal(new BigInteger(v.binaryValue()), scale));
    }

    private static FieldCodec variable() {
        return new FieldCodec("struct", FieldCodec.VARIABLE_SCALE_DECIMAL, DecimalCodecs::writeVariable,
                v -> new BigDecimal(new BigInteger(v.get("value").binaryValue()), v.get("scale").intValue()));
    }

    private static void writeVariable(JsonGenerator g, Object v) throws IOException {
        BigDecimal d = decimal(v);
        d = d.scale() < 0 ? d.setScale(0) : d; // a key's 1E+1: one scale for the sinks, the same value
        g.writeStartObject();
        g.writeNumberField("scale", d.scale());
        g.writeFieldName("value");
        g.writeBinary(d.unscaledValue().toByteArray());
        g.writeEndObject();
    }

    private static BigDecimal scaled(Object v, int scale) {
        BigDecimal d = decimal(v);
        try {
            return d.setScale(scale);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("has more than the column's " + scale + " decimal places");
        }
    }

    private static double exactDouble(Object v) {
        double x = decimal(v).doubleValue();
        if (!Double.isFinite(x) || BigDecimal.valueOf(x).compareTo(decimal(v)) != 0) {
            throw new IllegalArgumentException("is not a double exactly (decimal.handling.mode=double): set"
                    + " hanacdc.kafka.decimal.handling.mode=precise or string");
        }
        return x;
    }

    private static BigDecimal decimal(Object v) {
        if (v instanceof BigDecimal d) {
            return d;
        }
        throw new IllegalArgumentException("is no number a Connect decimal can hold: set hanacdc.kafka.decimal.handling.mode=string,"
                + " which writes it by name");
    }

    /** PostgreSQL's numeric NaN and ±Infinity travel as their names, and are read back as the double the source side reads. */
    private static Object fromText(String text) {
        return text.equals("NaN") || text.endsWith("Infinity") ? (Object) Double.valueOf(text) : new BigDecimal(text);
    }
}

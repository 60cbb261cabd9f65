package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;

class ToolJsonTest {

    @Test
    void aProtocolValueBecomesTheMapsOfItsWireJson() throws Exception {
        SurfaceDescriptor surface = new SurfaceDescriptor(
                Protocol.PROTOCOL_VERSION,
                new SurfaceRef("cd".repeat(32)),
                "praefectus-atspi2",
                4242,
                "ef".repeat(32),
                "01".repeat(32),
                "ab".repeat(32),
                new Rect(10, -20, 300, 200));
        JsonValue.JsonObject encoded = ProtocolJson.encode(surface);

        Map<String, Object> plain = ToolJson.toMap(encoded);

        // the JSON a tool result carries is the protocol's own, as the text round trip used before gave it
        assertEquals(
                ToolJson.JSON.readTree(ProtocolJson.toJson(encoded)),
                ToolJson.JSON.readTree(ToolJson.JSON.writeValueAsString(plain)));
        assertEquals(Map.of("id", "cd".repeat(32)), plain.get("surface"));
        assertEquals(
                Map.of(
                        "x", BigInteger.TEN,
                        "y", BigInteger.valueOf(-20),
                        "width", BigInteger.valueOf(300),
                        "height", BigInteger.valueOf(200)),
                plain.get("bounds"));
    }

    @Test
    void numbersStayExactAndOnlyObjectsAreMaps() {
        Map<String, Object> plain = ToolJson.toMap(JsonValue.JsonObject.builder()
                .put("small", 7)
                .put("large", new JsonValue.JsonNumber(new BigInteger("18446744073709551615")))
                .build());
        assertEquals(BigInteger.valueOf(7), plain.get("small"));
        assertEquals(new BigInteger("18446744073709551615"), plain.get("large"));
        assertThrows(IllegalArgumentException.class, () -> ToolJson.toMap(new JsonValue.JsonString("x")));
    }
}

package org.praefectus.api.canonical;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CanonicalJsonTest {

    private static String canonical(JsonValue value) {
        return new String(CanonicalJson.canonical(value), StandardCharsets.UTF_8);
    }

    @Test
    void escapesOnlyQuoteBackslashAndControlsLikeSerdeJson() {
        String text = "\"\\/\b\f\n\r\t\u0000\u001f\u007f\u00e9\u2028\uD83D\uDE02";
        assertEquals(
                "\"\\\"\\\\/\\b\\f\\n\\r\\t\\u0000\\u001f\u007f\u00e9\u2028\uD83D\uDE02\"",
                canonical(new JsonValue.JsonString(text)));
    }

    @Test
    void sortsKeysByUtf8BytesAtEveryLevel() {
        // UTF-16 order puts U+1F600 (0xD83D...) before U+FF21; UTF-8 order (0xF0 vs 0xEF) puts it after,
        // and serde_json's BTreeMap<String, _> sorts by UTF-8 bytes
        JsonValue value = JsonValue.JsonObject.builder()
                .put("\uD83D\uDE00", 1)
                .put("\uFF21", 2)
                .put(
                        "b",
                        JsonValue.JsonObject.builder()
                                .put("z", true)
                                .put("a", JsonValue.NULL)
                                .build())
                .put("a", new JsonValue.JsonArray(List.of(JsonValue.JsonNumber.of(3), JsonValue.JsonNumber.of(-1))))
                .build();
        assertEquals("{\"a\":[3,-1],\"b\":{\"a\":null,\"z\":true},\"\uFF21\":2,\"\uD83D\uDE00\":1}", canonical(value));
    }

    @Test
    void compactKeepsDeclarationOrder() {
        JsonValue value = JsonValue.JsonObject.builder().put("z", 1).put("a", 2).build();
        assertEquals("{\"z\":1,\"a\":2}", new String(CanonicalJson.compact(value), StandardCharsets.UTF_8));
    }

    @Test
    void refusesToHashALoneSurrogate() {
        for (String lone : List.of("\uD800", "a\uDC00", "\uD83Dx", "x\uDE02\uD83D")) {
            assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonical(new JsonValue.JsonString(lone)));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> CanonicalJson.canonical(new JsonValue.JsonObject(Map.of(lone, JsonValue.NULL))));
        }
    }

    @Test
    void writesEveryUtf8LengthAndSortsKeysByTheirUtf8BytesOnRandomText() {
        // units from every UTF-8 length: ASCII, two bytes, three bytes on both sides of the surrogates, and
        // surrogate pairs (four bytes); the JDK's own encoder and byte comparison are the yardstick
        Random random = new Random(11);
        char[][] ranges = {{'a', 'z'}, {'\u00a0', '\u07ff'}, {'\u0800', '\ud7ff'}, {'\ue000', '\uffff'}};
        for (int round = 0; round < 200; round++) {
            Map<String, JsonValue> members = new LinkedHashMap<>();
            List<String> keys = new ArrayList<>();
            for (int k = 0; k < 6; k++) {
                StringBuilder key = new StringBuilder();
                for (int c = random.nextInt(4); c >= 0; c--) {
                    int range = random.nextInt(5);
                    if (range == 4) {
                        key.appendCodePoint(0x10000 + random.nextInt(0x100000));
                    } else {
                        key.append((char) (ranges[range][0] + random.nextInt(ranges[range][1] - ranges[range][0] + 1)));
                    }
                }
                if (members.put(key.toString(), new JsonValue.JsonString(key.toString())) == null) {
                    keys.add(key.toString());
                }
            }
            keys.sort((a, b) ->
                    Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)));
            StringBuilder expected = new StringBuilder("{");
            for (String key : keys) {
                expected.append(expected.length() > 1 ? "," : "")
                        .append('"')
                        .append(key)
                        .append("\":\"")
                        .append(key)
                        .append('"');
            }
            assertEquals(expected.append('}').toString(), canonical(new JsonValue.JsonObject(members)));
        }
    }

    @Test
    void hashIsSha256OfTheCanonicalBytes() {
        // expected value from `printf '[]' | sha256sum`
        assertEquals(
                "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945",
                CanonicalJson.hash(new JsonValue.JsonArray(List.of())));
    }
}

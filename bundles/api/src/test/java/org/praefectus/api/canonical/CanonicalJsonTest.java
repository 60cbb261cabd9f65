package org.praefectus.api.canonical;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class CanonicalJsonTest {

    private static String canonical(JsonValue value) {
        return new String(CanonicalJson.canonical(value), StandardCharsets.UTF_8);
    }

    @Test
    void escapesOnlyQuoteBackslashAndControlsLikeSerdeJson() {
        String text = "\"\\/\b\f\n\r\t\u0000\u001f\u007f\u00e9\u2028\uD83D\uDE02";
        assertEquals("\"\\\"\\\\/\\b\\f\\n\\r\\t\\u0000\\u001f\u007f\u00e9\u2028\uD83D\uDE02\"",
                canonical(new JsonValue.JsonString(text)));
    }

    @Test
    void sortsKeysByUtf8BytesAtEveryLevel() {
        // UTF-16 order puts U+1F600 (0xD83D...) before U+FF21; UTF-8 order (0xF0 vs 0xEF) puts it after,
        // and serde_json's BTreeMap<String, _> sorts by UTF-8 bytes
        JsonValue value = JsonValue.JsonObject.builder()
                .put("\uD83D\uDE00", 1)
                .put("\uFF21", 2)
                .put("b", JsonValue.JsonObject.builder().put("z", true).put("a", JsonValue.NULL).build())
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
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonical(new JsonValue.JsonString("\uD800")));
    }

    @Test
    void hashIsSha256OfTheCanonicalBytes() {
        // expected value from `printf '[]' | sha256sum`
        assertEquals("4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945",
                CanonicalJson.hash(new JsonValue.JsonArray(List.of())));
    }
}

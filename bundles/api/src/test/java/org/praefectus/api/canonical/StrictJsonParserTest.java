package org.praefectus.api.canonical;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StrictJsonParserTest {

    private static String code(String json) {
        return assertThrows(
                        JsonFormatException.class,
                        () -> StrictJsonParser.parse(json.getBytes(StandardCharsets.UTF_8), 1024))
                .code();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"a\":1,\"a\":2}|duplicate_key",
                "{\"a\":{\"b\":1,\"b\":1}}|duplicate_key",
                "{\"a\":1}x|invalid_json",
                "{\"a\":1,}|invalid_json",
                "[1 2]|invalid_json",
                "1.5|unsupported_number",
                "1e3|unsupported_number",
                "-0|unsupported_number",
                "-0.0|unsupported_number",
                "[1,-0]|unsupported_number",
                "012|invalid_json",
                "18446744073709551616|out_of_range",
                "-9223372036854775809|out_of_range",
                "\"\\ud800\"|invalid_json",
                "\"\\x\"|invalid_json",
                "tru|invalid_json",
                "''|invalid_json"
            })
    void rejectsWhatTheReferenceRejectsWithAStableCode(String json, String code) {
        assertEquals(code, code(json));
    }

    @Test
    void rejectsRawControlCharactersInStrings() {
        assertEquals("invalid_json", code("\"a\u0001b\""));
    }

    @Test
    void rejectsOversizeInputUnread() {
        assertThrows(JsonFormatException.class, () -> StrictJsonParser.parse(new byte[11], 10));
        assertEquals(
                "input_too_large",
                assertThrows(JsonFormatException.class, () -> StrictJsonParser.parse(new byte[11], 10))
                        .code());
    }

    @Test
    void rejectsNestingBeyondTheDepthBound() {
        String deep = "[".repeat(StrictJsonParser.MAX_DEPTH + 2) + "]".repeat(StrictJsonParser.MAX_DEPTH + 2);
        assertEquals(
                "too_deep",
                assertThrows(
                                JsonFormatException.class,
                                () -> StrictJsonParser.parse(deep.getBytes(StandardCharsets.UTF_8), 4096))
                        .code());
    }

    @Test
    void rejectsInvalidUtf8() {
        assertEquals(
                "invalid_json",
                assertThrows(
                                JsonFormatException.class,
                                () -> StrictJsonParser.parse(new byte[] {'"', (byte) 0xc3, '"'}, 10))
                        .code());
    }

    @Test
    void acceptsTheFullIntegerRangeAndSurrogatePairs() throws Exception {
        JsonValue value = StrictJsonParser.parse(
                "[18446744073709551615,-9223372036854775808,\"\\ud83d\\ude02\"]".getBytes(StandardCharsets.UTF_8), 100);
        assertEquals(
                "[18446744073709551615,-9223372036854775808,\"\uD83D\uDE02\"]",
                new String(CanonicalJson.canonical(value), StandardCharsets.UTF_8));
    }
}

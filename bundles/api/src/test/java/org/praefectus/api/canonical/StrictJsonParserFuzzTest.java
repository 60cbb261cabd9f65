package org.praefectus.api.canonical;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * The strict parser either returns a value or throws {@link JsonFormatException} for any bytes; a value's
 * canonical form parses back to an equal value and is a fixed point (canonicalising twice changes nothing),
 * which is what action hashes rely on.
 */
class StrictJsonParserFuzzTest {

    private static final int LIMIT = 1 << 16;

    @FuzzTest
    void parse(byte[] input) {
        JsonValue value;
        try {
            value = StrictJsonParser.parse(input, LIMIT);
        } catch (JsonFormatException expected) {
            return;
        }
        byte[] canonical = CanonicalJson.canonical(value);
        JsonValue again;
        try {
            again = StrictJsonParser.parse(canonical, Integer.MAX_VALUE);
        } catch (JsonFormatException e) {
            throw new AssertionError("canonical JSON of a parsed value does not parse", e);
        }
        assertArrayEquals(canonical, CanonicalJson.canonical(again));
        assertEquals(CanonicalJson.hash(value), CanonicalJson.hash(again));
    }
}

package org.praefectus.api.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class NumericValueTest {

    @Test
    void oneNumberHasOneWrittenForm() {
        assertEquals("50", NumericValue.canonical(50.0));
        assertEquals("0.5", NumericValue.canonical(0.5));
        assertEquals("-3.25", NumericValue.canonical(-3.25));
        assertEquals("0", NumericValue.canonical(-0.0));
        assertEquals("1000000", NumericValue.canonical(1e6));
        assertEquals("0.02", NumericValue.canonical(0.02));
    }

    @Test
    void plainDecimalsAreCanonicalizedAndAnythingElseIsLeftAsWritten() {
        assertEquals("50", NumericValue.canonicalize("50.0"));
        assertEquals("50", NumericValue.canonicalize("+050"));
        assertEquals("0.5", NumericValue.canonicalize(" 0.50 "));
        assertEquals("1e3", NumericValue.canonicalize("1e3"));
        assertEquals("Left", NumericValue.canonicalize("Left"));
        assertEquals("NaN", NumericValue.canonicalize("NaN"));
        assertEquals("", NumericValue.canonicalize(""));
    }

    @Test
    void onlyPlainDecimalsParse() {
        assertEquals(Optional.of(75.0), NumericValue.parse("75"));
        assertEquals(Optional.of(-0.25), NumericValue.parse("-0.25"));
        assertTrue(NumericValue.parse("Infinity").isEmpty());
        assertTrue(NumericValue.parse("0x10").isEmpty());
        assertTrue(NumericValue.parse("1,5").isEmpty());
        assertTrue(NumericValue.parse("12345678901234567").isEmpty());
        assertTrue(NumericValue.parse(null).isEmpty());
    }
}

package org.praefectus.api.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CallerTextTest {

    @Test
    void aShortPrintableWordIsShownAsItIs() {
        assertEquals("--from-x", CallerText.shown("--from-x"));
        assertEquals(
                "caf\u00e9 \uD83D\uDE02", CallerText.shown("caf\u00e9 \uD83D\uDE02"), "letters of any script stay");
    }

    @Test
    void aLongWordIsCutAtACodePointAndMarked() {
        String word = "\uD83D\uDE02".repeat(70);
        assertEquals("\uD83D\uDE02".repeat(64) + "…", CallerText.shown(word));
        assertEquals("x".repeat(64), CallerText.shown("x".repeat(64)), "64 code points are shown whole");
    }

    @Test
    void controlsThatCouldForgeALineOrReorderTheMessageAreEscaped() {
        assertEquals("evil\\u000aforged\\u0000", CallerText.shown("evil\nforged\u0000"));
        assertEquals("a\\u202eb\\u2028c\\u007f", CallerText.shown("a\u202eb\u2028c\u007f"));
    }
}

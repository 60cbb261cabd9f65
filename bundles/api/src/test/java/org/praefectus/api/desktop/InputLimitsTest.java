package org.praefectus.api.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class InputLimitsTest {

    @Test
    void peekabooxsRestoreWordsAreTheThreePoliciesAndNothingElse() {
        assertEquals(ClipboardRestore.STRICT, InputLimits.restorePolicy("strict"));
        assertEquals(ClipboardRestore.BEST_EFFORT, InputLimits.restorePolicy("best-effort"));
        assertEquals(ClipboardRestore.BEST_EFFORT, InputLimits.restorePolicy("best_effort"));
        assertEquals(ClipboardRestore.OFF, InputLimits.restorePolicy("off"));
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> InputLimits.restorePolicy("STRICT"));
        assertEquals("restore_policy 'STRICT' is strict, best-effort or off", refused.getMessage());
    }

    @Test
    void onlyClampMovesAPointAndFailIsTheDefault() {
        assertFalse(InputLimits.clamps(null));
        assertFalse(InputLimits.clamps("fail"));
        assertTrue(InputLimits.clamps("clamp"));
        assertThrows(IllegalArgumentException.class, () -> InputLimits.clamps("wrap"));
    }

    @Test
    void aTextFitsUpTo64KiBOfUtf8() {
        assertTrue(InputLimits.textFits("x".repeat(InputLimits.MAX_TEXT_BYTES)));
        assertFalse(InputLimits.textFits("x".repeat(InputLimits.MAX_TEXT_BYTES + 1)));
        // bytes, not characters: a two-byte character counts twice
        assertFalse(InputLimits.textFits("é".repeat(InputLimits.MAX_TEXT_BYTES / 2 + 1)));
    }

    @Test
    void aTypingSpeedIsOneSecondDividedByIt() {
        assertEquals(1_000, InputLimits.keyDelayOfSpeed(1));
        assertEquals(33, InputLimits.keyDelayOfSpeed(30));
        assertEquals(1, InputLimits.keyDelayOfSpeed(InputLimits.MAX_TYPING_SPEED));
        assertThrows(IllegalArgumentException.class, () -> InputLimits.keyDelayOfSpeed(0));
        assertThrows(
                IllegalArgumentException.class, () -> InputLimits.keyDelayOfSpeed(InputLimits.MAX_TYPING_SPEED + 1));
    }
}

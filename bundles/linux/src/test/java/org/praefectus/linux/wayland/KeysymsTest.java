package org.praefectus.linux.wayland;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class KeysymsTest {

    @Test
    void namesAliasesAndFunctionKeys() {
        assertEquals(OptionalInt.of(0xffe3), Keysyms.of("ctrl"));
        assertEquals(OptionalInt.of(0xff0d), Keysyms.of("Return"));
        assertEquals(OptionalInt.of(0xff0d), Keysyms.of("enter"));
        assertEquals(OptionalInt.of(0xffc2), Keysyms.of("F5"));
        assertEquals(OptionalInt.of('a'), Keysyms.of("a"));
        assertTrue(Keysyms.of("F25").isEmpty());
        assertTrue(Keysyms.of("NoSuchKey").isEmpty());
        assertTrue(Keysyms.of("").isEmpty());
    }

    @Test
    void onlyPrintableAsciiNewlineAndTabCanBeTyped() {
        assertEquals(OptionalInt.of('A'), Keysyms.character('A'));
        assertEquals(OptionalInt.of('~'), Keysyms.character('~'));
        assertEquals(OptionalInt.of(' '), Keysyms.character(' '));
        assertEquals(OptionalInt.of(0xff0d), Keysyms.character('\n'));
        // the compositor would drop these silently when its keymap lacks them
        assertTrue(Keysyms.character('é').isEmpty());
        assertTrue(Keysyms.character('€').isEmpty());
        assertTrue(Keysyms.character(0x07).isEmpty(), "a bell cannot be typed");
    }
}

package org.praefectus.engine.authority;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StrictHexTest {
    private static final String KEY = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";

    private static String refusal(String text) {
        return assertThrows(
                        AuthorityException.class,
                        () -> StrictHex.decode(text, 32, AuthorityError.BAD_PUBLIC_KEY_LENGTH))
                .code();
    }

    @Test
    void bothLetterCasesDecodeToTheSameBytes() throws AuthorityException {
        byte[] lower = StrictHex.decode(KEY, 32, AuthorityError.BAD_PUBLIC_KEY_LENGTH);
        assertArrayEquals(
                lower, StrictHex.decode(KEY.toUpperCase(Locale.ROOT), 32, AuthorityError.BAD_PUBLIC_KEY_LENGTH));
        assertArrayEquals(Vectors.hex(KEY), lower);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "0xd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f70751",
                " d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511",
                "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511g",
                "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a\n",
                "d7-5a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511",
                // Arabic-Indic digit three: Character.digit would accept it, we do not
                "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511\u0663",
            })
    void anythingButHexDigitsIsInvalidHex(String text) {
        assertEquals("invalid_hex", refusal(text));
    }

    @Test
    void anOddLengthIsInvalidHex() {
        assertEquals("invalid_hex", refusal(KEY.substring(1)));
    }

    @Test
    void theWrongNumberOfBytesIsTheCallersLengthError() {
        assertEquals("bad_public_key_length", refusal(KEY.substring(2)));
        assertEquals("bad_public_key_length", refusal(KEY + "00"));
        assertEquals("bad_public_key_length", refusal(""));
    }

    @Test
    void nullIsMissingInput() {
        assertEquals("missing_input", refusal(null));
    }

    @Test
    void publicKeysFromHexAreValidatedAsKeys() {
        assertEquals(
                "small_order_public_key",
                assertThrows(
                                AuthorityException.class,
                                () -> Ed25519PublicKey.fromHex(StrictEd25519Test.SMALL_ORDER.get(0)))
                        .code());
    }
}

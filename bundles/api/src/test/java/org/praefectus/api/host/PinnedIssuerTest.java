package org.praefectus.api.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class PinnedIssuerTest {

    private static final String KEY = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";

    @Test
    void theEntryIsTheConfigurationForm() {
        PinnedIssuer pinned = new PinnedIssuer("host", "key-1", "gen-1", KEY);
        assertEquals("host:key-1:gen-1:" + KEY, pinned.entry());
        assertThrows(
                IllegalArgumentException.class,
                () -> new PinnedIssuer("host", "key-1", "gen-1", KEY.toUpperCase(Locale.ROOT)));
        assertThrows(IllegalArgumentException.class, () -> new PinnedIssuer("host.example", "key-1", "gen-1", KEY));
        assertThrows(
                IllegalArgumentException.class, () -> new PinnedIssuer("host", "key-1", "gen-1", KEY.substring(2)));
    }

    @Test
    void anIdentifierWithAColonHasNoEntry() {
        PinnedIssuer pinned = new PinnedIssuer("urn:host", "key-1", "gen-1", KEY);
        assertThrows(IllegalStateException.class, pinned::entry);
    }

    @Test
    void identifiersFollowTheReferenceRule() {
        assertEquals(true, PinnedIssuer.isIdentifier("a-Z_0:9"));
        assertEquals(false, PinnedIssuer.isIdentifier(""));
        assertEquals(false, PinnedIssuer.isIdentifier("a".repeat(257)));
        assertEquals(true, PinnedIssuer.isIdentifier("a".repeat(256)));
        assertEquals(false, PinnedIssuer.isIdentifier("é"));
    }
}

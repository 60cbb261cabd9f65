package org.praefectus.linux.atspi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Pattern;
import org.freedesktop.dbus.types.UInt32;
import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Rect;

class AtspiValuesTest {

    @Test
    void stateWordsFormOneSetAndDecideVisibilityAndEnablement() {
        // showing (25), visible (30) and multi-line (17) in the low word, read-only (43) in the high word
        AtspiState state = AtspiState.of(List.of(
                new UInt32((1L << 25) | (1L << 30) | (1L << 8) | (1L << 24) | (1L << 17)),
                new UInt32(1L << (43 - 32))));
        assertTrue(state.visible(), "a multi-line element is not iconified");
        assertTrue(state.enabled());
        assertTrue(state.has(AtspiState.READ_ONLY));
        assertEquals(List.of("enabled", "multi-line", "sensitive", "showing", "visible", "read-only"), state.names());
        assertFalse(new AtspiState(1L << 41).has(AtspiState.READ_ONLY), "checkable is not read-only");
        assertFalse(new AtspiState(1L << 5).has(AtspiState.DEFUNCT), "collapsed is not defunct");
        assertFalse(new AtspiState(state.bits() | (1L << AtspiState.ICONIFIED)).visible());
        assertFalse(new AtspiState(state.bits() | (1L << AtspiState.BUSY)).enabled());
        assertEquals(0, new AtspiState(1L << AtspiState.ACTIVE).relevant(), "activation is not element identity");
    }

    @Test
    void invokeNeedsExactlyOneActivationAction() {
        assertEquals(Optional.of(1), new NodeDetails(null, List.of("menu", "Click")).invokeAction());
        assertEquals(Optional.empty(), new NodeDetails(null, List.of("click", "activate")).invokeAction());
        assertEquals(Optional.empty(), new NodeDetails(null, List.of("expand or contract")).invokeAction());
    }

    @Test
    void onlyUniqueBusNamesAndObjectPathsAreValid() {
        assertTrue(new AtspiObject(":1.42", "/org/a11y/atspi/accessible/7").valid());
        assertFalse(new AtspiObject("org.example.App", "/org/a11y").valid());
        assertFalse(new AtspiObject(":1.42", "relative/path").valid());
        assertEquals(
                ":1.42:/org/a11y/atspi/accessible/7", new AtspiObject(":1.42", "/org/a11y/atspi/accessible/7").id());
    }

    @Test
    void validityFollowsTheDBusGrammarOnRandomNamesAndPaths() {
        // the grammar written as regular expressions is the yardstick for the hand-written checks
        Pattern uniqueName = Pattern.compile(":[0-9A-Za-z_.-]{1,254}");
        Pattern objectPath = Pattern.compile("/([A-Za-z0-9_]+(/[A-Za-z0-9_]+)*)?");
        String alphabet = ":/._-aZ09 é";
        Random random = new Random(3);
        int valid = 0;
        for (int round = 0; round < 20_000; round++) {
            StringBuilder name = new StringBuilder(random.nextBoolean() ? ":" : "");
            StringBuilder path = new StringBuilder(random.nextInt(8) > 0 ? "/" : "");
            for (int i = random.nextInt(7); i > 0; i--) {
                name.append(alphabet.charAt(random.nextInt(alphabet.length())));
                path.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            boolean expected = uniqueName.matcher(name).matches()
                    && objectPath.matcher(path).matches();
            assertEquals(expected, new AtspiObject(name.toString(), path.toString()).valid(), name + " " + path);
            valid += expected ? 1 : 0;
        }
        assertTrue(valid > 100, "enough valid cases: " + valid);
        assertTrue(new AtspiObject(":1." + "9".repeat(252), "/a").valid());
        assertFalse(new AtspiObject(":1." + "9".repeat(253), "/a").valid());
        assertTrue(new AtspiObject(":1.2", "/" + "a".repeat(1_791)).valid());
        assertFalse(new AtspiObject(":1.2", "/" + "a".repeat(1_792)).valid());
    }

    @Test
    void accessibleTextIsBoundedWithoutControlCharacters() {
        assertNull(BoundedText.of("   ", 10));
        assertEquals("a b", BoundedText.of("a\nb", 10));
        assertEquals("ééé", BoundedText.of("éééé", 7), "cut at a code point boundary");
    }

    @Test
    void fingerprintsChangeWithBoundsAndStatesButNotWithActivation() {
        AccessibleNode node = new AccessibleNode(
                new AtspiObject(":1.2", "/a/1"),
                new AtspiObject(":1.2", "/a/0"),
                0,
                43,
                "OK",
                List.of("org.a11y.atspi.Action"),
                new AtspiState((1L << 25) | (1L << 30)));
        NodeDetails details = new NodeDetails(new Rect(1, 2, 30, 20), List.of("click"));
        String fingerprint = Identities.elementFingerprint(node, "push button", details);
        assertNotEquals(
                fingerprint,
                Identities.elementFingerprint(
                        node, "push button", new NodeDetails(new Rect(2, 2, 30, 20), List.of("click"))));
        AccessibleNode active = new AccessibleNode(
                node.object(),
                node.parent(),
                0,
                43,
                "OK",
                node.interfaces(),
                new AtspiState(node.state().bits() | (1L << AtspiState.ACTIVE)));
        assertEquals(fingerprint, Identities.elementFingerprint(active, "push button", details));
        AccessibleNode insensitive = new AccessibleNode(
                node.object(),
                node.parent(),
                0,
                43,
                "OK",
                node.interfaces(),
                new AtspiState(node.state().bits() | (1L << AtspiState.SENSITIVE)));
        assertNotEquals(fingerprint, Identities.elementFingerprint(insensitive, "push button", details));
    }
}

package org.praefectus.api.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.CanonicalJson;

/**
 * This protocol's additions to the reference's move, drag and hotkey (a pace, a modifier release): absent
 * from the JSON when unset, so the reference's actions keep their bytes and hashes; read back exactly when set;
 * bounded by {@link RequestValidation}.
 */
class PacedActionsTest {

    private static final TargetRef.Coordinates TO =
            new TargetRef.Coordinates(5, 6, "display-0", "e".repeat(64), "f".repeat(64), "1".repeat(64));

    /** The canonical form, which the action hash covers. */
    private static String json(Action action) {
        return new String(CanonicalJson.canonical(ProtocolJson.encode(action)), StandardCharsets.UTF_8);
    }

    private static Action parse(String json) throws ProtocolException {
        return ProtocolJson.parseAction(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void unsetAdditionsLeaveTheReferenceForm() {
        assertEquals("{\"kind\":\"move\"}", json(new Action.Move()));
        assertEquals("{\"keys\":[\"ctrl\",\"s\"],\"kind\":\"hotkey\"}", json(new Action.Hotkey(List.of("ctrl", "s"))));
        assertFalse(json(new Action.Drag(TO, MouseButton.LEFT)).contains("steps"));
        assertFalse(json(new Action.Drag(TO, MouseButton.LEFT)).contains("duration_ms"));
        assertFalse(Action.paced(new Action.Drag(TO, MouseButton.LEFT)));
        assertFalse(Action.paced(new Action.Hotkey(List.of("ctrl", "s"))));
    }

    @Test
    void setAdditionsAreReadBackAndChangeTheHashedForm() throws Exception {
        Action drag = new Action.Drag(TO, MouseButton.RIGHT, 300L, 12L);
        Action move = new Action.Move(250L, null);
        Action hotkey = new Action.Hotkey(List.of("ctrl", "shift", "t"), 30L, true, true);
        for (Action action : List.of(drag, move, hotkey)) {
            assertEquals(action, parse(json(action)));
            assertTrue(Action.paced(action));
        }
        assertTrue(json(drag).contains("\"duration_ms\":300"));
        assertTrue(json(drag).contains("\"steps\":12"));
        assertTrue(json(hotkey).contains("\"key_delay_ms\":30"));
        assertTrue(json(hotkey).contains("\"release_before\":true"));
        assertNotEquals(json(new Action.Drag(TO, MouseButton.RIGHT)), json(drag));
        // null and false read as unset: one canonical form for the hash
        assertEquals(new Action.Move(), parse("{\"kind\":\"move\",\"duration_ms\":null,\"steps\":null}"));
        assertEquals(
                new Action.Hotkey(List.of("a")),
                parse("{\"kind\":\"hotkey\",\"keys\":[\"a\"],\"release_before\":false,\"key_delay_ms\":null}"));
    }

    @Test
    void wrongWireTypesAreRefused() {
        assertEquals(
                ProtocolErrorCode.WRONG_TYPE,
                assertThrows(
                                ProtocolException.class,
                                () -> parse("{\"kind\":\"hotkey\",\"keys\":[\"a\"],\"release_after\":\"yes\"}"))
                        .code());
        assertThrows(ProtocolException.class, () -> parse("{\"kind\":\"move\",\"steps\":4294967296}"));
        assertThrows(ProtocolException.class, () -> parse("{\"kind\":\"move\",\"duration_ms\":-1}"));
        assertThrows(ProtocolException.class, () -> parse("{\"kind\":\"move\",\"pace\":1}"));
    }
}

package org.praefectus.daemon.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.desktop.ProfileAction;
import org.praefectus.api.protocol.MouseButton;

/** The socket's desktop profile fields read into the typed profile action, and what it refuses before anything. */
class SocketProfilesTest {

    private static ProfileAction action(String method, String params) throws Exception {
        return SocketProfiles.action(method, new RequestFields(method, Replies.JSON.readTree(params)));
    }

    private static String refused(String method, String params) {
        return assertThrows(IpcException.class, () -> action(method, params)).code();
    }

    @Test
    void peekabooxsFourRatioFieldsAreTheDragsTwoPoints() throws Exception {
        ProfileAction drag = action(
                "desktop_drag",
                "{\"app\":\"a\",\"target\":\"t\",\"from_ratio_x\":0.5,\"from_ratio_y\":0.25,"
                        + "\"to_ratio_x\":0.9,\"to_ratio_y\":0.25,\"duration_ms\":300,\"dry_run\":true}");
        assertEquals(ProfileAction.DRAG, drag.verb());
        assertArrayEquals(new double[] {0.5, 0.25}, drag.fromRatio());
        assertArrayEquals(new double[] {0.9, 0.25}, drag.toRatio());
        assertEquals(300L, drag.durationMs());
        assertTrue(drag.dryRun());
        assertEquals("t", drag.aim().target());
    }

    @Test
    void aClickTakesItsButtonAndATypeIntoItsTextAndClear() throws Exception {
        ProfileAction click =
                action("desktop_click", "{\"app\":\"a\",\"target\":\"t\",\"button\":\"right\",\"verify\":true}");
        assertEquals(MouseButton.RIGHT, click.button());
        assertTrue(click.verify());
        assertFalse(click.dryRun());
        ProfileAction typed =
                action("desktop_type_into", "{\"app\":\"a\",\"target\":\"t\",\"text\":\"hi\",\"clear\":true}");
        assertEquals("hi", typed.text());
        assertTrue(typed.clear());
    }

    @Test
    void halfARatioAMissingFieldOrAnUnknownFieldIsRefusedBeforeAnything() {
        for (String params : List.of(
                "{\"app\":\"a\",\"target\":\"t\",\"to_ratio_x\":0.9}",
                "{\"app\":\"a\",\"target\":\"t\",\"to_ratio_y\":0.9}",
                "{\"app\":\"a\",\"target\":\"t\",\"to_ratio_x\":\"0.9\",\"to_ratio_y\":0.2}",
                "{\"app\":\"a\",\"target\":\"t\",\"from_ratio_x\":0.1,\"from_ratio_y\":0.2}",
                "{\"app\":\"a\",\"target\":\"t\",\"from_ratio_x\":1.5,\"from_ratio_y\":0.2,"
                        + "\"to_ratio_x\":0.9,\"to_ratio_y\":0.2}",
                "{\"app\":\"a\",\"from_ratio_x\":0.1,\"from_ratio_y\":0.2,\"to_ratio_x\":0.9,\"to_ratio_y\":0.2}",
                "{}")) {
            assertEquals("invalid_request", refused("desktop_drag", params), params);
        }
        assertEquals("invalid_request", refused("desktop_type_into", "{\"app\":\"a\",\"target\":\"t\"}"));
        assertEquals("invalid_request", refused("desktop_click", "{\"app\":\"a\",\"target\":\"t\",\"count\":4}"));
        // a field this daemon does not implement is named, never dropped (PeekabooX's image_path: a vision locate)
        assertEquals(
                "unsupported_field",
                refused("desktop_click", "{\"app\":\"a\",\"target\":\"t\",\"image_path\":\"/tmp/x.png\"}"));
        assertEquals(
                "unsupported_field",
                refused("desktop_type_into", "{\"app\":\"a\",\"target\":\"t\",\"text\":\"x\",\"press_return\":true}"));
    }
}

package org.praefectus.daemon.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.desktop.ClipboardRestore;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.MouseButton;

/** The socket's input fields read into the desktop service's typed request, and what it refuses. */
class SocketDesktopTest {

    private static InputRequest input(String method, String params) throws Exception {
        return SocketDesktop.input(method, new RequestFields(method, Replies.JSON.readTree(params)));
    }

    private static IpcException refused(String method, String params) {
        return assertThrows(IpcException.class, () -> input(method, params));
    }

    @Test
    void aDragTakesPeekabooxsFromAndToFields() throws Exception {
        // regression: the socket's drag built `drag --from-x …`, which the command refused as an unknown option
        InputRequest drag = input(
                "drag",
                "{\"from_x\":10,\"from_y\":20,\"to_x\":300,\"to_y\":40,\"button\":\"right\",\"duration_ms\":250,"
                        + "\"steps\":5,\"dry_run\":true}");
        assertEquals("drag", drag.verb());
        assertArrayEquals(new long[] {10, 20}, drag.point());
        assertArrayEquals(new long[] {300, 40}, drag.to());
        assertEquals(MouseButton.RIGHT, drag.button());
        assertEquals(250L, drag.pace().durationMs());
        assertEquals(5L, drag.pace().steps());
        assertTrue(drag.dryRun());
    }

    @Test
    void aDryRunMoveIsADryRun() throws Exception {
        // regression: a PeekabooX client's dry_run was dropped and the pointer moved for real
        assertTrue(input("move_mouse", "{\"x\":300,\"y\":300,\"dry_run\":true}").dryRun());
        InputRequest relative = input("move_mouse", "{\"relative\":{\"x\":5,\"y\":-3},\"dry_run\":true}");
        assertArrayEquals(new long[] {5, -3}, relative.relative());
        assertTrue(relative.dryRun());
    }

    @Test
    void hotkeysTakeAListOrAChordAndTypingTakesItsPace() throws Exception {
        assertEquals(
                List.of("ctrl", "s"),
                input("hotkey", "{\"keys\":[\"ctrl\",\"s\"]}").keys());
        assertEquals(
                List.of("ctrl", "s"), input("hotkey", "{\"keys\":\"ctrl+s\"}").keys());
        // an explicit key delay wins over a typing speed, as in PeekabooX
        assertEquals(
                15L,
                input("type_text", "{\"text\":\"hi\",\"typing_speed_chars_per_second\":20,\"key_delay_ms\":15}")
                        .pace()
                        .keyDelayMs());
        assertEquals(
                50L,
                input("type_text", "{\"text\":\"hi\",\"typing_speed_chars_per_second\":20}")
                        .pace()
                        .keyDelayMs());
        InputRequest paste =
                input("paste_text", "{\"text\":\"x\",\"preserve_clipboard\":true,\"restore_policy\":\"strict\"}");
        assertEquals(ClipboardRestore.STRICT, paste.clipboard());
        assertNull(input("paste_text", "{\"text\":\"x\"}").clipboard());
    }

    @Test
    void theInputVocabularysWordsAndBoundsAreTheOnesEverySurfaceShares() throws Exception {
        // the CLI, the socket and gRPC read these through InputLimits: one set of words and bounds
        assertEquals(
                ClipboardRestore.BEST_EFFORT,
                input("paste_text", "{\"text\":\"x\",\"preserve_clipboard\":true,\"restore_policy\":\"best_effort\"}")
                        .clipboard());
        assertEquals(
                "restore_policy 'later' is strict, best-effort or off",
                refused("paste_text", "{\"text\":\"x\",\"preserve_clipboard\":true,\"restore_policy\":\"later\"}")
                        .getMessage());
        assertEquals(
                "bounds_policy 'wrap' is clamp or fail",
                refused("click", "{\"x\":1,\"y\":2,\"bounds_policy\":\"wrap\"}").getMessage());
        assertTrue(
                input("click", "{\"x\":1,\"y\":2,\"bounds_policy\":\"clamp\"}").clamp());
        String longest = "x".repeat(org.praefectus.api.desktop.InputLimits.MAX_TEXT_BYTES);
        assertEquals(
                longest, input("type_text", "{\"text\":\"" + longest + "\"}").text());
        assertEquals(
                "invalid_request",
                refused("type_text", "{\"text\":\"" + longest + "y\"}").code());
        assertEquals(
                "invalid_request",
                refused("hotkey", "{\"keys\":\"ctrl+s\",\"repeat\":101}").code());
    }

    @Test
    void aFieldThisDaemonDoesNotImplementIsRefusedByNameBeforeAnythingHappens() {
        IpcException unknown = refused("move_mouse", "{\"x\":1,\"y\":2,\"teleport\":true}");
        assertEquals("unsupported_field", unknown.code());
        assertTrue(unknown.getMessage().contains("teleport"), unknown::getMessage);
        // a field of another verb is not this verb's
        assertEquals(
                "unsupported_field",
                refused("move_mouse", "{\"x\":1,\"y\":2,\"text\":\"a\"}").code());
        assertEquals(
                "unsupported_field",
                refused("click", "{\"x\":1,\"y\":2,\"vision_fallback\":true}").code());
        assertEquals(
                "unsupported_field",
                refused("click", "{\"x\":1,\"y\":2,\"backend\":\"ydotool\"}").code());
        // null is a field not given
        assertFalse(assertDoesNotThrow("{\"x\":1,\"y\":2,\"dry_run\":null}").dryRun());
    }

    private static InputRequest assertDoesNotThrow(String params) {
        try {
            return input("move_mouse", params);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void malformedFieldsAndEmptySelectorsAreInvalid() {
        assertEquals("invalid_request", refused("move_mouse", "{\"x\":1}").code());
        assertEquals(
                "invalid_request",
                refused("move_mouse", "{\"x\":\"1\",\"y\":2}").code());
        assertEquals(
                "invalid_request",
                refused("click", "{\"x\":1,\"y\":2,\"button\":\"thumb\"}").code());
        assertEquals("invalid_request", refused("hotkey", "{\"keys\":[]}").code());
        assertEquals(
                "invalid_request", refused("hotkey", "{\"keys\":\"ctrl++\"}").code());
        assertEquals("invalid_request", refused("type_text", "{}").code());
        assertEquals(
                "invalid_request",
                refused("drag", "{\"from_x\":1,\"from_y\":2,\"duration_ms\":999999}")
                        .code());
        // regression: '' and ',,,' matched every element
        assertEquals("invalid_selector", refused("click", "{\"selector\":\"\"}").code());
        assertEquals(
                "invalid_selector",
                refused("click", "{\"semantic_selector\":\",,,\"}").code());
    }

    @Test
    void aScrollTakesItsDirectionAmountAndAimLikeAPointerVerb() throws Exception {
        InputRequest scroll = input(
                "scroll",
                "{\"selector\":\"role=slider\",\"window_title\":\"Level\",\"direction\":\"down\","
                        + "\"amount\":3,\"dry_run\":true}");
        assertEquals("scroll", scroll.verb());
        assertEquals(Direction.DOWN, scroll.direction());
        assertEquals(3, scroll.count(), "a scroll's wheel steps are its count");
        assertEquals("Level", scroll.scope().windowTitle());
        assertTrue(scroll.dryRun());
        InputRequest atPoint = input("scroll", "{\"x\":10,\"y\":20,\"direction\":\"left\"}");
        assertArrayEquals(new long[] {10, 20}, atPoint.point());
        assertEquals(1, atPoint.count(), "one wheel step unless asked");
        InputRequest here = input("scroll", "{\"direction\":\"up\"}");
        assertNull(here.point(), "no aim: where the pointer is");
        assertNull(here.selector());
    }

    @Test
    void aBadDirectionOrAmountIsInvalidAndForeignFieldsAreRefusedByName() {
        assertEquals("invalid_request", refused("scroll", "{\"x\":1,\"y\":2}").code());
        assertEquals(
                "invalid_request",
                refused("scroll", "{\"x\":1,\"y\":2,\"direction\":\"sideways\"}")
                        .code());
        assertEquals(
                "invalid_request",
                refused("scroll", "{\"direction\":\"down\",\"amount\":0}").code());
        assertEquals(
                "invalid_request",
                refused("scroll", "{\"direction\":\"down\",\"amount\":101}").code());
        IpcException button = refused("scroll", "{\"direction\":\"down\",\"button\":\"left\"}");
        assertEquals("unsupported_field", button.code());
        assertTrue(button.getMessage().contains("button"), button::getMessage);
        assertEquals(
                "unsupported_field",
                refused("scroll", "{\"direction\":\"down\",\"count\":2}").code());
        assertEquals(
                "unsupported_field",
                refused("click", "{\"x\":1,\"y\":2,\"direction\":\"down\"}").code());
    }
}

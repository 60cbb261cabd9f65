package org.praefectus.daemon.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CliTranslationTest {

    private static List<String> argv(String method, String params) throws Exception {
        return CliTranslation.forMethod(method).orElseThrow().argv(Replies.JSON.readTree(params));
    }

    @Test
    void captureDeltaBecomesTheCommandWithPeekabooxFieldsRenamed() throws Exception {
        assertEquals(
                List.of(
                        "capture-delta",
                        "--stream",
                        "s",
                        "--region",
                        "0,0,10,20",
                        "--threshold",
                        "3",
                        "--reset",
                        "--full-frame"),
                argv(
                        "capture_delta",
                        "{\"stream_id\":\"s\",\"region\":{\"x\":0,\"y\":0,\"width\":10,\"height\":20},"
                                + "\"per_channel_threshold\":3,\"reset\":true,\"low_bandwidth\":false}"));
    }

    @Test
    void listsRepeatTheirOptionAndPositionalsComeFirst() throws Exception {
        assertEquals(
                List.of("state", "--image", "a.png", "--image", "b.png"),
                argv("detect_ui_state", "{\"image_paths\":[\"a.png\",\"b.png\"]}"));
        assertEquals(
                List.of("plugin-call", "p", "t", "--args", "{\"a\":1}"),
                argv("call_plugin_tool", "{\"plugin_id\":\"p\",\"tool\":\"t\",\"arguments\":{\"a\":1}}"));
    }

    @Test
    void theDesktopVerbsAreNoLongerCommandLines() {
        for (String method : SocketDesktop.METHODS) {
            assertTrue(CliTranslation.forMethod(method).isEmpty(), method + " is a typed method of the socket");
        }
    }

    @Test
    void theDesktopProfileMethodsAreNoLongerCommandLines() throws Exception {
        // #35: the socket's desktop_* methods adapt the typed DesktopProfiles service (SocketProfiles)
        for (String method : SocketProfiles.METHODS) {
            assertTrue(CliTranslation.forMethod(method).isEmpty(), method + " is a typed method of the socket");
        }
        assertEquals(
                List.of("capture-backends", "--probe", "frame", "--diagnose"),
                argv("capture_backends", "{\"probe\":\"frame\",\"diagnose\":true}"));
    }

    @Test
    void missingPositionalsAndOddTypesAreInvalidRequests() {
        assertEquals(
                "invalid_request",
                assertThrows(IpcException.class, () -> argv("call_plugin_tool", "{\"tool\":\"t\"}"))
                        .code());
        assertEquals(
                "invalid_request",
                assertThrows(IpcException.class, () -> argv("ocr", "{\"language\":{\"nested\":true}}"))
                        .code());
    }
}

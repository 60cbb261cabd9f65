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
    void theVisionCaptureAndPluginMethodsAreNoLongerCommandLines() {
        for (String method : List.of(
                "capture",
                "capture_delta",
                "capture_backends",
                "ocr",
                "compare_images",
                "detect_ui_state",
                "detect_ui_elements",
                "list_plugins",
                "call_plugin_tool")) {
            assertTrue(CliTranslation.forMethod(method).isEmpty(), method + " is a typed method of the socket");
        }
    }

    @Test
    void theDesktopVerbsAreNoLongerCommandLines() {
        for (String method : SocketDesktop.METHODS) {
            assertTrue(CliTranslation.forMethod(method).isEmpty(), method + " is a typed method of the socket");
        }
    }

    @Test
    void theDesktopProfileMethodsAreNoLongerCommandLines() {
        // #35: the socket's desktop_* methods adapt the typed DesktopProfiles service (SocketProfiles)
        for (String method : SocketProfiles.METHODS) {
            assertTrue(CliTranslation.forMethod(method).isEmpty(), method + " is a typed method of the socket");
        }
    }

    @Test
    void capabilitiesAndSurfacesAreStillTheirCommandsAndOddTypesAreInvalidRequests() throws Exception {
        assertEquals(List.of("capabilities"), argv("capabilities", "{}"));
        assertEquals(List.of("surfaces"), argv("surfaces", "{}"));
        assertEquals(
                "invalid_request",
                assertThrows(IpcException.class, () -> argv("surfaces", "{\"filter\":{\"nested\":true}}"))
                        .code());
    }
}

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
    void theDesktopHelpersBecomeTheDesktopCommandsVerbs() throws Exception {
        assertEquals(
                List.of("desktop", "locate", "--app", "text-editor", "--target", "document", "--window-title", "n"),
                argv("desktop_locate", "{\"app\":\"text-editor\",\"target\":\"document\",\"window_title\":\"n\"}"));
        assertEquals(
                List.of("desktop", "click", "--app", "a", "--target", "t", "--dry-run"),
                argv("desktop_click", "{\"app\":\"a\",\"target\":\"t\",\"dry_run\":true,\"verify\":false}"));
        assertEquals(List.of("desktop", "profiles"), argv("desktop_profiles", "{}"));
        // PeekabooX's four ratio fields are the command's two points
        assertEquals(
                List.of(
                        "desktop",
                        "drag",
                        "--app",
                        "a",
                        "--target",
                        "t",
                        "--from-ratio",
                        "0.5,0.25",
                        "--to-ratio",
                        "0.9,0.25"),
                argv(
                        "desktop_drag",
                        "{\"app\":\"a\",\"target\":\"t\",\"from_ratio_x\":0.5,\"from_ratio_y\":0.25,"
                                + "\"to_ratio_x\":0.9,\"to_ratio_y\":0.25}"));
    }

    @Test
    void halfARatioOrARatioThatIsNoNumberIsAnInvalidRequest() {
        for (String params : List.of(
                "{\"app\":\"a\",\"to_ratio_x\":0.9}",
                "{\"app\":\"a\",\"to_ratio_y\":0.9}",
                "{\"app\":\"a\",\"to_ratio_x\":\"0.9\",\"to_ratio_y\":0.2}")) {
            assertEquals(
                    "invalid_request",
                    assertThrows(IpcException.class, () -> argv("desktop_drag", params))
                            .code(),
                    params);
        }
    }
}

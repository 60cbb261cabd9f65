package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.host.CapabilityProfile;

/**
 * The desktop profile tools read their arguments into the typed profile request, refuse what they do not take before
 * anything is planned or signed, and say so when the runtime has no desktop profiles. The real path (the typed
 * service on a real GTK window, the effect read back over pyatspi, the same terminal as the CLI, the socket and gRPC)
 * runs in tests/daemon's ProfileSurfacesTest.
 */
class ProfileTargetToolTest {

    @TempDir
    Path state;

    private static String code(ToolResult result) {
        return String.valueOf(((Map<?, ?>) result.structured().get("error")).get("code"));
    }

    @Test
    void argumentsOutsideTheProfileActionAreRefusedBeforeAnything() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            ToolHost host = fixture.host(CapabilityProfile.OPERATOR);
            for (Map<String, Object> bad : List.<Map<String, Object>>of(
                    // a profile action is aimed by its profile: no selector of the caller's
                    Map.of("app", "text-editor", "target", "document", "text", "secret words", "selector", "role=x"),
                    Map.of("app", "text-editor", "target", "document", "text", "x", "press_return", true),
                    Map.of("app", "text-editor", "target", "document"))) {
                assertEquals(
                        "invalid_arguments",
                        code(host.call("desktop_type_into", bad, HostFixture.call())),
                        bad.toString());
            }
            for (Map<String, Object> bad : List.<Map<String, Object>>of(
                    Map.of("app", "drawing", "target", "canvas", "to_ratio", List.of(1.0, 0.5)),
                    Map.of(
                            "app",
                            "drawing",
                            "target",
                            "canvas",
                            "from_ratio",
                            List.of(0.0, 0.5),
                            "to_ratio",
                            List.of(1.5, 0.5)),
                    Map.of(
                            "app",
                            "drawing",
                            "target",
                            "canvas",
                            "from_ratio",
                            List.of(0.0, 0.5),
                            "to_ratio",
                            List.of(1.0, 0.5),
                            "button",
                            "right"),
                    Map.of("app", "drawing", "target", "canvas", "to_tag", "e1"))) {
                assertEquals(
                        "invalid_arguments", code(host.call("desktop_drag", bad, HostFixture.call())), bad.toString());
            }
            assertEquals(
                    "invalid_arguments",
                    code(host.call(
                            "desktop_click",
                            Map.of("app", "text-editor", "target", "document", "count", 4),
                            HostFixture.call())));
            assertEquals(
                    "invalid_arguments",
                    code(host.call("desktop_focus", Map.of("app", "text-editor", "target", "x"), HostFixture.call())));
        }
        assertFalse(Files.readString(state.resolve("audit.jsonl")).contains("secret words"));
    }

    @Test
    void aRuntimeWithoutDesktopProfilesSaysSoOnEveryProfileTool() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            ToolHost host = fixture.host(CapabilityProfile.OPERATOR);
            Map<String, Map<String, Object>> calls = Map.of(
                    "desktop_profiles",
                    Map.of(),
                    "desktop_locate",
                    Map.of("app", "text-editor", "target", "document"),
                    "desktop_assert",
                    Map.of("app", "text-editor", "target", "document"),
                    "desktop_focus",
                    Map.of("app", "text-editor"),
                    "desktop_click",
                    Map.of("app", "text-editor", "target", "document"),
                    "desktop_type_into",
                    Map.of("app", "text-editor", "target", "document", "text", "x"),
                    "desktop_drag",
                    Map.of(
                            "app",
                            "drawing",
                            "target",
                            "canvas",
                            "from_ratio",
                            List.of(0.0, 0.5),
                            "to_ratio",
                            List.of(1.0, 0.5)));
            calls.forEach((tool, args) ->
                    assertEquals("desktop_unavailable", code(host.call(tool, args, HostFixture.call())), tool));
        }
    }
}

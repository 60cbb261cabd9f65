package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.host.CapabilityProfile;

/**
 * The catalog: every definition in {@code tools.json} has exactly one {@link Tool} in {@link ToolHost} and
 * every tool a definition; the profiles list the desktop tools as documented; an input tool without a target
 * is refused as invalid arguments before anything is observed, and under the observe profile it is refused
 * by the profile.
 */
class ToolCatalogClassesTest {

    @TempDir
    Path state;

    private static Set<String> definitions() throws Exception {
        try (InputStream in = ToolHost.class.getResourceAsStream("/org/praefectus/mcp/server/tools.json")) {
            List<Map<String, Object>> list = new ObjectMapper().readValue(in, new TypeReference<>() {});
            return list.stream().map(d -> (String) d.get("name")).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private static String code(ToolResult result) {
        return (String) ((Map<?, ?>) result.structured().get("error")).get("code");
    }

    @Test
    void everyDefinitionHasOneToolClassAndEveryToolADefinition() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            assertEquals(
                    definitions(),
                    new TreeSet<>(fixture.host(CapabilityProfile.OPERATOR).toolNames()));
        }
    }

    @Test
    void aBrowserPageOffersItsToolsAndActOpensOnlyHttpUrlsThere() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            ToolHost browser = fixture.browserHost(CapabilityProfile.OPERATOR);
            assertEquals(ToolSet.BROWSER, browser.toolSet());
            assertEquals(
                    Set.of(
                            "capabilities",
                            "status",
                            "observe",
                            "act",
                            "navigate_back",
                            "find",
                            "wait_for",
                            "tabs",
                            "screenshot",
                            "fill_form"),
                    browser.toolNames());
            for (String url : List.of("file:///etc/passwd", "javascript:alert(1)", "/login.html", "http://u:p@host/")) {
                ToolResult refused = browser.call("act", Map.of("action", "open", "url", url), HostFixture.call());
                assertEquals("invalid_arguments", code(refused), url);
            }
            ToolResult click = browser.call("act", Map.of("action", "click", "tag", "e1"), HostFixture.call());
            assertEquals("invalid_arguments", code(click));
            ToolResult noObservation =
                    browser.call("act", Map.of("action", "open", "url", "https://example.org/"), HostFixture.call());
            assertEquals("no_observation", code(noObservation));
            ToolResult desktopOpen = fixture.host(CapabilityProfile.OPERATOR)
                    .call("act", Map.of("action", "open", "url", "https://example.org/"), HostFixture.call());
            assertEquals("invalid_arguments", code(desktopOpen));
        }
    }

    @Test
    void profilesListTheDesktopToolsAsDocumented() {
        for (String readOnly : List.of("find_elements", "find_element", "elements", "list_windows", "capture_delta")) {
            for (CapabilityProfile p : CapabilityProfile.values()) {
                assertTrue(ToolCapabilities.allows(p, readOnly), p + " " + readOnly);
            }
        }
        for (String semantic : List.of("click", "type_text")) {
            assertFalse(ToolCapabilities.allows(CapabilityProfile.OBSERVE, semantic));
            assertFalse(ToolCapabilities.allows(CapabilityProfile.PLAN, semantic));
            assertTrue(ToolCapabilities.allows(CapabilityProfile.ASSIST, semantic));
            assertTrue(ToolCapabilities.allows(CapabilityProfile.OPERATOR, semantic));
        }
        for (String input : List.of("paste_text", "hotkey", "press", "scroll", "drag", "move_mouse")) {
            assertFalse(ToolCapabilities.allows(CapabilityProfile.ASSIST, input), input);
            assertTrue(ToolCapabilities.allows(CapabilityProfile.OPERATOR, input), input);
        }
    }

    @Test
    void anInputToolWithoutATargetIsInvalidAndUnderObserveDenied() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            ToolResult untargeted = fixture.host(CapabilityProfile.OPERATOR)
                    .call("type_text", Map.of("text", "secret words"), HostFixture.call());
            assertTrue(untargeted.error());
            assertEquals("invalid_arguments", code(untargeted));
            ToolResult denied = fixture.host(CapabilityProfile.OBSERVE)
                    .call("click", Map.of("selector", "role=push button"), HostFixture.call());
            assertEquals("capability_denied", code(denied));
            ToolResult noDesktop = fixture.host(CapabilityProfile.OBSERVE)
                    .call("find_elements", Map.of("selector", "role=push button"), HostFixture.call());
            assertEquals("executor_unavailable", code(noDesktop));
        }
        String audit = Files.readString(state.resolve("audit.jsonl"));
        assertFalse(audit.contains("secret words"));
        assertFalse(audit.contains("push button"), "selectors are never audited");
    }

    @Test
    void captureDeltaNeedsAStreamIdAndWithoutCaptureIsUnavailable() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            ToolHost host = fixture.host(CapabilityProfile.OBSERVE);
            assertEquals("invalid_arguments", code(host.call("capture_delta", Map.of(), HostFixture.call())));
            assertEquals(
                    "invalid_arguments",
                    code(host.call("capture_delta", Map.of("stream_id", "a stream/with spaces"), HostFixture.call())));
            assertEquals(
                    "invalid_arguments",
                    code(host.call(
                            "capture_delta",
                            Map.of("stream_id", "s1", "per_channel_threshold", 256),
                            HostFixture.call())));
            ToolResult unavailable = host.call("capture_delta", Map.of("stream_id", "s1"), HostFixture.call());
            assertEquals("capture_unavailable", code(unavailable));
            assertEquals(true, unavailable.structured().get("retry_safe"));
        }
        assertTrue(Files.readString(state.resolve("audit.jsonl")).contains("\"reason\":\"capture_unavailable\""));
    }
}

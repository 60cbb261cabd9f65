package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.cli.CommandLine;

/**
 * desktop_click, desktop_type_into and desktop_drag are the input tools with the profile's selector and window application:
 * what the profile says is passed on, what the caller may add is passed on unchanged, anything else is refused,
 * and a target the profile lacks or that does not support the verb never reaches the input tool. The real
 * path (a zenity profile, a signed set_value read back over AT-SPI) runs in tests/mcp-client's stdio session.
 */
class ProfileTargetToolTest {

    private static final String PROFILES =
            "{\"ok\":true,\"data\":{\"schema_version\":\"desktop-profile.v1\",\"count\":1,"
                    + "\"profiles\":[{\"app\":\"zenity-entry\",\"window\":{\"app\":\"zenity\"},\"targets\":{\"entry\":"
                    + "{\"selector\":\"role=text,state=editable\",\"supports\":[\"locate\",\"type-into\"]}}}]}}\n";

    @TempDir
    Path state;

    private final List<Map<String, Object>> delegated = new ArrayList<>();
    private final List<List<String>> ran = new ArrayList<>();

    private final Tool recording = new Tool() {
        @Override
        public String name() {
            return "inner";
        }

        @Override
        public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
            delegated.add(Map.copyOf(args));
            return ToolResult.ok(Map.of("action", "set_value"));
        }
    };

    private Tool tool(HostFixture fixture, String name, String envelope) {
        CommandLine commandLine = (arguments, out, err) -> {
            ran.add(List.copyOf(arguments));
            try {
                out.write(envelope.getBytes(StandardCharsets.UTF_8));
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
            return CommandLine.EXIT_OK;
        };
        return ProfileTargetTool.all(recording, recording, recording, fixture.services(commandLine)).stream()
                .filter(t -> t.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void theInputToolGetsTheProfilesSelectorAndApplicationWithTheCallersArguments() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            ToolResult result = tool(fixture, "desktop_type_into", PROFILES)
                    .call(
                            Map.of(
                                    "app", "zenity-entry",
                                    "target", "entry",
                                    "text", "hello",
                                    "window_title", "Notes",
                                    "operation_id", "op-1"),
                            HostFixture.call());
            assertEquals("set_value", result.structured().get("action"));
            assertEquals(List.of(List.of("desktop", "profiles", "--app", "zenity-entry", "--target", "entry")), ran);
            assertEquals(
                    List.of(Map.of(
                            "selector", "role=text,state=editable",
                            "app", "zenity",
                            "text", "hello",
                            "window_title", "Notes",
                            "operation_id", "op-1")),
                    delegated);
        }
    }

    @Test
    void aProfileDragIsTheDragWithinTheTargetBetweenTheCallersRatios() throws Exception {
        String scale = "{\"ok\":true,\"data\":{\"count\":1,\"profiles\":[{\"app\":\"zenity-scale\","
                + "\"window\":{\"app\":\"zenity\"},\"targets\":{\"slider\":{\"selector\":\"role=slider\","
                + "\"supports\":[\"drag\"]}}}]}}\n";
        try (HostFixture fixture = new HostFixture(state)) {
            tool(fixture, "desktop_drag", scale)
                    .call(
                            Map.of(
                                    "app",
                                    "zenity-scale",
                                    "target",
                                    "slider",
                                    "from_ratio",
                                    List.of(0.0, 0.5),
                                    "to_ratio",
                                    List.of(1.0, 0.5)),
                            HostFixture.call());
            assertEquals(
                    List.of(Map.of(
                            "selector",
                            "role=slider",
                            "app",
                            "zenity",
                            "from_ratio",
                            List.of(0.0, 0.5),
                            "to_ratio",
                            List.of(1.0, 0.5))),
                    delegated);
            assertThrows(
                    ToolArguments.InvalidArgument.class,
                    () -> tool(fixture, "desktop_drag", scale)
                            .call(
                                    Map.of("app", "zenity-scale", "target", "slider", "to_tag", "e1"),
                                    HostFixture.call()),
                    "a profile drag stays within its target");
        }
        assertEquals(0.25, ToolArguments.ratioArgument(Map.of("r", List.of(0.25, 1)), "r")[0]);
        for (Object bad : List.of(List.of(1.5, 0.5), List.of(0.5), List.of("0.5", "0.5"), "0.5,0.5")) {
            assertThrows(ToolArguments.InvalidArgument.class, () -> ToolArguments.ratioArgument(Map.of("r", bad), "r"));
        }
    }

    @Test
    void aTargetTheProfileLacksOrThatCannotDoTheVerbNeverReachesTheInputTool() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            ToolResult unsupported = tool(fixture, "desktop_click", PROFILES)
                    .call(Map.of("app", "zenity-entry", "target", "entry"), HostFixture.call());
            assertEquals(
                    "unsupported_by_profile",
                    ((Map<?, ?>) unsupported.structured().get("error")).get("code"));
            ToolResult unknown = tool(
                            fixture, "desktop_click", "{\"ok\":true,\"data\":{\"count\":0,\"profiles\":[]}}\n")
                    .call(Map.of("app", "nothing", "target", "entry"), HostFixture.call());
            assertEquals(
                    "unknown_profile_target", ((Map<?, ?>) unknown.structured().get("error")).get("code"));
            assertThrows(
                    ToolArguments.InvalidArgument.class,
                    () -> tool(fixture, "desktop_type_into", PROFILES)
                            .call(
                                    Map.of("app", "zenity-entry", "target", "entry", "text", "x", "selector", "role=x"),
                                    HostFixture.call()));
            assertThrows(
                    ToolArguments.InvalidArgument.class,
                    () -> tool(fixture, "desktop_click", PROFILES)
                            .call(Map.of("app", "--dry-run", "target", "entry"), HostFixture.call()));
            assertTrue(delegated.isEmpty());
        }
    }
}

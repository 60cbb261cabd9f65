package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.cli.CommandLine;

/**
 * The tools a CLI verb answers: each argument becomes its flag, in one fixed order, a value is never read as a
 * flag, an argument the tool does not take is refused before the command runs, and the command's envelope
 * becomes the structured content or the tool error (its details kept). The real command line answers them in
 * tests/mcp-client's stdio session on the test desktop.
 */
class CommandToolTest {

    @TempDir
    Path state;

    private static CommandTool tool(String name, HostServices services) {
        return CommandTool.all(services).stream()
                .filter(t -> t.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    private static Map<String, Object> args(Object... keysAndValues) {
        Map<String, Object> args = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            args.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return args;
    }

    /** The fixture's services with a command line that records what it ran and answers {@code envelope}. */
    private static HostServices answering(HostFixture fixture, String envelope, List<List<String>> ran) {
        return fixture.services((arguments, out, err) -> {
            ran.add(List.copyOf(arguments));
            try {
                out.write(envelope.getBytes(StandardCharsets.UTF_8));
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
            return CommandLine.EXIT_OK;
        });
    }

    @Test
    void eachArgumentBecomesItsFlagInOneOrder() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            assertEquals(
                    List.of("preflight", "--operation", "click", "display", "x11"),
                    tool("preflight", fixture.services())
                            .commandWords(args("categories", List.of("display", "x11"), "operation", "click")));
            assertEquals(
                    List.of("capture-backends", "--diagnose", "--probe", "frame"),
                    tool("capture_backends", fixture.services())
                            .commandWords(args("probe", "frame", "diagnose", true)));
        }
    }

    @Test
    void argumentsTheToolDoesNotTakeOrThatLookLikeFlagsAreRefused() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            CommandTool backends = tool("capture_backends", fixture.services());
            assertThrows(
                    ToolArguments.InvalidArgument.class,
                    () -> backends.commandWords(args("probe", "frame", "dry_run", true)));
            assertThrows(ToolArguments.InvalidArgument.class, () -> backends.commandWords(args("probe", "--diagnose")));
            assertThrows(
                    ToolArguments.InvalidArgument.class,
                    () -> tool("preflight", fixture.services()).commandWords(args("categories", List.of("-x"))));
            assertThrows(
                    ToolArguments.InvalidArgument.class,
                    () -> tool("preflight", fixture.services()).commandWords(args("categories", "display")));
            assertThrows(ToolArguments.InvalidArgument.class, () -> backends.commandWords(args("probe", 7)));
        }
    }

    @Test
    void theCommandsDataIsTheStructuredContent() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            List<List<String>> ran = new ArrayList<>();
            HostServices services =
                    answering(fixture, "{\"ok\":true,\"data\":{\"count\":2,\"image_backends\":[]}}\n", ran);
            ToolResult result = tool("capture_backends", services).call(args("diagnose", true), HostFixture.call());
            assertEquals(false, result.error());
            assertEquals(2, result.structured().get("count"));
            assertEquals(List.of(List.of("capture-backends", "--diagnose")), ran);
        }
    }

    @Test
    void theCommandsErrorIsTheToolErrorWithItsDetails() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            HostServices services = answering(
                    fixture,
                    "{\"ok\":false,\"error\":{\"code\":\"preflight_blocked\",\"message\":\"blocked categories: [x11]\","
                            + "\"details\":{\"blocked_categories\":[\"x11\"]}}}\n",
                    new ArrayList<>());
            ToolResult result =
                    tool("preflight", services).call(args("categories", List.of("x11")), HostFixture.call());
            assertTrue(result.error());
            Map<?, ?> error = (Map<?, ?>) result.structured().get("error");
            assertEquals("preflight_blocked", error.get("code"));
            assertEquals("blocked categories: [x11]", error.get("message"));
            assertEquals(List.of("x11"), ((Map<?, ?>) result.structured().get("details")).get("blocked_categories"));
        }
    }

    @Test
    void aRuntimeWithoutTheVerbOrWithoutACommandLineSaysSo() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            ToolResult none = tool("capture_backends", fixture.services()).call(args(), HostFixture.call());
            assertEquals("command_unavailable", ((Map<?, ?>) none.structured().get("error")).get("code"));
            HostServices noVerb = answering(
                    fixture,
                    "{\"ok\":false,\"error\":{\"code\":\"usage\",\"message\":\"unknown command: preflight\"}}\n",
                    new ArrayList<>());
            ToolResult unknown =
                    tool("preflight", noVerb).call(args("categories", List.of("display")), HostFixture.call());
            assertEquals(
                    "command_unavailable", ((Map<?, ?>) unknown.structured().get("error")).get("code"));
        }
    }
}

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
            CommandTool assertion = tool("desktop_assert", fixture.services());
            assertEquals(
                    List.of(
                            "desktop",
                            "assert",
                            "--app",
                            "text-editor",
                            "--target",
                            "document",
                            "--window-title",
                            "notes",
                            "--not-exists"),
                    assertion.commandWords(args(
                            "not_exists",
                            true,
                            "active",
                            false,
                            "window_title",
                            "notes",
                            "target",
                            "document",
                            "app",
                            "text-editor")));
        }
    }

    @Test
    void argumentsTheToolDoesNotTakeOrThatLookLikeFlagsAreRefused() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            CommandTool locate = tool("desktop_locate", fixture.services());
            assertThrows(
                    ToolArguments.InvalidArgument.class,
                    () -> locate.commandWords(args("app", "text-editor", "dry_run", true)));
            assertThrows(
                    ToolArguments.InvalidArgument.class,
                    () -> locate.commandWords(args("app", "--dry-run", "target", "document")));
            assertThrows(ToolArguments.InvalidArgument.class, () -> locate.commandWords(args("app", 7)));
        }
    }

    @Test
    void theCommandsDataIsTheStructuredContent() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            List<List<String>> ran = new ArrayList<>();
            HostServices services = answering(fixture, "{\"ok\":true,\"data\":{\"count\":2,\"profiles\":[]}}\n", ran);
            ToolResult result = tool("desktop_profiles", services).call(args("check", true), HostFixture.call());
            assertEquals(false, result.error());
            assertEquals(2, result.structured().get("count"));
            assertEquals(List.of(List.of("desktop", "profiles", "--check")), ran);
        }
    }

    @Test
    void theCommandsErrorIsTheToolErrorWithItsDetails() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            HostServices services = answering(
                    fixture,
                    "{\"ok\":false,\"error\":{\"code\":\"assertion_failed\",\"message\":\"the target is absent\","
                            + "\"details\":{\"exists\":false}}}\n",
                    new ArrayList<>());
            ToolResult result = tool("desktop_assert", services)
                    .call(args("app", "text-editor", "target", "document", "exists", true), HostFixture.call());
            assertTrue(result.error());
            Map<?, ?> error = (Map<?, ?>) result.structured().get("error");
            assertEquals("assertion_failed", error.get("code"));
            assertEquals("the target is absent", error.get("message"));
            assertEquals(false, ((Map<?, ?>) result.structured().get("details")).get("exists"));
        }
    }

    @Test
    void aRuntimeWithoutTheVerbOrWithoutACommandLineSaysSo() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            ToolResult none = tool("desktop_profiles", fixture.services()).call(args(), HostFixture.call());
            assertEquals("command_unavailable", ((Map<?, ?>) none.structured().get("error")).get("code"));
            HostServices noVerb = answering(
                    fixture,
                    "{\"ok\":false,\"error\":{\"code\":\"usage\",\"message\":\"unknown command: desktop\"}}\n",
                    new ArrayList<>());
            ToolResult unknown = tool("desktop_locate", noVerb)
                    .call(args("app", "text-editor", "target", "document"), HostFixture.call());
            assertEquals(
                    "command_unavailable", ((Map<?, ?>) unknown.structured().get("error")).get("code"));
        }
    }
}

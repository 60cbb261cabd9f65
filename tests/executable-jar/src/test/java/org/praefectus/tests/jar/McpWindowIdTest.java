package org.praefectus.tests.jar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * #36 review finding: the window ID {@code launch_app} answers (the desktop's own window ID) is a {@code window_id}
 * scope of the element and input tools. A real MCP client (the official Java SDK, over stdio) launches Mousepad by a
 * desktop ID of this test's own XDG folders, then finds its editable text, types into it and reads it back, each
 * scoped only by that ID; pyatspi (not the project's AT-SPI reader) reads the same text in the window xdotool names
 * by that ID.
 */
class McpWindowIdTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EDITOR = "praefectus-window-id-editor.desktop";
    private static final String TYPED = "Scoped by the launched window's own ID.";

    /** pyatspi's text of the first editable text in the window titled argv[1]; exit 2 when there is none. */
    private static final String PYATSPI_TEXT = """
            import sys, pyatspi
            def walk(node, depth=0):
                if node is None or depth > 40:
                    return
                yield node
                for i in range(node.childCount):
                    yield from walk(node.getChildAtIndex(i), depth + 1)
            for app in pyatspi.Registry.getDesktop(0):
                for window in (app or []):
                    if window is not None and window.name == sys.argv[1]:
                        for node in walk(window):
                            if node.getRoleName() == "text" and node.getState().contains(pyatspi.STATE_EDITABLE):
                                print(node.queryText().getText(0, -1))
                                sys.exit(0)
            sys.exit(2)
            """;

    @TempDir
    Path state;

    @Test
    void theWindowIdLaunchAppAnswersScopesFindTypeAndReadText() throws Exception {
        JarProcess.requireDesktop();
        String windowId = null;
        try (McpSyncClient client = client()) {
            client.initialize();
            McpSchema.CallToolResult launched =
                    client.callTool(new McpSchema.CallToolRequest("launch_app", Map.of("app", EDITOR)));
            assertFalse(
                    Boolean.TRUE.equals(launched.isError()),
                    () -> structured(launched).toString());
            JsonNode window = structured(launched).get("window");
            assertEquals("mousepad", window.get("app_id").asText(), window::toString);
            windowId = window.get("id").asText();
            Map<String, Object> inEditor = Map.of("selector", "role=text,state=editable", "window_id", windowId);

            JsonNode found = structured(call(client, "find_elements", inEditor));
            assertEquals(1, found.get("count").asInt(), found::toString);

            JsonNode typed = structured(call(client, "type_text", with(inEditor, "text", TYPED)));
            assertEquals("succeeded", typed.at("/terminal/kind").asText(), typed::toString);

            JsonNode read = structured(call(client, "read_text", inEditor));
            assertEquals(TYPED, read.get("text").asText(), read::toString);

            JsonNode waited = structured(call(client, "wait_for", with(inEditor, "timeout_ms", 10_000)));
            assertTrue(waited.get("met").asBoolean(), waited::toString);

            String title = run("xdotool", "getwindowname", windowId).strip();
            assertEquals(
                    TYPED, run("/usr/bin/python3", "-c", PYATSPI_TEXT, title).strip(), "pyatspi reads " + title);
        } finally {
            if (windowId != null) {
                long pid =
                        Long.parseLong(run("xdotool", "getwindowpid", windowId).strip());
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    private static Map<String, Object> with(Map<String, Object> arguments, String name, Object value) {
        Map<String, Object> more = new java.util.HashMap<>(arguments);
        more.put(name, value);
        return more;
    }

    /** An operator-profile server whose XDG folders hold one desktop ID, Mousepad in a window of its own. */
    private McpSyncClient client() throws Exception {
        Path data = state.resolve("data");
        Files.createDirectories(data.resolve("applications"));
        Files.writeString(data.resolve("applications").resolve(EDITOR), """
                [Desktop Entry]
                Type=Application
                Name=Window ID Editor
                Exec=mousepad --disable-server --opening-mode=window
                """);
        ServerParameters server = ServerParameters.builder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString())
                .args(List.of("-jar", JarProcess.jar("praefectus.jar").toString(), "mcp", "--profile", "operator"))
                .env(Map.of(
                        "XDG_STATE_HOME",
                        state.resolve("state").toString(),
                        "XDG_DATA_HOME",
                        data.toString(),
                        "XDG_CONFIG_HOME",
                        state.resolve("config").toString(),
                        "PRAEFECTUS_ALLOW_GLOBAL_INPUT",
                        "1"))
                .build();
        return McpClient.sync(new StdioClientTransport(server, new JacksonMcpJsonMapper(JSON)))
                .requestTimeout(Duration.ofMinutes(3))
                .initializationTimeout(Duration.ofMinutes(2))
                .capabilities(
                        McpSchema.ClientCapabilities.builder().elicitation().build())
                .elicitation(request ->
                        new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT, Map.of("confirm", true)))
                .build();
    }

    private static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(tool, arguments));
        assertFalse(Boolean.TRUE.equals(result.isError()), () -> tool + ": " + structured(result));
        return result;
    }

    private static JsonNode structured(McpSchema.CallToolResult result) {
        return JSON.valueToTree(result.structuredContent());
    }

    private static String run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), String.join(" ", command));
        return out;
    }
}

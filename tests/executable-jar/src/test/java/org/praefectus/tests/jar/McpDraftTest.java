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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The drafting and audit tools of {@code praefectus.jar mcp} driven by the official MCP Java SDK's client over stdio
 * on the test desktop: the runtime's own wiring (the workflow bundle's drafts service, its desktop graph, the MCP
 * host's references) drafts a workflow for a real zenity dialog whose selectors {@code find_elements} resolves to its
 * one button; the draft is saved in the host's workflow folder and loads back unchanged; without a provider refine
 * is {@code provider_unavailable}; {@code capability_audit} reads back the checks the calls made.
 */
class McpDraftTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TITLE = "MCP Draft Dialog";

    @TempDir
    Path state;

    @Test
    void aDraftOfTheRealDesktopResolvesIsSavedInTheWorkflowFolderAndTheChecksAreAudited() throws Exception {
        JarProcess.requireDesktop();
        Process zenity = new ProcessBuilder("zenity", "--entry", "--title", TITLE, "--text", "Name")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (McpSyncClient client = client("plan")) {
            client.initialize();
            Set<String> tools = client.listTools().tools().stream()
                    .map(McpSchema.Tool::name)
                    .collect(Collectors.toSet());
            assertTrue(
                    tools.containsAll(Set.of(
                            "plan_workflow",
                            "generate_workflow",
                            "save_generated_workflow",
                            "refine_workflow",
                            "save_refined_workflow",
                            "replan_workflow",
                            "capability_audit",
                            "confirmation_audit")),
                    tools::toString);
            assertFalse(tools.contains("execute_workflow"), "plan drafts, it never runs");

            call(
                    client,
                    "wait_for",
                    Map.of("selector", "role=push button", "window_title", TITLE, "timeout_ms", 60_000));
            JsonNode draft = structured(call(
                    client,
                    "generate_workflow",
                    Map.of("goal", "press the Cancel button", "refresh_desktop_graph", true)));
            assertEquals("built_in", draft.get("source").asText(), draft::toString);
            assertEquals(
                    "[\"observe\",\"find_element\",\"click\"]",
                    draft.get("actions").toString());
            JsonNode find = draft.at("/workflow/steps/1");
            assertEquals(
                    "role-exact=push button,label-exact=Cancel",
                    find.get("selector").asText(),
                    draft::toString);
            assertEquals(TITLE, find.get("window_title").asText());
            JsonNode found = structured(call(
                    client,
                    "find_elements",
                    Map.of("selector", find.get("selector").asText(), "window_title", TITLE)));
            assertEquals(1, found.get("elements").size(), found::toString);

            Map<String, Object> workflow = JSON.convertValue(draft.get("workflow"), Map.class);
            JsonNode saved = structured(
                    call(client, "save_generated_workflow", Map.of("workflow", workflow, "path", "cancel.yaml")));
            Path file = state.resolve("state/praefectus/workflow/drafts/cancel.yaml");
            assertEquals(file.toString(), saved.get("path").asText());
            assertTrue(Files.isRegularFile(file));
            JsonNode loaded = structured(call(client, "load_workflow_file", Map.of("path", file.toString())));
            assertEquals(draft.get("workflow"), loaded, "the saved draft loads unchanged");
            McpSchema.CallToolResult outside = client.callTool(new McpSchema.CallToolRequest(
                    "save_generated_workflow",
                    Map.of(
                            "workflow",
                            workflow,
                            "path",
                            state.resolve("outside.yaml").toString())));
            assertEquals("invalid_path", structured(outside).at("/error/code").asText());
            assertFalse(Files.exists(state.resolve("outside.yaml")));

            McpSchema.CallToolResult refine = client.callTool(new McpSchema.CallToolRequest(
                    "refine_workflow", Map.of("goal", "press it twice", "workflow", workflow)));
            assertTrue(refine.isError());
            assertEquals(
                    "provider_unavailable", structured(refine).at("/error/code").asText());

            JsonNode audit = structured(call(client, "capability_audit", Map.of()));
            List<String> generateChecks = java.util.stream.StreamSupport.stream(
                            audit.get("events").spliterator(), false)
                    .filter(line -> line.get("tool").asText().equals("generate_workflow"))
                    .map(line -> line.get("decision").asText() + ":"
                            + line.get("capability").asText())
                    .toList();
            assertEquals(List.of("allowed:workflow_generate"), generateChecks, audit::toString);
        }
        try (McpSyncClient observer = client("observe")) {
            observer.initialize();
            McpSchema.CallToolResult denied = observer.callTool(
                    new McpSchema.CallToolRequest("generate_workflow", Map.of("goal", "press the Cancel button")));
            assertEquals(
                    "capability_denied", structured(denied).at("/error/code").asText());
            JsonNode audit = structured(call(observer, "capability_audit", Map.of("limit", 1)));
            assertEquals("refused", audit.at("/events/0/decision").asText(), audit::toString);
            assertEquals("workflow_generate", audit.at("/events/0/capability").asText(), audit::toString);
        } finally {
            zenity.destroyForcibly();
        }
    }

    private McpSyncClient client(String profile) {
        ServerParameters server = ServerParameters.builder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString())
                .args(List.of("-jar", JarProcess.jar("praefectus.jar").toString(), "mcp", "--profile", profile))
                .env(Map.of("XDG_STATE_HOME", state.resolve("state").toString()))
                .build();
        return McpClient.sync(new StdioClientTransport(server, new JacksonMcpJsonMapper(JSON)))
                .requestTimeout(Duration.ofMinutes(3))
                .initializationTimeout(Duration.ofMinutes(2))
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
}

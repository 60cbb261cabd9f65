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
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workflow tools of {@code praefectus.jar mcp} driven by a real MCP client (the official Java SDK's, over stdio,
 * answering the host's confirmations) on the test desktop: templates listed and shown, a workflow file loaded, an
 * inline workflow that types into a real zenity form and presses its OK button (zenity's own output is the oracle),
 * each effect confirmed through elicitation without the text in the question; a declined run and a run whose
 * selector finds nothing are tool errors; the observe profile refuses to run a workflow. Nothing the workflow typed
 * reaches the server's state (run journal, ledger, audit log).
 */
class McpWorkflowTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TITLE = "MCP Workflow Form";
    private static final String TYPED = "typed through an MCP workflow";

    @TempDir
    Path state;

    @Test
    void aWorkflowFillsARealFormThroughTheServersSignedPathAndOnlyASuccessIsNoError() throws Exception {
        JarProcess.requireDesktop();
        List<String> questions = new CopyOnWriteArrayList<>();
        AtomicReference<McpSchema.ElicitResult.Action> answer =
                new AtomicReference<>(McpSchema.ElicitResult.Action.ACCEPT);
        Path out = state.resolve("zenity.out");
        Process zenity = new ProcessBuilder("zenity", "--entry", "--title", TITLE, "--text", "Name")
                .redirectOutput(out.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (McpSyncClient client = client("operator", questions, answer)) {
            client.initialize();
            Set<String> tools = client.listTools().tools().stream()
                    .map(McpSchema.Tool::name)
                    .collect(Collectors.toSet());
            assertTrue(
                    tools.containsAll(Set.of(
                            "load_workflow_file",
                            "execute_workflow",
                            "execute_workflow_file",
                            "list_workflow_templates",
                            "workflow_template_info")),
                    tools::toString);

            JsonNode listed = structured(call(client, "list_workflow_templates", Map.of("capability", "type_text")));
            assertEquals(2, listed.get("count").asInt(), listed::toString);
            JsonNode template =
                    structured(call(client, "workflow_template_info", Map.of("template_id", "semantic-click")));
            assertEquals("click", template.at("/workflow/steps/1/action").asText(), template::toString);
            assertTrue(template.get("yaml").asText().contains("peekaboox.workflow.v1"), template::toString);
            McpSchema.CallToolResult unknown = client.callTool(
                    new McpSchema.CallToolRequest("workflow_template_info", Map.of("template_id", "nope")));
            assertEquals(
                    "unknown_template", structured(unknown).at("/error/code").asText());

            Path invalid = state.resolve("invalid.yaml");
            Files.writeString(invalid, "steps:\n  - action: click\n    colour: red\n");
            McpSchema.CallToolResult refused = client.callTool(
                    new McpSchema.CallToolRequest("load_workflow_file", Map.of("path", invalid.toString())));
            assertTrue(refused.isError());
            assertEquals(
                    "invalid_workflow", structured(refused).at("/error/code").asText());
            assertEquals("colour", structured(refused).get("field").asText());

            call(client, "wait_for", Map.of("selector", "role=text", "window_title", TITLE, "timeout_ms", 60_000));
            Map<String, Object> form = Map.of(
                    "name",
                    "mcp-form",
                    "steps",
                    List.of(
                            Map.of("action", "find_element", "selector", "role=text", "window_title", TITLE),
                            Map.of(
                                    "action",
                                    "type_text",
                                    "selector",
                                    "role=text",
                                    "window_title",
                                    TITLE,
                                    "value",
                                    TYPED),
                            Map.of(
                                    "action",
                                    "click",
                                    "selector",
                                    "role=push button,label-exact=OK",
                                    "window_title",
                                    TITLE)));

            answer.set(McpSchema.ElicitResult.Action.DECLINE);
            McpSchema.CallToolResult declined =
                    client.callTool(new McpSchema.CallToolRequest("execute_workflow", form));
            assertTrue(declined.isError());
            assertEquals(
                    "confirmation_declined",
                    structured(declined).at("/error/code").asText());
            assertTrue(zenity.isAlive(), "a declined run does nothing");

            answer.set(McpSchema.ElicitResult.Action.ACCEPT);
            questions.clear();
            JsonNode run = structured(call(client, "execute_workflow", form));
            assertTrue(run.get("ok").asBoolean(), run::toString);
            assertEquals(3, run.get("steps").size(), run::toString);
            assertEquals("succeeded", run.at("/steps/1/attempts/0/status").asText(), run::toString);
            assertTrue(zenity.waitFor(60, TimeUnit.SECONDS), "the OK button ended the dialog");
            assertEquals(TYPED, Files.readString(out, StandardCharsets.UTF_8).strip(), "zenity printed what was typed");
            assertTrue(questions.get(0).startsWith("Praefectus asks you to allow a workflow"), questions::toString);
            assertTrue(questions.size() >= 3, "the run, then each effect, was confirmed: " + questions);
            assertTrue(questions.stream().anyMatch(q -> q.contains("Text: " + TYPED.length() + " characters")));
            assertTrue(questions.stream().noneMatch(q -> q.contains(TYPED)), "never the typed text in a question");

            Path missing = state.resolve("missing.json");
            Files.writeString(
                    missing,
                    "{\"steps\":[{\"action\":\"click\",\"selector\":\"role=push button,label-exact=Nowhere\","
                            + "\"window_title\":\"" + TITLE + "\",\"retries\":0}]}");
            McpSchema.CallToolResult failed = client.callTool(
                    new McpSchema.CallToolRequest("execute_workflow_file", Map.of("path", missing.toString())));
            assertTrue(failed.isError(), "a run that does not succeed is never isError false");
            JsonNode failure = structured(failed);
            assertEquals("workflow_failed", failure.at("/error/code").asText(), failure::toString);
            assertFalse(failure.get("ok").asBoolean());
            assertEquals("fix_selector", failure.at("/failure/next_action").asText(), failure::toString);
        } finally {
            zenity.destroyForcibly();
        }

        try (McpSyncClient observer = client("observe", questions, answer)) {
            observer.initialize();
            McpSchema.CallToolResult denied = observer.callTool(new McpSchema.CallToolRequest(
                    "execute_workflow", Map.of("steps", List.of(Map.of("action", "observe")))));
            assertTrue(denied.isError());
            assertEquals(
                    "capability_denied", structured(denied).at("/error/code").asText());
            assertEquals(
                    5,
                    structured(call(observer, "list_workflow_templates", Map.of()))
                            .get("count")
                            .asInt());
        }

        try (Stream<Path> files = Files.walk(state)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                if (!file.equals(out)) {
                    String content = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                    assertFalse(content.contains(TYPED), "the typed text reached " + state.relativize(file));
                }
            }
        }
    }

    @Test
    void aRecordingMadeWithTheServersToolsIsSavedAndReplaysOnAFreshForm() throws Exception {
        JarProcess.requireDesktop();
        String typed = "recorded through MCP";
        List<String> questions = new CopyOnWriteArrayList<>();
        AtomicReference<McpSchema.ElicitResult.Action> answer =
                new AtomicReference<>(McpSchema.ElicitResult.Action.ACCEPT);
        Path saved = state.resolve("recorded.json");
        try (McpSyncClient client = client("operator", questions, answer)) {
            client.initialize();
            McpSchema.CallToolResult nothing =
                    client.callTool(new McpSchema.CallToolRequest("stop_workflow_recording", Map.of()));
            assertEquals("not_recording", structured(nothing).at("/error/code").asText());

            Path firstOutput = state.resolve("first.out");
            Process first = form(firstOutput);
            try {
                call(client, "wait_for", Map.of("selector", "role=text", "window_title", TITLE, "timeout_ms", 60_000));
                call(client, "start_workflow_recording", Map.of("name", "mcp-recorded"));
                call(client, "find_elements", Map.of("selector", "role=text", "window_title", TITLE));
                call(client, "type_text", Map.of("selector", "role=text", "window_title", TITLE, "text", typed));
                call(client, "click", Map.of("selector", "role=push button,label-exact=OK", "window_title", TITLE));
                assertTrue(first.waitFor(60, TimeUnit.SECONDS), "OK ended the form");
                assertEquals(
                        typed,
                        Files.readString(firstOutput, StandardCharsets.UTF_8).strip());
            } finally {
                first.destroyForcibly();
            }
            JsonNode stopped = structured(call(client, "stop_workflow_recording", Map.of()));
            assertEquals(
                    "[\"find_element\",\"type_text\",\"click\"]",
                    stopped.get("actions").toString());
            assertFalse(stopped.toString().contains(typed), "stop names actions, never values");
            JsonNode recorded = structured(call(client, "get_recorded_workflow", Map.of()));
            assertEquals(typed, recorded.at("/steps/1/value").asText(), recorded::toString);
            call(client, "save_recorded_workflow", Map.of("path", saved.toString()));

            Path secondOutput = state.resolve("second.out");
            Process second = form(secondOutput);
            try {
                call(client, "wait_for", Map.of("selector", "role=text", "window_title", TITLE, "timeout_ms", 60_000));
                JsonNode replay = structured(call(client, "execute_workflow_file", Map.of("path", saved.toString())));
                assertTrue(replay.get("ok").asBoolean(), replay::toString);
                assertTrue(second.waitFor(60, TimeUnit.SECONDS), "the replayed click pressed OK");
                assertEquals(
                        typed,
                        Files.readString(secondOutput, StandardCharsets.UTF_8).strip());
            } finally {
                second.destroyForcibly();
            }
        }
        try (McpSyncClient assistant = client("assist", questions, answer)) {
            assistant.initialize();
            McpSchema.CallToolResult denied =
                    assistant.callTool(new McpSchema.CallToolRequest("start_workflow_recording", Map.of()));
            assertEquals(
                    "capability_denied", structured(denied).at("/error/code").asText(), "workflow_record: operator");
        }
    }

    private static Process form(Path output) throws java.io.IOException {
        return new ProcessBuilder("zenity", "--entry", "--title", TITLE, "--text", "Name")
                .redirectOutput(output.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    private McpSyncClient client(
            String profile, List<String> questions, AtomicReference<McpSchema.ElicitResult.Action> answer) {
        ServerParameters server = ServerParameters.builder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString())
                .args(List.of("-jar", JarProcess.jar("praefectus.jar").toString(), "mcp", "--profile", profile))
                .env(Map.of("XDG_STATE_HOME", state.resolve("state").toString(), "PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1"))
                .build();
        return McpClient.sync(new StdioClientTransport(server, new JacksonMcpJsonMapper(JSON)))
                .requestTimeout(Duration.ofMinutes(3))
                .initializationTimeout(Duration.ofMinutes(2))
                .capabilities(
                        McpSchema.ClientCapabilities.builder().elicitation().build())
                .elicitation(request -> {
                    questions.add(request.message());
                    return answer.get() == McpSchema.ElicitResult.Action.ACCEPT
                            ? new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT, Map.of("confirm", true))
                            : new McpSchema.ElicitResult(answer.get(), Map.of());
                })
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

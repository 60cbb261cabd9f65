package org.praefectus.tests.jar;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.tests.jar.provider.ScriptedProviderBundle;

/**
 * Issue 37: {@code execute_goal}'s replan end to end, through the real MCP server of the debug runtime (Streamable
 * HTTP) with a real provider: a bundle of its own ({@link ScriptedProviderBundle}, the agent host's model, scripted)
 * started from Gogo beside the runtime. Its first draft types into a real zenity entry, then types again through a
 * selector that finds nothing, then would press OK; its replan fixes the second step. The replan continues the run:
 * zenity's own output (the entry's text when OK ended it) shows the first text typed once, the continued run carries
 * the first run's operation id, and the server's audit shows each step's operation executed once.
 */
class McpGoalReplanTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FIRST = "typed once";
    private static final String SECOND = " then fixed";

    @TempDir
    Path home;

    private Process runtime;
    private Process zenity;

    @AfterEach
    void stop() throws InterruptedException {
        for (Process process : new Process[] {runtime, zenity}) {
            if (process != null) {
                process.destroy();
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            }
        }
    }

    static Map<String, Object> step(String action, String selector, String title, String value) {
        return value == null
                ? Map.of("action", action, "selector", selector, "window_title", title, "retries", 0)
                : Map.of("action", action, "selector", selector, "window_title", title, "value", value, "retries", 0);
    }

    static void workflow(Path file, List<Map<String, Object>> steps) throws IOException {
        Files.writeString(file, JSON.writeValueAsString(Map.of("name", "fill-and-confirm", "steps", steps)));
    }

    @Test
    void aReplanThroughTheMcpServerContinuesTheRunAndNothingThatSucceededIsTypedAgain() throws Exception {
        JarProcess.requireDesktop();
        String title = "Praefectus MCP Goal " + ProcessHandle.current().pid();
        Path out = home.resolve("zenity.out");
        zenity = new ProcessBuilder("zenity", "--entry", "--title", title, "--text", "Name")
                .redirectOutput(out.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        Path script = Files.createDirectories(home.resolve("provider"));
        Map<String, Object> ok = step("click", "role=push button,label-exact=OK", title, null);
        workflow(
                script.resolve("generate.json"),
                List.of(
                        step("type_text", "role=text", title, FIRST),
                        step("type_text", "role=text,label-exact=No such entry anywhere", title, SECOND),
                        ok));
        workflow(
                script.resolve("replan.json"),
                List.of(
                        step("type_text", "role=text", title, FIRST),
                        step("type_text", "role=text", title, SECOND),
                        ok));
        McpHttpClient mcp = new McpHttpClient();
        runtime = DebugMcpRuntime.start(
                home,
                providerBundle(home),
                mcp.port,
                List.of("-D" + ScriptedProviderBundle.FOLDER + "=" + script),
                environment -> {
                    environment.put("XDG_STATE_HOME", home.resolve("state").toString());
                    environment.put("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1");
                });
        String session = DebugMcpRuntime.session(runtime, mcp::initializeAnswering);
        // the provider's bundle starts when the start level reaches it: its drafts are the provider's from then on
        await("the provider drafts")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> mcp.callTool(null, session, 2, "generate_workflow", "{\"goal\":\"fill the entry\"}")
                                .at("/structuredContent/source")
                                .asText(),
                        "provider"::equals);

        List<String> questions = new java.util.ArrayList<>();
        JsonNode called = mcp.callToolConfirming(
                session,
                3,
                "execute_goal",
                "{\"goal\":\"fill the entry and confirm\",\"run_id\":\"mcp-goal-1\",\"max_replans\":1}",
                questions);
        JsonNode goal = called.path("structuredContent");
        assertFalse(called.path("isError").asBoolean(), called.toString());
        assertTrue(goal.get("ok").asBoolean(), goal.toString());
        assertTrue(zenity.waitFor(60, TimeUnit.SECONDS), "the replanned OK ended the dialog");
        assertEquals(
                FIRST + SECOND,
                Files.readString(out, StandardCharsets.UTF_8).strip(),
                "zenity printed the entry: the first text typed once");
        assertEquals("1 target_not_found fix_selector\n", Files.readString(script.resolve("replans.txt")));
        // asked: the first run, its first typing, the replan's run, its typing, the OK; never the first typing again
        assertEquals(5, questions.size(), questions::toString);
        assertTrue(questions.get(0).startsWith("Praefectus asks you to allow a workflow"), questions::toString);
        assertTrue(questions.get(2).startsWith("Praefectus asks you to allow a workflow"), questions::toString);
        assertEquals(
                3,
                questions.stream()
                        .filter(question -> question.startsWith("Praefectus asks you to allow one action"))
                        .count(),
                questions::toString);
        assertEquals(
                1,
                questions.stream()
                        .filter(question -> question.contains("Text: " + FIRST.length() + " characters"))
                        .count(),
                "the first typing was asked for once: " + questions);
        assertTrue(questions.stream().noneMatch(question -> question.contains(FIRST)), "never the text in a question");

        assertTrue(goal.get("replanned").asBoolean(), goal.toString());
        assertEquals("mcp-goal-1-replan-1", goal.get("run_id").asText(), goal.toString());
        assertEquals(2, goal.get("runs").size(), goal.toString());
        assertEquals(1, goal.at("/replans/0/attempt").asInt(), goal.toString());
        assertEquals("target_not_found", goal.at("/replans/0/reason").asText(), goal.toString());
        JsonNode typedFirst = goal.at("/runs/0/steps/0/attempts/0/operation_ids");
        assertEquals(1, typedFirst.size(), goal.toString());
        assertEquals(typedFirst, goal.at("/runs/1/steps/0/attempts/0/operation_ids"), "carried, not signed again");
        assertEquals("carried", goal.at("/runs/1/steps/0/recovery/0").asText(), goal.toString());
        assertEquals(3, goal.at("/runs/1/steps").size(), goal.toString());

        List<String> executed = auditLines(home.resolve("state")).stream()
                .filter(line -> line.contains("\"event\":\"action\"") && line.contains("\"decision\":\"executed\""))
                .toList();
        assertEquals(3, executed.size(), "two typings and one click, each executed once: " + executed);
        String firstTyping = typedFirst.get(0).asText();
        assertEquals(
                1,
                executed.stream().filter(line -> line.contains(firstTyping)).count(),
                "the first typing's operation once: " + executed);
    }

    /** Every line of the server's audit files under {@code state}. */
    private static List<String> auditLines(Path state) throws IOException {
        try (Stream<Path> files = Files.walk(state)) {
            List<Path> audits = files.filter(
                            file -> file.getFileName().toString().equals("audit.jsonl"))
                    .filter(Files::isRegularFile)
                    .toList();
            assertFalse(audits.isEmpty(), "the server keeps an audit file under " + state);
            List<String> lines = new java.util.ArrayList<>();
            for (Path audit : audits) {
                lines.addAll(Files.readAllLines(audit));
            }
            return lines;
        }
    }

    /** The provider as a bundle of its one class in {@code home}, importing only the API and the framework. */
    static Path providerBundle(Path home) throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Bundle-SymbolicName", "test.scripted-provider");
        headers.put("Bundle-Version", "1.0.0");
        headers.put("Bundle-Activator", ScriptedProviderBundle.class.getName());
        headers.put(
                "Import-Package",
                "org.osgi.framework;version=\"[1.8,2)\",org.praefectus.api.graph,"
                        + "org.praefectus.api.workflow;version=\"[1.3,2)\"");
        String entry = ScriptedProviderBundle.class.getName().replace('.', '/') + ".class";
        try (InputStream in = ScriptedProviderBundle.class.getClassLoader().getResourceAsStream(entry)) {
            return DebugMcpRuntime.bundle(
                    home.resolve("scripted-provider.jar"), headers, Map.of(entry, in.readAllBytes()));
        }
    }
}

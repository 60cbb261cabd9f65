package org.praefectus.tests.jar;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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

    private static final String FIRST = "typed once";
    private static final String SECOND = " then fixed";

    @TempDir
    Path home;

    private Process runtime;
    private Process zenity;

    @AfterEach
    void stop() throws InterruptedException {
        JarProcess.stop(runtime, zenity);
    }

    @Test
    void aReplanThroughTheMcpServerContinuesTheRunAndNothingThatSucceededIsTypedAgain() throws Exception {
        JarProcess.requireDesktop();
        String title = "Praefectus MCP Goal " + ProcessHandle.current().pid();
        ReplanScript scene = ReplanScript.write(home, title, FIRST, SECOND);
        zenity = scene.zenity;
        Path out = scene.out;
        Path script = scene.folder;
        McpHttpClient mcp = new McpHttpClient();
        runtime = DebugMcpRuntime.start(
                home, ReplanScript.bundle(home), mcp.port, List.of(scene.property()), environment -> {
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
}

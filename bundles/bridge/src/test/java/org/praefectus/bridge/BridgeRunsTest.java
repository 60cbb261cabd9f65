package org.praefectus.bridge;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Runs driven end to end over real HTTP, with the fake CLIs as real child processes. */
class BridgeRunsTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    BridgeFixture fx;

    @BeforeEach
    void start() throws Exception {
        fx = new BridgeFixture(tmp, 2);
        fx.start();
    }

    @AfterEach
    void stop() {
        fx.close();
    }

    @Test
    void healthAndExecutorsReportRealLoginState() throws Exception {
        JsonNode health = BridgeFixture.json(fx.get("/health"));
        ContractSchemasEnvelope.health(health);
        assertEquals("healthy", health.path("data").path("status").asText());
        assertEquals(
                "[\"claude_code\",\"codex\"]",
                health.path("data").path("configured_executors").toString());

        JsonNode executors =
                BridgeFixture.json(fx.get("/executors")).path("data").path("executors");
        assertEquals(2, executors.size());
        for (JsonNode e : executors) {
            assertTrue(e.path("binary_found").asBoolean());
            assertEquals("authenticated", e.path("login_state").asText());
        }
        JsonNode codex = BridgeFixture.json(fx.get("/executors/codex")).path("data");
        assertEquals("codex-cli 0.141.0", codex.path("version").asText());
        assertTrue(codex.path("capabilities").path("json_events").asBoolean());
        JsonNode claude = BridgeFixture.json(fx.get("/executors/claude_code")).path("data");
        assertEquals("2.0.14 (Claude Code)", claude.path("version").asText());
        assertTrue(claude.path("capabilities").path("auth_status").asBoolean());
    }

    @Test
    void notLoggedInIsReportedAndTheRunNeverStarts() throws Exception {
        fx.stop();
        Files.writeString(fx.bin.resolve("logged-out"), "");
        fx.start();
        JsonNode executors =
                BridgeFixture.json(fx.get("/executors")).path("data").path("executors");
        for (JsonNode e : executors) {
            assertEquals("not_authenticated", e.path("login_state").asText());
        }
        assertEquals(
                "unavailable",
                BridgeFixture.json(fx.get("/health"))
                        .path("data")
                        .path("status")
                        .asText());
        String id = fx.submit(fx.runRequest("codex", "Write it."));
        JsonNode record = fx.awaitTerminal(id, WAIT);
        assertEquals("auth_required", record.path("normalized_status").asText());
        assertTrue(record.path("requires_owner_action").asBoolean());
        assertFalse(eventTypes(id).contains("run_started"));
    }

    @Test
    void codexSuccessWithUsageArtifactsAndPrivateLogs() throws Exception {
        Files.writeString(fx.project.resolve("obsolete.txt"), "old");
        Files.writeString(fx.project.resolve("notes.txt"), "notes");
        Files.writeString(fx.project.resolve("untouched.txt"), "same");
        ObjectNode destructive = fx.runRequest("codex", "Write the homepage.");
        ((ObjectNode) destructive.path("task_spec").path("approval_policy")).put("allow_destructive_write", true);
        String id = fx.submit(destructive);
        JsonNode record = fx.awaitTerminal(id, WAIT);
        ContractSchemas.assertValid("run_record.schema.json", record);
        assertEquals("completed", record.path("status").asText());
        assertEquals("completed", record.path("normalized_status").asText());
        assertFalse(record.path("requires_owner_action").asBoolean());
        assertEquals(0, record.path("exit_code").asInt());
        assertEquals(
                fx.project.toRealPath().toString(), record.path("host_workdir").asText());
        assertEquals(24763, record.path("usage").path("input_tokens").asLong());
        assertEquals(122, record.path("usage").path("output_tokens").asLong());
        assertTrue(record.path("usage").path("usage_available").asBoolean());
        List<String> changed = new ArrayList<>();
        record.path("changed_files")
                .forEach(n -> changed.add(Path.of(n.asText()).getFileName().toString()));
        assertEquals(List.of("homepage.md", "notes.txt", "obsolete.txt"), changed);

        JsonNode page = BridgeFixture.json(fx.get("/runs/" + id + "/events?after_seq=0"))
                .path("data");
        JsonNode artifacts = null;
        for (JsonNode e : page.path("events")) {
            ContractSchemas.assertValid("run_event.schema.json", e);
            if (e.path("type").asText().equals("artifacts")) {
                artifacts = e.path("data");
            }
        }
        assertNotNull(artifacts);
        assertEquals("[\"homepage.md\"]", artifacts.path("created").toString());
        assertEquals("[\"notes.txt\"]", artifacts.path("modified").toString());
        assertEquals("[\"obsolete.txt\"]", artifacts.path("deleted").toString());
        assertTrue(artifacts.path("expected_outputs").elements().next().asBoolean());
        List<String> states = new ArrayList<>();
        for (JsonNode e : page.path("events")) {
            if (e.path("type").asText().equals("status_changed")) {
                states.add(e.path("data").path("to").asText());
            }
        }
        assertEquals(List.of("validating", "queued", "starting", "running", "collecting", "normalizing"), states);

        Path runDir = fx.logDir.resolve("runs").resolve(id);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(runDir)));
        for (String f : List.of("run.json", "events.jsonl", "stdout.log")) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(runDir.resolve(f))));
        }
        // the prompt never reaches the logs; the parent's secrets never reach the child
        try (Stream<Path> files = Files.walk(fx.logDir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertFalse(Files.readString(f).contains("Write the homepage."), f.toString());
            }
        }
        try (Stream<Path> envs = Files.list(fx.bin)) {
            List<Path> dumps = envs.filter(p -> p.getFileName().toString().startsWith("last-env."))
                    .toList();
            assertFalse(dumps.isEmpty());
            for (Path dump : dumps) {
                String env = Files.readString(dump);
                assertFalse(env.contains("parent-secret-7f3a"));
                assertFalse(env.contains(BridgeFixture.TOKEN));
                assertTrue(env.contains("PRAETOR_RUN_ID=" + id));
            }
        }
    }

    @Test
    void claudeSuccessReportsCost() throws Exception {
        String id = fx.submit(fx.runRequest("claude_code", "Write the homepage."));
        JsonNode record = fx.awaitTerminal(id, WAIT);
        ContractSchemas.assertValid("run_record.schema.json", record);
        assertEquals("completed", record.path("normalized_status").asText());
        // 100 input + 20 cache creation; the 30 cache reads are reported apart (usage_detected)
        assertEquals(120, record.path("usage").path("input_tokens").asLong());
        assertEquals(50, record.path("usage").path("output_tokens").asLong());
        assertEquals(0.0421, record.path("usage").path("estimated_cost").asDouble(), 1e-9);
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource({
        "codex, usage_limit, paused_budget",
        "codex, unauthorized, auth_required",
        "codex, declined, paused_risk",
        "codex, transient, failed_transient",
        "codex, context, failed_permanent",
        "codex, crash, failed_transient",
        "claude_code, not_logged_in, auth_required",
        "claude_code, usage_limit, paused_budget",
        "claude_code, denied, paused_risk",
        "claude_code, denied_fetch, interactive_approval_required",
        "claude_code, overloaded, failed_transient",
        "claude_code, max_turns, paused_budget",
        "claude_code, crash, failed_transient",
    })
    void outcomesAreNormalized(String executor, String scenario, String normalized) throws Exception {
        String id = fx.submit(fx.runRequest(executor, "Do it. SCENARIO:" + scenario));
        JsonNode record = fx.awaitTerminal(id, WAIT);
        ContractSchemas.assertValid("run_record.schema.json", record);
        // once a run is over its status is its normalized status (issue 18, defect 7)
        assertEquals(normalized, record.path("status").asText(), record::toString);
        assertEquals(normalized, record.path("normalized_status").asText(), record::toString);
        if (!normalized.equals("completed")) {
            assertFalse(record.path("pause_reason").isNull(), record::toString);
        }
    }

    @ParameterizedTest
    @CsvSource({"codex, sleep 297", "claude_code, sleep 298"})
    void timeoutKillsTheWholeTree(String executor, String child) throws Exception {
        ObjectNode request = fx.runRequest(executor, "Wait. SCENARIO:hang");
        request.put("timeout_seconds", 1);
        String id = fx.submit(request);
        JsonNode record = fx.awaitTerminal(id, WAIT);
        assertEquals("failed_transient", record.path("normalized_status").asText());
        assertTrue(record.path("pause_reason").asText().contains("Timed out"), record::toString);
        assertNoProcessLeft(id, child);
    }

    @Test
    void cancelMidRunLeavesNoProcessBehind() throws Exception {
        String id = fx.submit(fx.runRequest("codex", "Wait. SCENARIO:hang"));
        fx.awaitStatus(id, "running", WAIT);
        JsonNode cancel = BridgeFixture.json(fx.post("/runs/" + id + "/cancel", ""));
        ContractSchemasEnvelope.cancel(cancel);
        assertTrue(cancel.path("data").path("accepted").asBoolean());
        JsonNode record = fx.awaitTerminal(id, WAIT);
        assertEquals("cancelled", record.path("status").asText());
        assertEquals("cancelled", record.path("normalized_status").asText());
        assertNoProcessLeft(id, "sleep 297");
        JsonNode again = BridgeFixture.json(fx.post("/runs/" + id + "/cancel", ""));
        // seed §11.6: a second cancel of a run that is over
        assertEquals("already_finished", again.path("data").path("status").asText());
    }

    @Test
    void queuedRunIsCancelledWithoutStarting() throws Exception {
        String a = fx.submit(fx.runRequest("codex", "SCENARIO:hang"));
        String b = fx.submit(fx.runRequest("codex", "SCENARIO:hang"));
        String c = fx.submit(fx.runRequest("codex", "SCENARIO:hang"));
        fx.awaitStatus(a, "running", WAIT);
        fx.awaitStatus(b, "running", WAIT);
        assertEquals(
                "queued",
                BridgeFixture.json(fx.get("/runs/" + c))
                        .path("data")
                        .path("status")
                        .asText());
        assertTrue(BridgeFixture.json(fx.post("/runs/" + c + "/cancel", ""))
                .path("data")
                .path("accepted")
                .asBoolean());
        assertEquals(
                "cancelled", fx.awaitTerminal(c, WAIT).path("normalized_status").asText());
        assertFalse(eventTypes(c).contains("run_started"));
        fx.post("/runs/" + a + "/cancel", "");
        fx.post("/runs/" + b + "/cancel", "");
        fx.awaitTerminal(a, WAIT);
        fx.awaitTerminal(b, WAIT);
    }

    @Test
    void eventsPageAndStreamAsServerSentEvents() throws Exception {
        String id = fx.submit(fx.runRequest("codex", "SCENARIO:noise"));
        fx.awaitTerminal(id, WAIT);
        JsonNode page = BridgeFixture.json(fx.get("/runs/" + id + "/events?after_seq=5"))
                .path("data");
        ContractSchemasEnvelope.events(BridgeFixture.json(fx.get("/runs/" + id + "/events?after_seq=5")));
        assertEquals(6, page.path("events").get(0).path("seq").asLong());
        long next = page.path("next_seq").asLong();
        JsonNode empty = BridgeFixture.json(fx.get("/runs/" + id + "/events?after_seq=" + (next - 1)))
                .path("data");
        assertEquals(0, empty.path("events").size());
        assertEquals(next, empty.path("next_seq").asLong());
        assertEquals(
                "validation_error",
                BridgeFixture.json(fx.get("/runs/" + id + "/events?after_seq=-1"))
                        .path("error")
                        .path("code")
                        .asText());

        var response =
                fx.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(fx.base() + "/runs/" + id + "/events"))
                        .header("Authorization", "Bearer " + BridgeFixture.TOKEN)
                        .header("Accept", "text/event-stream")
                        .GET()
                        .build());
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
        long frames = response.body().lines().filter(l -> l.startsWith("id: ")).count();
        assertEquals(next - 1, frames);
        assertTrue(response.body().contains("event: normalized_status"));
    }

    @Test
    void limitPagesTheEventsAndSaysWhenMoreFollow() throws Exception {
        String id = fx.submit(fx.runRequest("codex", "SCENARIO:noise"));
        fx.awaitTerminal(id, WAIT);
        long total = BridgeFixture.json(fx.get("/runs/" + id + "/events?after_seq=0"))
                        .path("data")
                        .path("next_seq")
                        .asLong()
                - 1;
        assertTrue(total > 300, "the noise run has 300+ events: " + total);
        // a page size that leaves a short last page
        int size = total % 7 != 0 ? 7 : 8;

        // walk every page: full pages announce more, the last (short) one does not
        List<Long> seqs = new ArrayList<>();
        long after = 0;
        int pages = 0;
        while (true) {
            var response = fx.get("/runs/" + id + "/events?after_seq=" + after + "&limit=" + size);
            assertEquals(200, response.statusCode());
            JsonNode body = BridgeFixture.json(response);
            ContractSchemasEnvelope.events(body);
            JsonNode events = body.path("data").path("events");
            boolean more = Boolean.parseBoolean(
                    response.headers().firstValue("X-Praetor-Has-More").orElseThrow());
            events.forEach(e -> seqs.add(e.path("seq").asLong()));
            pages++;
            assertEquals(
                    seqs.get(seqs.size() - 1) + 1,
                    body.path("data").path("next_seq").asLong());
            if (!more) {
                assertEquals(total % size, events.size());
                break;
            }
            assertEquals(size, events.size(), "page " + pages);
            after = body.path("data").path("next_seq").asLong() - 1;
        }
        assertEquals((total + size - 1) / size, pages);
        List<Long> expected = new ArrayList<>();
        for (long s = 1; s <= total; s++) {
            expected.add(s);
        }
        assertEquals(expected, seqs, "every event once, in order");

        // with after_seq: the page starts after it
        var middle = fx.get("/runs/" + id + "/events?after_seq=5&limit=3");
        List<Long> three = new ArrayList<>();
        BridgeFixture.json(middle)
                .path("data")
                .path("events")
                .forEach(e -> three.add(e.path("seq").asLong()));
        assertEquals(List.of(6L, 7L, 8L), three);
        assertEquals("true", middle.headers().firstValue("X-Praetor-Has-More").orElseThrow());
        // a page that ends exactly at the last event has nothing more; so has a page after the end
        var last = fx.get("/runs/" + id + "/events?after_seq=" + (total - 2) + "&limit=2");
        assertEquals(2, BridgeFixture.json(last).path("data").path("events").size());
        assertEquals("false", last.headers().firstValue("X-Praetor-Has-More").orElseThrow());
        var beyond = fx.get("/runs/" + id + "/events?after_seq=" + total + "&limit=1000");
        assertEquals(0, BridgeFixture.json(beyond).path("data").path("events").size());
        assertEquals("false", beyond.headers().firstValue("X-Praetor-Has-More").orElseThrow());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "1001", "abc", "", "2.5", "99999999999"})
    void badLimitIsAValidationErrorAndTheBridgeKeepsServing(String limit) throws Exception {
        String id = fx.submit(fx.runRequest("codex", "Write the homepage."));
        fx.awaitTerminal(id, WAIT);
        var response = fx.get("/runs/" + id + "/events?after_seq=0&limit=" + limit);
        assertEquals(400, response.statusCode(), response::body);
        JsonNode body = BridgeFixture.json(response);
        ContractSchemasEnvelope.members(body, "data", "error", "ok");
        assertFalse(body.path("ok").asBoolean());
        assertTrue(body.path("data").isNull());
        ContractSchemasEnvelope.members(body.path("error"), "code", "message");
        assertEquals("validation_error", body.path("error").path("code").asText());
        assertTrue(body.path("error").path("message").asText().contains("limit"), body::toString);

        var next = fx.get("/runs/" + id + "/events?after_seq=0&limit=1000");
        assertEquals(200, next.statusCode());
        assertTrue(BridgeFixture.json(next).path("data").path("events").size() > 0);
        assertEquals(
                "healthy",
                BridgeFixture.json(fx.get("/health"))
                        .path("data")
                        .path("status")
                        .asText());
    }

    @Test
    void liveStreamFollowsARunToItsEnd() throws Exception {
        String id = fx.submit(fx.runRequest("claude_code", "SCENARIO:hang"));
        fx.awaitStatus(id, "running", WAIT);
        var pending = fx.http.sendAsync(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create(fx.base() + "/runs/" + id + "/events"))
                        .header("Authorization", "Bearer " + BridgeFixture.TOKEN)
                        .header("Accept", "text/event-stream")
                        .GET()
                        .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        fx.post("/runs/" + id + "/cancel", "");
        String body = pending.get(60, java.util.concurrent.TimeUnit.SECONDS).body();
        assertTrue(body.contains("\"cancelled\""), body);
    }

    private List<String> eventTypes(String id) throws Exception {
        List<String> types = new ArrayList<>();
        BridgeFixture.json(fx.get("/runs/" + id + "/events"))
                .path("data")
                .path("events")
                .forEach(e -> types.add(e.path("type").asText()));
        return types;
    }

    private void assertNoProcessLeft(String id, String childCommand) throws Exception {
        long pid = -1;
        for (JsonNode e : BridgeFixture.json(fx.get("/runs/" + id + "/events"))
                .path("data")
                .path("events")) {
            if (e.path("type").asText().equals("run_started")) {
                pid = e.path("data").path("pid").asLong();
            }
        }
        assertTrue(pid > 0);
        final long root = pid;
        assertFalse(ProcessHandle.of(root).map(ProcessHandle::isAlive).orElse(false), "root process still alive");
        await(childCommand + " is gone").atMost(Duration.ofSeconds(10)).until(() -> !leftover(childCommand));
    }

    static boolean leftover(String childCommand) {
        return ProcessHandle.allProcesses()
                .anyMatch(p -> p.isAlive()
                        && p.info()
                                .commandLine()
                                .map(c -> c.endsWith(childCommand))
                                .orElse(false));
    }
}

package org.praefectus.tests.jar;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.tests.jar.provider.ScriptedProviderBundle;

/**
 * Issue 37: the daemon's socket {@code execute_goal} replans end to end, as MCP's does ({@link McpGoalReplanTest}):
 * the daemon served by the debug runtime beside a real provider bundle ({@link ScriptedProviderBundle}). Its first
 * draft types into a real zenity entry, then through a selector that finds nothing; its replan fixes that step. The
 * socket has no one to ask, so the runs are not put to a person; the daemon's host signs each step. zenity's own
 * output shows the first text typed once, and the continued run carries the first run's operation id.
 */
class SocketGoalReplanTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FIRST = "socket typed once";
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
    void aReplanThroughTheSocketContinuesTheRunAndNothingThatSucceededIsTypedAgain() throws Exception {
        JarProcess.requireDesktop();
        String title = "Praefectus Socket Goal " + ProcessHandle.current().pid();
        ReplanScript scene = ReplanScript.write(home, title, FIRST, SECOND);
        zenity = scene.zenity;
        Path out = scene.out;
        Path script = scene.folder;
        Path runtimeFolder = Files.createDirectories(home.resolve("runtime"));
        Files.setPosixFilePermissions(runtimeFolder, PosixFilePermissions.fromString("rwx------"));
        Path state = home.resolve("state");
        runtime = DebugMcpRuntime.serving(
                home,
                ReplanScript.bundle(home),
                "daemon --no-grpc --profile operator --allow-input --state-dir " + state,
                List.of(scene.property()),
                environment -> environment.put("XDG_RUNTIME_DIR", runtimeFolder.toString()));
        Path socket = runtimeFolder.resolve("praefectus.sock");
        await("the daemon serves its socket in the debug runtime")
                .atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> Files.exists(socket)
                        && call(socket, "{\"method\":\"ping\"}").path("ok").asBoolean());
        // the provider's bundle starts when the start level reaches it: its drafts are the provider's from then on
        await("the provider drafts")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> call(
                                        socket,
                                        "{\"method\":\"generate_workflow\",\"params\":{\"goal\":\"fill the entry\"}}")
                                .at("/data/source")
                                .asText(),
                        "provider"::equals);

        JsonNode reply = call(
                socket,
                "{\"method\":\"execute_goal\",\"params\":{\"goal\":\"fill the entry and confirm\","
                        + "\"run_id\":\"socket-goal-1\",\"max_replans\":1}}");
        assertTrue(reply.path("ok").asBoolean(), reply.toString());
        JsonNode goal = reply.get("data");
        assertTrue(goal.get("ok").asBoolean(), goal.toString());
        assertTrue(zenity.waitFor(60, TimeUnit.SECONDS), "the replanned OK ended the dialog");
        assertEquals(
                FIRST + SECOND,
                Files.readString(out, StandardCharsets.UTF_8).strip(),
                "zenity printed the entry: the first text typed once");
        assertEquals("1 target_not_found fix_selector\n", Files.readString(script.resolve("replans.txt")));
        assertTrue(goal.get("replanned").asBoolean(), goal.toString());
        assertEquals("socket-goal-1-replan-1", goal.get("run_id").asText(), goal.toString());
        assertEquals(2, goal.get("runs").size(), goal.toString());
        JsonNode typedFirst = goal.at("/runs/0/steps/0/attempts/0/operation_ids");
        assertEquals(1, typedFirst.size(), goal.toString());
        assertEquals(typedFirst, goal.at("/runs/1/steps/0/attempts/0/operation_ids"), "carried, not signed again");
        assertEquals("carried", goal.at("/runs/1/steps/0/recovery/0").asText(), goal.toString());
        assertFalse(
                Files.readString(state.resolve("audit.jsonl")).contains(FIRST),
                "the typed text is never in the daemon's audit");
    }

    /** One request on a fresh connection: one line out, one line back. */
    private static JsonNode call(Path socket, String line) throws IOException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            ByteBuffer bytes = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            BufferedReader in =
                    new BufferedReader(new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8));
            String reply = in.readLine();
            assertTrue(reply != null, "the daemon closed the connection");
            return JSON.readTree(reply);
        }
    }
}

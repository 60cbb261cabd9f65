package org.praefectus.tests.daemon;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35, defects 2, 3, 4 and 6 on the socket and the CLI: a PeekabooX client's {@code dry_run} moved the pointer,
 * the socket's {@code drag} always failed ({@code unknown option --from-x}), an empty selector matched everything,
 * and an input verb whose terminal was not {@code succeeded} exited 0 with {@code ok:true}. The pointer is read back
 * by xdotool, independently of the daemon.
 */
class Issue35SocketAndCliHonestyTest {

    @TempDir
    Path directory;

    @BeforeAll
    static void desktop() {
        Daemon.requireDesktop();
    }

    static String pointer() throws Exception {
        Process xdotool = new ProcessBuilder("xdotool", "getmouselocation", "--shell").start();
        String out = new String(xdotool.getInputStream().readAllBytes(), UTF_8);
        assertTrue(xdotool.waitFor(30, TimeUnit.SECONDS));
        String x = out.lines().filter(l -> l.startsWith("X=")).findFirst().orElseThrow();
        String y = out.lines().filter(l -> l.startsWith("Y=")).findFirst().orElseThrow();
        return x.substring(2) + "," + y.substring(2);
    }

    static void movePointer(int x, int y) throws Exception {
        Process xdotool = new ProcessBuilder("xdotool", "mousemove", String.valueOf(x), String.valueOf(y)).start();
        assertTrue(xdotool.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, xdotool.exitValue());
    }

    @Test
    void theSocketHonoursEveryFieldOrRefusesTheRequestAndTheCliExitsThreeUnlessSucceeded() throws Exception {
        String title = TestWindow.uniqueTitle("Praefectus Honest Keys");
        try (Daemon daemon = Daemon.start(
                        directory,
                        environment -> environment.put("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1"),
                        "--no-grpc",
                        "--profile",
                        "operator",
                        "--allow-input");
                Daemon.Client socket = daemon.connect();
                TestWindow window = TestWindow.zenity("--entry", title, "Keys")) {
            movePointer(40, 40);
            JsonNode dry = socket.call("{\"method\":\"move_mouse\",\"params\":{\"x\":300,\"y\":300,\"dry_run\":true}}");
            assertTrue(dry.get("ok").asBoolean(), dry.toString());
            assertTrue(dry.at("/data/dry_run").asBoolean(), dry.toString());
            assertEquals("move", dry.at("/data/action").asText());
            assertEquals("40,40", pointer(), "a dry run moves nothing");

            JsonNode unknown = socket.call("{\"method\":\"move_mouse\",\"params\":{\"x\":300,\"y\":300,\"warp\":1}}");
            assertEquals("unsupported_field", unknown.at("/error/code").asText(), unknown.toString());
            assertEquals("40,40", pointer(), "a request with a field the daemon does not implement does nothing");

            JsonNode drag = socket.call("{\"method\":\"drag\",\"params\":{\"from_x\":50,\"from_y\":50,\"to_x\":90,"
                    + "\"to_y\":60,\"dry_run\":true}}");
            assertTrue(drag.get("ok").asBoolean(), drag.toString());
            assertEquals("drag", drag.at("/data/action").asText());
            assertEquals(90, drag.at("/data/request/action/to/x").asLong(), drag.toString());

            // PeekabooX's v1 envelope: the method beside its fields (it failed with `unknown option --method`)
            JsonNode v1 = socket.call("{\"version\":\"peekaboox.v1\",\"request\":{\"method\":\"move_mouse\","
                    + "\"x\":301,\"y\":302,\"dry_run\":true},\"id\":7}");
            assertTrue(v1.get("ok").asBoolean(), v1.toString());
            assertEquals(7, v1.get("id").asInt());
            assertEquals(301, v1.at("/data/request/target/x").asLong(), v1.toString());
            JsonNode v1Windows =
                    socket.call("{\"version\":\"peekaboox.v1\",\"request\":{\"method\":\"list_windows\",\"limit\":1}}");
            assertTrue(v1Windows.get("ok").asBoolean(), v1Windows.toString());
            assertEquals("40,40", pointer());

            for (String empty : List.of("", ",,,")) {
                JsonNode refused =
                        socket.call("{\"method\":\"find_elements\",\"params\":{\"selector\":\"" + empty + "\"}}");
                assertEquals("invalid_selector", refused.at("/error/code").asText(), refused.toString());
            }

            JsonNode moved = socket.call("{\"method\":\"move_mouse\",\"params\":{\"x\":300,\"y\":310}}");
            assertTrue(moved.get("ok").asBoolean(), moved.toString());
            assertEquals("succeeded", moved.at("/data/status").asText());
            assertEquals("300,310", pointer());

            // a key the executor cannot press, sent to the focused entry of the active window: the engine records a
            // terminal that is not succeeded, and the error carries it
            Process activate = new ProcessBuilder(
                            "xdotool", "search", "--sync", "--name", title, "windowactivate", "--sync")
                    .start();
            assertTrue(activate.waitFor(60, TimeUnit.SECONDS));
            JsonNode badKey = socket.call("{\"method\":\"hotkey\",\"params\":{\"keys\":[\"notakey\",\"zz\"]}}");
            assertFalse(badKey.get("ok").asBoolean(), badKey.toString());
            String code = badKey.at("/error/code").asText();
            assertTrue(
                    badKey.at("/error/details/acknowledgements").isArray(),
                    "the terminal goes with the error: " + badKey);
            assertFalse(badKey.at("/error/details/status").asText().equals("succeeded"), badKey.toString());

            Daemon.Result cli = daemon.cli(directory, "--daemon", "hotkey", "notakey+zz");
            assertEquals(3, cli.exitCode(), cli.stdout() + cli.stderr());
            JsonNode envelope = cli.envelope();
            assertFalse(envelope.get("ok").asBoolean(), cli.stdout());
            assertEquals(code, envelope.at("/error/code").asText(), "the same request gives the same terminal");
            assertTrue(envelope.at("/error/details/acknowledgements").isArray(), cli.stdout());
        }
    }

    /**
     * Issue 35, defect 7: with plugins not allowed, the socket's {@code cli} method and {@code praefectus --daemon
     * plugin-call} ran a plugin inside the daemon, and neither call reached {@code audit.jsonl}.
     */
    @Test
    void theCliRouteStandsBehindThePluginGateAndEveryCommandIsAudited() throws Exception {
        try (Daemon daemon = Daemon.start(directory, environment -> {}, "--no-grpc");
                Daemon.Client socket = daemon.connect()) {
            JsonNode viaSocket =
                    socket.call("{\"method\":\"cli\",\"params\":{\"argv\":[\"plugin-call\",\"system-info\","
                            + "\"info\",\"--path\",\"" + directory + "\"]}}");
            assertEquals("plugins_not_allowed", viaSocket.at("/error/code").asText(), viaSocket.toString());
            Daemon.Result viaCli = daemon.cli(
                    directory, "--daemon", "plugin-call", "system-info", "info", "--path", directory.toString());
            assertEquals(3, viaCli.exitCode(), viaCli.stdout());
            assertEquals(
                    "plugins_not_allowed", viaCli.envelope().at("/error/code").asText());
            JsonNode windows = socket.call("{\"method\":\"cli\",\"params\":{\"argv\":[\"capabilities\"]}}");
            assertTrue(windows.get("ok").asBoolean(), windows.toString());

            List<JsonNode> audit = new java.util.ArrayList<>();
            for (String line : java.nio.file.Files.readAllLines(daemon.state.resolve("audit.jsonl"))) {
                audit.add(Daemon.JSON.readTree(line));
            }
            long refusedPluginCalls = audit.stream()
                    .filter(l -> l.path("decision").asText().equals("refused"))
                    .filter(l -> l.path("capability").asText().equals("plugin_execute"))
                    .filter(l -> l.path("command").asText().equals("plugin-call"))
                    .count();
            assertEquals(2, refusedPluginCalls, audit.toString());
            assertTrue(
                    audit.stream()
                            .anyMatch(l -> l.path("event").asText().equals("command")
                                    && l.path("command").asText().equals("capabilities")
                                    && l.path("decision").asText().equals("executed")
                                    && !l.has("reason")),
                    audit.toString());
            assertFalse(
                    java.nio.file.Files.readString(daemon.state.resolve("audit.jsonl"))
                            .contains(directory.toString()),
                    "no argument reaches the audit");
        }
    }

    /**
     * Issue 35, defect 5: {@code daemon --allow-input} alone could not give input (a second variable,
     * PRAEFECTUS_ALLOW_GLOBAL_INPUT=1, was needed, and its absence was invisible). The operator's one opt-in now
     * reaches the engine and the executor, and the ready line says whether input is allowed and why not.
     */
    @Test
    void allowInputAloneGivesInputAndTheReadyLineSaysWhy() throws Exception {
        try (Daemon closed = Daemon.start(
                directory.resolve("closed"),
                environment -> environment.remove("PRAEFECTUS_ALLOW_GLOBAL_INPUT"),
                "--no-grpc")) {
            assertFalse(closed.ready.at("/data/global_input").asBoolean(), closed.ready.toString());
            assertTrue(closed.ready.at("/data/input").asText().contains("--allow-input"), closed.ready.toString());
        }
        try (Daemon daemon = Daemon.start(
                        directory.resolve("open"),
                        environment -> environment.remove("PRAEFECTUS_ALLOW_GLOBAL_INPUT"),
                        "--no-grpc",
                        "--allow-input");
                Daemon.Client socket = daemon.connect()) {
            assertTrue(daemon.ready.at("/data/global_input").asBoolean(), daemon.ready.toString());
            assertEquals(
                    "allowed by praefectus daemon --allow-input",
                    daemon.ready.at("/data/input").asText());
            movePointer(30, 30);
            JsonNode moved = socket.call("{\"method\":\"move_mouse\",\"params\":{\"x\":222,\"y\":111}}");
            assertTrue(moved.get("ok").asBoolean(), moved.toString());
            assertEquals("succeeded", moved.at("/data/status").asText());
            assertEquals("222,111", pointer(), "the pointer moved with --allow-input alone");
        }
    }
}

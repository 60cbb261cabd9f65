package org.praefectus.tests.daemon;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One daemon, driven over its socket and through the CLI, as PeekabooX's clients drive peekabooxd. */
class DaemonSocketTest {

    @TempDir
    static Path directory;

    static Daemon daemon;

    @BeforeAll
    static void start() throws Exception {
        Daemon.requireDesktop();
        daemon = Daemon.start(directory, environment -> {}, "--no-grpc");
    }

    @AfterAll
    static void stop() throws Exception {
        if (daemon != null) {
            daemon.close();
        }
    }

    @Test
    void theReadyLineSaysWhereItListensAndWithWhichGates() throws Exception {
        assertTrue(daemon.ready.get("ok").asBoolean());
        JsonNode data = daemon.ready.get("data");
        assertEquals(daemon.socket().toString(), data.get("socket").asText());
        assertEquals("assist", data.get("profile").asText());
        assertFalse(data.get("allow_input").asBoolean());
        assertEquals(
                ProcessHandle.of(daemon.process.pid()).orElseThrow().pid(),
                data.get("pid").asLong());
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(daemon.socket())),
                "the socket is the user's alone");
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(daemon.state.resolve("host-key.ed25519"))),
                "the daemon's key is 0600");
    }

    @Test
    void pingAnswersWithTheRequestIdInBothRequestShapes() throws Exception {
        try (Daemon.Client client = daemon.connect()) {
            JsonNode pong = client.call("{\"method\":\"ping\",\"id\":7}");
            assertTrue(pong.at("/data/pong").asBoolean());
            assertEquals(7, pong.get("id").asInt());
            JsonNode wrapped = client.call("{\"version\":\"peekaboox.v1\",\"request\":{\"method\":\"ping\"}}");
            assertEquals("peekaboox.v1", wrapped.at("/data/version").asText());
        }
    }

    @Test
    void badLinesGetErrorsAndTheConnectionLivesOn() throws Exception {
        try (Daemon.Client client = daemon.connect()) {
            assertEquals(
                    "invalid_json",
                    client.call("this is not json").at("/error/code").asText());
            assertEquals(
                    "invalid_request", client.call("[1,2]").at("/error/code").asText());
            assertEquals(
                    "invalid_request",
                    client.call("{\"params\":{}}").at("/error/code").asText());
            assertEquals(
                    "unknown_method",
                    client.call("{\"method\":\"frobnicate\"}").at("/error/code").asText());
            assertEquals(
                    "invalid_request",
                    client.call("{\"method\":\"cli\",\"params\":{\"argv\":[]}}")
                            .at("/error/code")
                            .asText());
            assertEquals(
                    "usage",
                    client.call("{\"method\":\"cli\",\"params\":{\"argv\":[\"frobnicate\"]}}")
                            .at("/error/code")
                            .asText());
            // still serving, on the same connection
            assertTrue(client.call("{\"method\":\"ping\"}").get("ok").asBoolean());
        }
    }

    @Test
    void methodsWithoutAVerbAreUnsupportedAndAVerbRefusesTypedWithoutEchoingText() throws Exception {
        try (Daemon.Client client = daemon.connect()) {
            assertEquals(
                    "unsupported",
                    client.call("{\"method\":\"probe_dmabuf\"}")
                            .at("/error/code")
                            .asText());
            // desktop_drag is the typed profile action (#35): without its fields, or with half a ratio, an invalid
            // request, refused before anything
            assertEquals(
                    "invalid_request",
                    client.call("{\"method\":\"desktop_drag\"}")
                            .at("/error/code")
                            .asText());
            assertEquals(
                    "invalid_request",
                    client.call("{\"method\":\"desktop_drag\",\"params\":{\"app\":\"a\",\"target\":\"t\","
                                    + "\"to_ratio_x\":0.5}}")
                            .at("/error/code")
                            .asText());
            JsonNode types = client.call("{\"method\":\"type_text\",\"params\":{\"text\":\"secret words\"}}");
            assertFalse(types.get("ok").asBoolean());
            assertTrue(
                    // no target: the type verb refuses before anything is signed
                    List.of("target_not_found", "input_not_allowed", "usage")
                            .contains(types.at("/error/code").asText()),
                    types.toString());
            assertFalse(types.toString().contains("secret words"), "a reply never echoes typed text");
        }
    }

    @Test
    void theCaptureBackendsAndTheDesktopHelpersAnswerThroughTheSocket() throws Exception {
        try (Daemon.Client client = daemon.connect()) {
            JsonNode backends = client.call("{\"method\":\"capture_backends\",\"params\":{\"probe\":\"frame\"}}");
            assertTrue(backends.get("ok").asBoolean(), backends.toString());
            assertEquals("x11", backends.at("/data/session_type").asText(), backends.toString());
            assertEquals("x11-shm", backends.at("/data/selected_backend").asText(), backends.toString());

            JsonNode profiles = client.call("{\"method\":\"desktop_profiles\"}");
            assertTrue(profiles.get("ok").asBoolean(), profiles.toString());
            assertEquals(
                    "desktop-profile.v1", profiles.at("/data/schema_version").asText());
            List<String> apps = new java.util.ArrayList<>();
            profiles.at("/data/profiles")
                    .forEach(profile -> apps.add(profile.get("app").asText()));
            assertTrue(apps.containsAll(List.of("text-editor", "drawing")), apps.toString());

            // no text editor runs on this desktop: the locate is refused typed, the assertion of absence holds
            JsonNode locate = client.call(
                    "{\"method\":\"desktop_locate\",\"params\":{\"app\":\"text-editor\",\"target\":\"document\"}}");
            assertFalse(locate.get("ok").asBoolean(), locate.toString());
            assertTrue(
                    List.of("window_not_found", "target_not_found")
                            .contains(locate.at("/error/code").asText()),
                    locate.toString());
            JsonNode absent = client.call("{\"method\":\"desktop_assert\",\"params\":{\"app\":\"text-editor\","
                    + "\"target\":\"document\",\"not_exists\":true}}");
            assertTrue(absent.get("ok").asBoolean(), absent.toString());
            assertTrue(absent.at("/data/passed").asBoolean(), absent.toString());
            JsonNode unknownField = client.call("{\"method\":\"desktop_locate\",\"params\":{\"app\":\"text-editor\","
                    + "\"target\":\"document\",\"frobnicate\":true}}");
            // a field the typed method does not implement is named, as on every typed socket method (#35)
            assertEquals("unsupported_field", unknownField.at("/error/code").asText(), unknownField.toString());
        }
    }

    @Test
    void captureDeltaSequencesContinueAcrossCliInvocations() throws Exception {
        long[] sequences = new long[3];
        for (int i = 0; i < 3; i++) {
            // the second call goes without --daemon: a daemon that answers is used automatically
            Daemon.Result result = i == 1
                    ? daemon.cli(directory, "capture-delta", "--stream", "cli-stream", "--region", "0,0,16,16")
                    : daemon.cli(
                            directory, "--daemon", "capture-delta", "--stream", "cli-stream", "--region", "0,0,16,16");
            assertEquals(0, result.exitCode(), result.stdout() + result.stderr());
            sequences[i] = result.envelope().at("/data/sequence").asLong();
        }
        assertEquals(0, sequences[0]);
        assertEquals(1, sequences[1]);
        assertEquals(2, sequences[2]);
    }

    @Test
    void theSocketMethodReachesTheSameStreamAsTheCli() throws Exception {
        try (Daemon.Client client = daemon.connect()) {
            String request = "{\"method\":\"capture_delta\",\"params\":{\"stream_id\":\"ipc-stream\","
                    + "\"region\":{\"x\":0,\"y\":0,\"width\":8,\"height\":8}}}";
            assertEquals(0, client.call(request).at("/data/sequence").asLong());
            assertEquals(1, client.call(request).at("/data/sequence").asLong());
        }
        Daemon.Result third =
                daemon.cli(directory, "--daemon", "capture-delta", "--stream", "ipc-stream", "--region", "0,0,8,8");
        assertEquals(2, third.envelope().at("/data/sequence").asLong());
    }

    @Test
    void usageErrorsThroughTheDaemonKeepTheCliExitCodes() throws Exception {
        Daemon.Result unknown = daemon.cli(directory, "--daemon", "frobnicate");
        assertEquals(2, unknown.exitCode());
        assertEquals("usage", unknown.envelope().at("/error/code").asText());
        Daemon.Result local = daemon.cli(directory, "--daemon", "mcp");
        assertEquals(2, local.exitCode(), "mcp never runs through the daemon");
        Daemon.Result help = daemon.cli(directory, "--daemon", "help");
        assertEquals(0, help.exitCode());
        assertTrue(help.envelope().at("/data/commands").toString().contains("\"daemon\""));
        assertEquals("", help.stderr());
    }

    @Test
    void relativePathsAreResolvedInTheCallersDirectory() throws Exception {
        Path elsewhere = Files.createDirectories(directory.resolve("elsewhere"));
        Daemon.Result capture =
                daemon.cli(elsewhere, "--daemon", "capture", "--region", "0,0,20,10", "--output", "shot.png");
        assertEquals(0, capture.exitCode(), capture.stdout());
        assertTrue(Files.isRegularFile(elsewhere.resolve("shot.png")), "written where the caller stands");
    }

    @Test
    void anotherUserIsRefusedAtTheSocketEvenWhenTheFileModeWouldAdmitIt() throws Exception {
        // open the file modes wide: only SO_PEERCRED stands between another user and the daemon now
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx--x--x"));
        Files.setPosixFilePermissions(daemon.runtime, PosixFilePermissions.fromString("rwx--x--x"));
        Files.setPosixFilePermissions(daemon.socket(), PosixFilePermissions.fromString("rw-rw-rw-"));
        try {
            Process nobody = new ProcessBuilder(
                            "setpriv",
                            "--reuid=nobody",
                            "--regid=nogroup",
                            "--clear-groups",
                            "/usr/bin/python3",
                            "-c",
                            """
                            import socket,sys
                            s=socket.socket(socket.AF_UNIX)
                            s.connect(sys.argv[1])
                            s.sendall(b'{"method":"ping"}\\n')
                            print(s.makefile().readline().strip())
                            """,
                            daemon.socket().toString())
                    .redirectErrorStream(true)
                    .start();
            assertTrue(nobody.waitFor(60, TimeUnit.SECONDS));
            String reply = new String(nobody.getInputStream().readAllBytes(), UTF_8).strip();
            assertEquals(0, nobody.exitValue(), reply);
            JsonNode envelope = Daemon.JSON.readTree(reply);
            assertFalse(envelope.get("ok").asBoolean());
            assertEquals("peer_refused", envelope.at("/error/code").asText());
        } finally {
            Files.setPosixFilePermissions(daemon.socket(), PosixFilePermissions.fromString("rw-------"));
            Files.setPosixFilePermissions(daemon.runtime, PosixFilePermissions.fromString("rwx------"));
            Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
        }
        try (Daemon.Client client = daemon.connect()) {
            assertTrue(client.call("{\"method\":\"ping\"}").get("ok").asBoolean(), "its own user is still served");
        }
    }

    /**
     * capabilities, surfaces and an operation's status are the daemon engine's typed answers (they were the CLI's
     * commands run from an argument list the socket built): unknown fields are refused by name, and what they
     * answer is what the engine says.
     */
    @Test
    void theEnginesAnswersAreTypedAndTakeOnlyTheirOwnFields() throws Exception {
        try (Daemon.Client client = daemon.connect()) {
            JsonNode capabilities = client.call("{\"method\":\"capabilities\"}");
            assertTrue(capabilities.get("ok").asBoolean(), capabilities.toString());
            assertEquals("linux", capabilities.at("/data/platform").asText(), capabilities.toString());
            assertTrue(capabilities.at("/data/supported_actions").isArray(), capabilities.toString());
            Daemon.Result cli = Daemon.cli(directory, environment -> {}, "--no-daemon", "capabilities");
            assertEquals(
                    cli.envelope().at("/data/supported_actions"),
                    capabilities.at("/data/supported_actions"),
                    "the engine's executor advertises what the platform does here");

            JsonNode refused = client.call("{\"method\":\"capabilities\",\"params\":{\"verbose\":true}}");
            assertEquals("unsupported_field", refused.at("/error/code").asText(), refused.toString());
            assertTrue(refused.at("/error/message").asText().contains("verbose"), refused.toString());

            JsonNode surfaces = client.call("{\"method\":\"surfaces\"}");
            assertTrue(surfaces.get("ok").asBoolean(), surfaces.toString());
            assertTrue(surfaces.get("data").isArray(), surfaces.toString());

            // an operation this daemon never ran has no acknowledgement: null, not an error
            JsonNode unknown =
                    client.call("{\"method\":\"status\",\"params\":{\"operation_id\":\"op-never-run-0001\"}}");
            assertTrue(unknown.get("ok").asBoolean(), unknown.toString());
            assertTrue(unknown.get("data").isNull(), unknown.toString());
            JsonNode extra = client.call(
                    "{\"method\":\"status\",\"params\":{\"operation_id\":\"op-never-run-0001\",\"ledger\":\"/tmp/x\"}}");
            assertEquals("unsupported_field", extra.at("/error/code").asText(), extra.toString());
            // without an operation id, status is the daemon's own
            assertTrue(client.call("{\"method\":\"status\"}").at("/data/pid").isNumber());
        }
    }
}

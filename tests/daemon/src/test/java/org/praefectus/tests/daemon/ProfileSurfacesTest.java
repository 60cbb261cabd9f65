package org.praefectus.tests.daemon;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35 (profiles): one desktop profile action through every surface — the CLI ({@code --json}, routed to the
 * daemon), the daemon's socket, gRPC (a Python client on stubs from the daemon's proto) and MCP (the official Java
 * SDK over {@code praefectus mcp}) — adapts the one typed {@code DesktopProfiles} service: each gives the terminal the
 * engine recorded ({@code succeeded}), read back independently over AT-SPI by pyatspi, and each refuses the same
 * requests (an unknown profile, an unknown target, a target that cannot take the verb, input not allowed) with the
 * same code and no effect on the zenity entry.
 */
class ProfileSurfacesTest {

    private static final Path PROFILES =
            Path.of("../mcp-client/fixtures/profiles").toAbsolutePath().normalize();

    @TempDir
    static Path stubs;

    @TempDir
    Path directory;

    @BeforeAll
    static void desktop() throws Exception {
        Daemon.requireDesktop();
        // the gRPC test's Python client and stubs, generated into this class's own folder
        DaemonGrpcTest.stubs = stubs;
        DaemonGrpcTest.generateStubs();
    }

    /** The text of the zenity entry titled {@code title}, read by pyatspi (Debian's python3-pyatspi). */
    static String entryText(String title) throws Exception {
        String script = """
                import sys, pyatspi
                for app in pyatspi.Registry.getDesktop(0):
                    for window in app or []:
                        if window is not None and window.name == sys.argv[1]:
                            found = pyatspi.findDescendant(window, lambda n: n.getRoleName() == 'text')
                            if found is not None:
                                text = found.queryText()
                                print(text.getText(0, text.characterCount), end='')
                                sys.exit(0)
                sys.exit(3)
                """;
        for (int attempt = 0; ; attempt++) {
            Process python = new ProcessBuilder("/usr/bin/python3", "-c", script, title)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            String out = new String(python.getInputStream().readAllBytes(), UTF_8);
            assertTrue(python.waitFor(30, TimeUnit.SECONDS));
            if (python.exitValue() == 0) {
                return out;
            }
            // the dialog may still be mapping: its accessible window appears once, then stays
            assertTrue(attempt < 40, "pyatspi finds no entry in the window " + title);
            Thread.sleep(250);
        }
    }

    private static void environment(Map<String, String> environment) {
        environment.put("PEEKABOOX_DESKTOP_PROFILE_PATH", PROFILES.toString());
        environment.put("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1");
    }

    private McpSyncClient mcp(String profile) {
        Map<String, String> environment = new HashMap<>();
        environment(environment);
        environment.put("XDG_STATE_HOME", directory.resolve("mcp-state").toString());
        ServerParameters server = ServerParameters.builder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString())
                .args(List.of("-jar", Daemon.jar().toString(), "mcp", "--profile", profile))
                .env(environment)
                .build();
        McpSyncClient client = McpClient.sync(new StdioClientTransport(server, new JacksonMcpJsonMapper(Daemon.JSON)))
                .requestTimeout(Duration.ofMinutes(3))
                .initializationTimeout(Duration.ofMinutes(2))
                .capabilities(
                        McpSchema.ClientCapabilities.builder().elicitation().build())
                .elicitation(request ->
                        new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT, Map.of("confirm", true)))
                .build();
        client.initialize();
        return client;
    }

    private static JsonNode call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(tool, arguments));
        JsonNode structured = Daemon.JSON.valueToTree(result.structuredContent());
        return Daemon.JSON
                .createObjectNode()
                .put("is_error", Boolean.TRUE.equals(result.isError()))
                .set("structured", structured);
    }

    private static Map<String, Object> typeInto(String title, String text) {
        return new HashMap<>(
                Map.of("app", "zenity-entry", "target", "entry", "window_title", title, "text", text, "clear", true));
    }

    private static String socketTypeInto(String title, String text, String app, String target) {
        return "{\"method\":\"desktop_type_into\",\"params\":{\"app\":\"" + app + "\",\"target\":\"" + target
                + "\",\"window_title\":\"" + title + "\",\"text\":\"" + text + "\",\"clear\":true}}";
    }

    @Test
    void theSameProfileActionGivesTheSameTerminalOnEverySurface() throws Exception {
        String title = TestWindow.uniqueTitle("Praefectus Profile Surfaces");
        try (TestWindow window = TestWindow.zenity("--entry", title, "Surfaces");
                Daemon daemon = Daemon.start(
                        directory.resolve("daemon"),
                        ProfileSurfacesTest::environment,
                        "--grpc-addr",
                        "127.0.0.1:0",
                        "--profile",
                        "operator",
                        "--allow-input");
                Daemon.Client socket = daemon.connect()) {
            assertEquals("", entryText(title));

            // the CLI, routed to the daemon, signed by its host
            Daemon.Result cli = daemon.cli(
                    directory,
                    "--daemon",
                    "desktop",
                    "type-into",
                    "--json",
                    "--app",
                    "zenity-entry",
                    "--target",
                    "entry",
                    "--window-title",
                    title,
                    "--clear",
                    "--text",
                    "typed by the cli");
            assertEquals(0, cli.exitCode(), cli.stdout() + cli.stderr());
            assertEquals("succeeded", cli.envelope().at("/data/status").asText(), cli.stdout());
            assertEquals("type_text", cli.envelope().at("/data/action").asText(), cli.stdout());
            assertEquals("typed by the cli", entryText(title));

            // a dry run shows what would be signed and changes nothing
            JsonNode dry = socket.call(socketTypeInto(title, "not typed", "zenity-entry", "entry")
                    .replace("\"clear\":true", "\"clear\":true,\"dry_run\":true"));
            assertTrue(dry.get("ok").asBoolean(), dry.toString());
            assertEquals("type_text", dry.at("/data/action").asText());
            assertFalse(dry.at("/data/signed").asBoolean(), dry.toString());
            assertEquals("typed by the cli", entryText(title), "a dry run changes nothing");

            // the socket: the same JSON as the CLI's data
            JsonNode typed = socket.call(socketTypeInto(title, "typed by the socket", "zenity-entry", "entry"));
            assertTrue(typed.get("ok").asBoolean(), typed.toString());
            assertEquals("succeeded", typed.at("/data/status").asText(), typed.toString());
            List<String> cliFields = new java.util.ArrayList<>();
            cli.envelope().at("/data").fieldNames().forEachRemaining(cliFields::add);
            List<String> socketFields = new java.util.ArrayList<>();
            typed.at("/data").fieldNames().forEachRemaining(socketFields::add);
            assertEquals(cliFields, socketFields, "one typed answer, one JSON form");
            assertEquals("typed by the socket", entryText(title));

            // gRPC (PeekabooX's DesktopProfiles and DesktopTypeInto)
            Map<String, JsonNode> steps =
                    DaemonGrpcTest.python(daemon.ready.at("/data/grpc").asText(), "profile", title, "typed over grpc");
            JsonNode listed = steps.get("profiles");
            assertEquals("desktop-profile.v1", listed.get("schema").asText(), steps.toString());
            assertEquals(List.of("zenity-entry"), Daemon.JSON.convertValue(listed.get("ids"), List.class));
            assertEquals("role=text,state=editable", listed.at("/targets/entry").asText(), listed.toString());
            assertEquals(List.of("entry"), Daemon.JSON.convertValue(listed.get("can_type"), List.class));
            assertEquals("succeeded", steps.get("type_into").get("detail").asText(), steps.toString());
            assertEquals("typed over grpc", entryText(title));

            // MCP, a host of its own: the same typed service plans it, its own key signs it after confirmation
            try (McpSyncClient client = mcp("operator")) {
                JsonNode answer = call(client, "desktop_type_into", typeInto(title, "typed over mcp"));
                assertFalse(answer.get("is_error").asBoolean(), answer.toString());
                assertEquals("succeeded", answer.at("/structured/terminal/kind").asText(), answer.toString());
                assertEquals("type_text", answer.at("/structured/action").asText(), answer.toString());
                assertEquals("typed over mcp", entryText(title));
                JsonNode located = call(
                        client,
                        "desktop_locate",
                        Map.of("app", "zenity-entry", "target", "entry", "window_title", title));
                JsonNode socketLocated =
                        socket.call("{\"method\":\"desktop_locate\",\"params\":{\"app\":\"zenity-entry\","
                                + "\"target\":\"entry\",\"window_title\":\"" + title + "\"}}");
                assertEquals(
                        socketLocated.at("/data/element/bounds"),
                        located.at("/structured/element/bounds"),
                        "one typed answer, the same JSON: " + located);
            }
        }
    }

    @Test
    void aRefusalIsARefusalOnEverySurfaceWithNoEffect() throws Exception {
        String title = TestWindow.uniqueTitle("Praefectus Profile Refusals");
        try (TestWindow window = TestWindow.zenity("--entry", title, "Refusals");
                Daemon daemon = Daemon.start(
                        directory.resolve("daemon"),
                        ProfileSurfacesTest::environment,
                        "--grpc-addr",
                        "127.0.0.1:0",
                        "--profile",
                        "operator",
                        "--allow-input");
                Daemon.Client socket = daemon.connect();
                McpSyncClient client = mcp("operator")) {
            assertEquals("", entryText(title));
            Map<String, String[]> refusals = Map.of(
                    "unknown_profile", new String[] {"no-such-profile", "entry"},
                    "unknown_target", new String[] {"zenity-entry", "no-such-target"},
                    "unsupported_target", new String[] {"zenity-entry", "ok"});
            for (Map.Entry<String, String[]> refusal : refusals.entrySet()) {
                String code = refusal.getKey();
                String app = refusal.getValue()[0];
                String target = refusal.getValue()[1];
                Daemon.Result cli = daemon.cli(
                        directory,
                        "--daemon",
                        "desktop",
                        "type-into",
                        "--app",
                        app,
                        "--target",
                        target,
                        "--window-title",
                        title,
                        "--text",
                        "refused");
                assertEquals(3, cli.exitCode(), cli.stdout());
                assertEquals(code, cli.envelope().at("/error/code").asText(), cli.stdout());
                JsonNode viaSocket = socket.call(socketTypeInto(title, "refused", app, target));
                assertEquals(code, viaSocket.at("/error/code").asText(), viaSocket.toString());
                Map<String, Object> arguments = typeInto(title, "refused");
                arguments.put("app", app);
                arguments.put("target", target);
                JsonNode viaMcp = call(client, "desktop_type_into", arguments);
                assertTrue(viaMcp.get("is_error").asBoolean(), viaMcp.toString());
                assertEquals(code, viaMcp.at("/structured/error/code").asText(), viaMcp.toString());
            }
            Map<String, JsonNode> steps =
                    DaemonGrpcTest.python(daemon.ready.at("/data/grpc").asText(), "profile", title, "-");
            for (String code : refusals.keySet()) {
                assertEquals("FAILED_PRECONDITION", steps.get(code).get("code").asText(), steps.toString());
                assertTrue(steps.get(code).get("details").asText().startsWith(code + ":"), steps.toString());
            }
            assertEquals("", entryText(title), "no refusal typed anything");
        }

        // input not allowed: a daemon without --allow-input, an MCP server whose profile only reads
        try (TestWindow window = TestWindow.zenity("--entry", title + " closed", "Closed");
                Daemon daemon = Daemon.start(
                        directory.resolve("closed"), ProfileSurfacesTest::environment, "--grpc-addr", "127.0.0.1:0");
                Daemon.Client socket = daemon.connect();
                McpSyncClient client = mcp("plan")) {
            String closed = title + " closed";
            assertEquals("", entryText(closed));
            Daemon.Result cli = daemon.cli(
                    directory,
                    "--daemon",
                    "desktop",
                    "type-into",
                    "--app",
                    "zenity-entry",
                    "--target",
                    "entry",
                    "--window-title",
                    closed,
                    "--text",
                    "refused");
            assertEquals(3, cli.exitCode(), cli.stdout());
            assertEquals("input_not_allowed", cli.envelope().at("/error/code").asText(), cli.stdout());
            JsonNode viaSocket = socket.call(socketTypeInto(closed, "refused", "zenity-entry", "entry"));
            assertEquals("input_not_allowed", viaSocket.at("/error/code").asText(), viaSocket.toString());
            Map<String, JsonNode> steps =
                    DaemonGrpcTest.python(daemon.ready.at("/data/grpc").asText(), "profile", closed, "refused");
            assertEquals("PERMISSION_DENIED", steps.get("type_into").get("code").asText(), steps.toString());
            assertTrue(steps.get("type_into").get("details").asText().startsWith("input_not_allowed"));
            JsonNode viaMcp = call(client, "desktop_type_into", typeInto(closed, "refused"));
            assertTrue(viaMcp.get("is_error").asBoolean(), viaMcp.toString());
            assertEquals(
                    "capability_denied", viaMcp.at("/structured/error/code").asText(), viaMcp.toString());
            assertEquals("", entryText(closed), "input not allowed typed nothing");
        }
    }
}

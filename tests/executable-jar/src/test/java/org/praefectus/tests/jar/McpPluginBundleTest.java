package org.praefectus.tests.jar;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.tests.fixtures.BundleJar;

/**
 * A plugin that arrives as a bundle, not as a directory, reaches MCP clients: the debug runtime installs a
 * trusted plugin bundle from Gogo, then serves {@code mcp --http} in the same framework; {@code list_plugins}
 * lists the bundle's tool and {@code call_plugin_tool} runs it (issue 17, defect 7: "bundle-installed plugin
 * tools are not callable"). No plugin path is set, so the bundle is the only way the tool can be there.
 */
class McpPluginBundleTest {

    private static final String PLUGIN_ID = "org.praefectus.tests.bundle-echo";
    private static final String MANIFEST = """
            {
              "schema_version": "peekaboox.plugin.v1",
              "id": "org.praefectus.tests.bundle-echo",
              "name": "Bundle echo",
              "version": "0.3.0",
              "capabilities": ["observe"],
              "entrypoint": {"kind": "process", "command": ["./echo.sh"]},
              "tools": [{"name": "echo", "description": "Answers with the word it was given.",
                "input_schema": {"type": "object", "properties": {"word": {"type": "string", "maxLength": 32}},
                  "required": ["word"], "additionalProperties": false}}]
            }
            """;
    private static final String SCRIPT = """
            #!/bin/sh
            # answers with the request it read from stdin, and the tool it was called as
            request=$(cat)
            printf '{"ok":true,"result":{"request":%s,"tool":"%s"}}\\n' "$request" "$PEEKABOOX_PLUGIN_TOOL"
            """;

    @TempDir
    Path home;

    private Process runtime;

    @AfterEach
    void stop() throws InterruptedException {
        JarProcess.stop(runtime);
    }

    @Test
    void aTrustedPluginBundleIsListedAndCallableOverMcp() throws Exception {
        Path plugin = pluginBundle();
        pin();
        McpHttpClient mcp = new McpHttpClient();
        runtime = DebugMcpRuntime.start(home, plugin, mcp.port, List.of(), environment -> {
            environment.remove("PEEKABOOX_PLUGIN_PATH");
            environment.remove("PRAEFECTUS_PLUGIN_PATH");
        });
        String session = DebugMcpRuntime.session(runtime, () -> mcp.initialize(null));

        // the start level rises asynchronously: the bundle's tools arrive when its level is reached
        JsonNode tool = await("list_plugins lists the bundle's tool")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> listed(mcp, session), entry -> entry != null);
        assertNotNull(tool);
        assertEquals("echo", tool.path("tool").asText());
        assertEquals("0.3.0", tool.path("plugin_version").asText());

        JsonNode called = mcp.callTool(
                null,
                session,
                3,
                "call_plugin_tool",
                "{\"plugin_id\":\"" + PLUGIN_ID + "\",\"tool\":\"echo\",\"arguments\":{\"word\":\"bundled\"}}");
        assertEquals(false, called.path("isError").asBoolean(), called.toString());
        assertTrue(called.at("/structuredContent/ok").asBoolean(), called.toString());
        assertEquals(
                "bundled",
                called.at("/structuredContent/result/request/arguments/word").asText(),
                called.toString());
        assertEquals("echo", called.at("/structuredContent/result/tool").asText(), called.toString());

        JsonNode refused = mcp.callTool(
                null,
                session,
                4,
                "call_plugin_tool",
                "{\"plugin_id\":\"" + PLUGIN_ID + "\",\"tool\":\"echo\",\"arguments\":{\"word\":7}}");
        assertEquals(true, refused.path("isError").asBoolean(), "the tool's input schema holds: " + refused);
    }

    /** The bundle's tool as {@code list_plugins} lists it, or {@code null} while it is not listed. */
    private static JsonNode listed(McpHttpClient mcp, String session) throws Exception {
        JsonNode listed = mcp.callTool(null, session, 2, "list_plugins", "{}");
        assertEquals(false, listed.path("isError").asBoolean(), listed.toString());
        for (JsonNode entry : listed.at("/structuredContent/tools")) {
            if (entry.path("plugin_id").asText().equals(PLUGIN_ID)) {
                return entry;
            }
        }
        return null;
    }

    /** The plugin as its author would ship it: under {@code plugin/}, named by the header, needing the extender. */
    private Path pluginBundle() throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Bundle-SymbolicName", "test.plugin.bundle-echo");
        headers.put("Bundle-Version", "0.3.0");
        headers.put("Praefectus-Plugin", "plugin");
        headers.put("Require-Capability", "osgi.extender;filter:=\"(osgi.extender=praefectus.plugins)\"");
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("plugin/peekaboox.plugin.json", MANIFEST.getBytes(StandardCharsets.UTF_8));
        entries.put("plugin/echo.sh", SCRIPT.getBytes(StandardCharsets.UTF_8));
        return BundleJar.write(home.resolve("bundle-echo.jar"), headers, entries);
    }

    /** The user's trust policy pins the manifest and the script, as the extender will find them extracted. */
    private void pin() throws Exception {
        Path policy = Files.createDirectories(home.resolve(".config/peekaboox")).resolve("trusted_plugins.json");
        Files.writeString(
                policy,
                "{\"schema_version\":1,\"plugins\":{\"" + PLUGIN_ID + "\":{\"manifest_sha256\":\"" + sha256(MANIFEST)
                        + "\",\"entrypoint_sha256\":{\"echo.sh\":\"" + sha256(SCRIPT) + "\"}}}}");
    }

    private static String sha256(String text) throws Exception {
        return HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}

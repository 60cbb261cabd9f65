package org.praefectus.plugins.call;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.praefectus.api.plugin.PluginCallException;
import org.praefectus.api.plugin.PluginCallLimits;
import org.praefectus.api.plugin.PluginToolResult;
import org.praefectus.plugins.manifest.ManifestReader;
import org.praefectus.plugins.manifest.PluginDescriptor;
import org.praefectus.plugins.process.ClosableProcessRunner;
import org.praefectus.plugins.process.ProcessRunners;
import org.praefectus.plugins.process.ProcessSpec;
import org.praefectus.plugins.trust.PluginFingerprint;
import org.praefectus.tests.fixtures.Fixture;

/** Plugin calls with real child processes. */
class PluginCallerTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path folder;

    private ClosableProcessRunner runner;
    private PluginCaller caller;
    private PluginDescriptor toolbox;

    @BeforeEach
    void setUp() throws Exception {
        runner = ProcessRunners.open();
        caller = new PluginCaller(runner, new ArgumentValidator(), ProcessSpec.DEFAULT_INHERITED_ENVIRONMENT);
        toolbox = ManifestReader.load(Fixture.TOOLBOX_PLUGIN.copyTo(folder));
    }

    @AfterEach
    void tearDown() {
        runner.close();
    }

    @Test
    void thePeekabooxExampleShapeRunsUnchanged() throws Exception {
        PluginDescriptor systemInfo = ManifestReader.load(Fixture.SYSTEM_INFO_PLUGIN.copyTo(folder));
        PluginToolResult result =
                caller.call(systemInfo, "system_info.uname", PluginCaller.arguments("{}"), PluginCallLimits.DEFAULT);
        assertTrue(result.ok(), () -> result.error() + " / " + result.stderr());
        assertEquals(0, result.exitCode().orElseThrow());
        JsonNode uname = JSON.readTree(result.resultJson().orElseThrow());
        assertEquals(System.getProperty("os.name"), uname.get("system").asText());
        assertEquals(
                "org.praefectus.examples.system-info", uname.get("plugin_id").asText());
        assertEquals(
                "org.praefectus.examples.system-info",
                uname.get("request_plugin_id").asText());
        assertEquals("peekaboox.plugin.v1", uname.get("schema_version").asText());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{}",
                "{\"mode\":\"shout\"}",
                "{\"mode\":\"plain\",\"count\":9}",
                "{\"mode\":\"plain\",\"count\":1.5}",
                "{\"mode\":\"plain\",\"label\":\"x\"}",
                "{\"mode\":\"plain\",\"label\":\"much too long\"}",
                "{\"mode\":\"plain\",\"tags\":[]}",
                "{\"mode\":\"plain\",\"tags\":[\"a\",\"b\",\"c\"]}",
                "{\"mode\":\"plain\",\"tags\":[1]}",
                "{\"mode\":\"plain\",\"extra\":true}"
            })
    void argumentsViolatingTheSchemaAreRefusedBeforeTheProcessStarts(String arguments) throws Exception {
        PluginCallException refused = assertThrows(
                PluginCallException.class,
                () -> caller.call(toolbox, "echo", PluginCaller.arguments(arguments), PluginCallLimits.DEFAULT));
        assertEquals("invalid_arguments", refused.code());
        assertTrue(refused.getMessage().startsWith("arguments for tool echo are invalid: "), refused.getMessage());
        assertFalse(Files.exists(toolbox.root().resolve("started.echo")), "the plugin never started");
    }

    @Test
    void validArgumentsReachThePluginAsThePeekabooxRequest() throws Exception {
        PluginToolResult result = caller.call(
                toolbox,
                "echo",
                PluginCaller.arguments("{\"mode\":\"loud\",\"count\":5,\"label\":\"ab\",\"tags\":[\"x\"]}"),
                PluginCallLimits.DEFAULT);
        assertTrue(result.ok(), () -> result.error().orElse("") + result.stderr());
        JsonNode echoed = JSON.readTree(result.resultJson().orElseThrow());
        assertEquals(
                JSON.readTree("{\"schema_version\":\"peekaboox.plugin.v1\",\"plugin_id\":"
                        + "\"org.praefectus.tests.toolbox\",\"tool\":\"echo\",\"arguments\":{\"mode\":\"loud\",\"count\":5,"
                        + "\"label\":\"ab\",\"tags\":[\"x\"]}}"),
                echoed.get("request"));
        assertEquals(toolbox.root().toString(), echoed.get("root").asText());
    }

    @Test
    void aSecretInTheHostEnvironmentNeverReachesThePlugin() throws Exception {
        String secret = System.getenv("PRAEFECTUS_TEST_PARENT_SECRET");
        assertNotNull(secret, "the build sets PRAEFECTUS_TEST_PARENT_SECRET for this test");
        PluginToolResult result =
                caller.call(toolbox, "echo", PluginCaller.arguments("{\"mode\":\"plain\"}"), PluginCallLimits.DEFAULT);
        String environment = JSON.readTree(result.resultJson().orElseThrow())
                .get("environment")
                .asText();
        assertFalse(environment.contains(secret), environment);
        assertFalse(environment.contains("PRAEFECTUS_TEST_PARENT_SECRET"), environment);
        assertTrue(environment.contains("PEEKABOOX_PLUGIN_ID=org.praefectus.tests.toolbox "), environment);
        assertTrue(environment.contains("PEEKABOOX_PLUGIN_TOOL=echo "), environment);
        assertTrue(environment.contains("PEEKABOOX_PLUGIN_ROOT=" + toolbox.root() + " "), environment);
    }

    @Test
    void aPluginThatSleepsIsKilledAtTheTimeoutTogetherWithItsChildren() throws Exception {
        PluginToolResult result = caller.call(
                toolbox, "sleep", PluginCaller.arguments("{}"), new PluginCallLimits(Duration.ofSeconds(3), 4096));
        assertFalse(result.ok());
        assertTrue(result.timedOut());
        assertTrue(result.exitCode().isEmpty(), "a killed process has no exit status of its own");
        assertEquals("plugin timed out after 3000 ms", result.error().orElseThrow());
        List<Long> children = new ArrayList<>();
        for (String line : result.stderr().split("\n")) {
            children.add(Long.parseLong(line.substring(line.indexOf(' ') + 1)));
        }
        assertEquals(2, children.size(), "child and grandchild were started: " + result.stderr());
        for (long pid : children) {
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "orphan " + pid);
        }
    }

    @Test
    void outputOverTheCapIsTruncatedAndSaysSo() throws Exception {
        PluginToolResult result = caller.call(
                toolbox, "flood", PluginCaller.arguments("{}"), new PluginCallLimits(Duration.ofSeconds(30), 100));
        assertFalse(result.ok());
        assertTrue(result.outputTruncated());
        assertEquals("flood\n".repeat(16) + "floo", result.stdout());
        assertEquals(
                "plugin output exceeded max_output_bytes=100", result.error().orElseThrow());
    }

    @Test
    void aNonZeroExitIsAToolErrorWithThePluginsReason() throws Exception {
        PluginToolResult result = caller.call(toolbox, "fail", PluginCaller.arguments("{}"), PluginCallLimits.DEFAULT);
        assertFalse(result.ok());
        assertEquals(3, result.exitCode().orElseThrow());
        assertEquals("the toolbox failed on purpose", result.error().orElseThrow());
    }

    @Test
    void unknownToolsAndNonObjectArgumentsAreRefused() {
        assertEquals(
                "unknown_tool",
                assertThrows(
                                PluginCallException.class,
                                () -> caller.call(
                                        toolbox, "nope", PluginCaller.arguments("{}"), PluginCallLimits.DEFAULT))
                        .code());
        assertEquals(
                "invalid_arguments",
                assertThrows(PluginCallException.class, () -> PluginCaller.arguments("[1]"))
                        .code());
        assertEquals(
                "invalid_arguments",
                assertThrows(PluginCallException.class, () -> PluginCaller.arguments("{"))
                        .code());
    }

    @Test
    void theCatalogRefusesAnUntrustedPluginWhereTrustIsRequiredAndRunsAPinnedOne() throws Exception {
        Path policy = folder.resolve("trusted_plugins.json");
        PluginCatalog catalog = new PluginCatalog(caller, () -> List.of(folder), () -> policy);
        PluginCallException refused = assertThrows(
                PluginCallException.class,
                () -> catalog.call(
                        toolbox.id(), "fail", PluginCaller.arguments("{}"), List.of(), PluginCallLimits.DEFAULT, true));
        assertEquals("untrusted_plugin", refused.code());
        assertTrue(refused.getMessage().contains("is not pinned in " + policy), refused.getMessage());
        assertFalse(Files.exists(toolbox.root().resolve("started.fail")));

        PluginFingerprint fingerprint = PluginFingerprint.of(toolbox);
        Files.writeString(
                policy,
                "{\"schema_version\":1,\"plugins\":{\"" + toolbox.id() + "\":{\"manifest_sha256\":\""
                        + fingerprint.manifestSha256() + "\",\"entrypoint_sha256\":{\"toolbox.sh\":\""
                        + fingerprint.entrypointSha256().get("toolbox.sh") + "\"}}}}");
        PluginToolResult result = catalog.call(
                toolbox.id(), "fail", PluginCaller.arguments("{}"), List.of(), PluginCallLimits.DEFAULT, true);
        assertEquals(3, result.exitCode().orElseThrow());
        assertEquals("pinned", catalog.list(List.of()).plugins().get(0).trust().reason());
    }
}

package org.praefectus.tests.plugins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.plugins.process.ProcessResult;
import org.praefectus.plugins.process.ProcessRunner;
import org.praefectus.plugins.process.ProcessSpec;
import org.praefectus.plugins.process.Termination;
import org.praefectus.tests.fixtures.Fixture;

/** The plugin commands through the CLI service, and the process runner service the bridge will use. */
class PluginCommandsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @InjectBundleContext
    BundleContext context;

    @InjectService
    ConfigurationAdmin configurationAdmin;

    @InjectService
    CommandLine cli;

    @InjectService
    ProcessRunner runner;

    private Path policy;
    private Path plugins;

    @BeforeEach
    void setUp() throws Exception {
        policy = TrustedSetup.configure(context, configurationAdmin);
        plugins = Files.createTempDirectory(PluginFiles.work(context), "commands");
        Fixture.SYSTEM_INFO_PLUGIN.copyTo(plugins);
        Fixture.TOOLBOX_PLUGIN.copyTo(plugins);
    }

    private JsonNode run(int expectedExit, String... arguments) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = cli.run(
                List.of(arguments), out, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        JsonNode envelope = JSON.readTree(out.toString(StandardCharsets.UTF_8));
        assertEquals(expectedExit, exit, envelope.toString());
        return envelope;
    }

    @Test
    void pluginsListsEachPluginWithItsTrustDecision() throws Exception {
        Files.writeString(
                policy,
                PluginFiles.pin("org.praefectus.examples.system-info", Fixture.SYSTEM_INFO_PLUGIN, "plugin.py"));
        JsonNode all = run(0, "plugins", "--path", plugins.toString()).get("data");
        assertEquals("peekaboox.plugin.v1", all.get("sdk_version").asText());
        assertEquals(2, all.get("plugins").size());
        assertTrue(all.get("plugins").get(0).get("trusted").asBoolean());
        assertFalse(all.get("plugins").get(1).get("trusted").asBoolean());

        JsonNode trusted = run(0, "plugins", "--path", plugins.toString(), "--require-trusted")
                .get("data");
        assertEquals(1, trusted.get("plugins").size());
        assertEquals(1, trusted.get("errors").size());
        assertEquals("usage", run(2, "plugins", "--bogus").at("/error/code").asText());
    }

    @Test
    void pluginCallRunsATrustedToolAndRefusesAnUntrustedOne() throws Exception {
        Files.writeString(
                policy,
                PluginFiles.pin("org.praefectus.examples.system-info", Fixture.SYSTEM_INFO_PLUGIN, "plugin.py"));
        JsonNode called = run(
                        0,
                        "plugin-call",
                        "org.praefectus.examples.system-info",
                        "system_info.uname",
                        "--path",
                        plugins.toString(),
                        "--require-trusted")
                .get("data");
        assertTrue(called.get("ok").asBoolean(), called.toString());
        assertEquals(0, called.get("exit_code").asInt());
        assertEquals(System.getProperty("os.name"), called.at("/result/system").asText());

        JsonNode refused = run(
                3,
                "plugin-call",
                "org.praefectus.tests.toolbox",
                "echo",
                "--args",
                "{\"mode\":\"plain\"}",
                "--path",
                plugins.toString(),
                "--require-trusted");
        assertEquals("untrusted_plugin", refused.at("/error/code").asText());

        JsonNode invalid = run(
                3,
                "plugin-call",
                "org.praefectus.tests.toolbox",
                "echo",
                "--args",
                "{\"mode\":1}",
                "--path",
                plugins.toString());
        assertEquals("invalid_arguments", invalid.at("/error/code").asText());

        JsonNode timedOut = run(
                        0,
                        "plugin-call",
                        "org.praefectus.tests.toolbox",
                        "sleep",
                        "--path",
                        plugins.toString(),
                        "--timeout-ms",
                        "1500")
                .get("data");
        assertTrue(timedOut.get("timed_out").asBoolean());
        assertTrue(timedOut.get("exit_code").isNull());
    }

    @Test
    void theProcessRunnerServiceRunsArgvAndReportsHonestly() throws Exception {
        ProcessResult result = runner.run(ProcessSpec.builder(List.of("sh", "-c", "exit 4"))
                .timeout(Duration.ofSeconds(30))
                .build());
        assertEquals(Termination.EXITED, result.termination());
        assertEquals(4, result.exitCode());
    }
}

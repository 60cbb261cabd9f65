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
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectBundleInstaller;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.common.install.BundleInstaller;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.tests.fixtures.Fixture;

/**
 * Regression (issue 42, defect 6): a plugin bundle's tool was registered, but the CLI's {@code plugin-call} answered
 * {@code unknown_plugin} (only MCP reached it); and {@code plugin-call} without {@code --require-trusted} silently ran
 * a pinned plugin whose script had been changed, and said nothing about trust in its answer.
 */
class PluginCallTrustTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOOLBOX = "org.praefectus.tests.toolbox";
    private static final String SYSTEM_INFO = "org.praefectus.examples.system-info";

    @InjectBundleContext
    BundleContext context;

    @InjectBundleInstaller
    BundleInstaller installer;

    @InjectService
    ConfigurationAdmin configurationAdmin;

    @InjectService
    CommandLine cli;

    private Path policy;
    private Path work;

    @BeforeEach
    void trustPolicy() throws Exception {
        policy = TrustedSetup.configure(context, configurationAdmin);
        work = Files.createTempDirectory(PluginFiles.work(context), "call-trust");
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
    void pluginCallReachesTheToolOfAnActivePluginBundle() throws Exception {
        Files.writeString(policy, PluginFiles.pin(TOOLBOX, Fixture.TOOLBOX_PLUGIN, "toolbox.sh"));
        Bundle bundle = installer.installBundle(
                PluginFiles.bundle("test.plugin.toolbox.cli", Fixture.TOOLBOX_PLUGIN, work)
                        .toUri()
                        .toURL(),
                true);

        JsonNode called = run(0, "plugin-call", TOOLBOX, "echo", "--args", "{\"mode\":\"plain\"}")
                .get("data");
        assertTrue(called.get("ok").asBoolean(), called.toString());
        assertEquals(TOOLBOX, called.at("/result/request/plugin_id").asText());
        assertTrue(called.get("trusted").asBoolean());
        assertEquals(
                "plugin bundle test.plugin.toolbox.cli (pinned)",
                called.get("trust_reason").asText());

        bundle.uninstall();
        assertEquals(
                "unknown_plugin",
                run(3, "plugin-call", TOOLBOX, "echo", "--args", "{\"mode\":\"plain\"}")
                        .at("/error/code")
                        .asText());
    }

    @Test
    void aPinnedPluginWhoseScriptChangedIsRefusedAndEveryCallSaysHowItIsTrusted() throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        Path systemInfo = Fixture.SYSTEM_INFO_PLUGIN.copyTo(plugins);
        Fixture.TOOLBOX_PLUGIN.copyTo(plugins);
        Files.writeString(policy, PluginFiles.pin(SYSTEM_INFO, Fixture.SYSTEM_INFO_PLUGIN, "plugin.py"));

        JsonNode pinned = run(0, "plugin-call", SYSTEM_INFO, "system_info.uname", "--path", plugins.toString())
                .get("data");
        assertTrue(pinned.get("trusted").asBoolean(), pinned.toString());
        assertEquals("pinned", pinned.get("trust_reason").asText());

        JsonNode unpinned = run(
                        0,
                        "plugin-call",
                        TOOLBOX,
                        "echo",
                        "--args",
                        "{\"mode\":\"plain\"}",
                        "--path",
                        plugins.toString())
                .get("data");
        assertTrue(unpinned.get("ok").asBoolean(), unpinned.toString());
        assertFalse(unpinned.get("trusted").asBoolean(), "an unpinned plugin runs, and says so");
        assertTrue(unpinned.get("trust_reason").asText().contains("is not pinned"), unpinned.toString());

        Files.writeString(
                systemInfo.resolve("plugin.py"), "\n# changed after it was pinned\n", StandardOpenOption.APPEND);
        JsonNode tampered = run(3, "plugin-call", SYSTEM_INFO, "system_info.uname", "--path", plugins.toString())
                .get("error");
        assertEquals("untrusted_plugin", tampered.get("code").asText());
        assertTrue(tampered.get("message").asText().contains("does not match its pinned sha256"), tampered.toString());
    }
}

package org.praefectus.tests.plugins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectBundleInstaller;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.common.install.BundleInstaller;
import org.praefectus.api.plugin.PluginCallException;
import org.praefectus.api.plugin.PluginCallLimits;
import org.praefectus.api.plugin.PluginDirectoryInstaller;
import org.praefectus.api.plugin.PluginTool;
import org.praefectus.api.plugin.PluginToolResult;
import org.praefectus.tests.fixtures.Fixture;

/** Plugins arriving and leaving as bundles, in a real Felix with the real extender. */
class PluginBundleTest {

    private static final String TOOLBOX = "org.praefectus.tests.toolbox";
    private static final String SYSTEM_INFO = "org.praefectus.examples.system-info";
    private static final ObjectMapper JSON = new ObjectMapper();

    @InjectBundleContext
    BundleContext context;

    @InjectBundleInstaller
    BundleInstaller installer;

    @InjectService
    ConfigurationAdmin configurationAdmin;

    private Path policy;
    private Path work;

    @BeforeEach
    void trustPolicy() throws Exception {
        policy = TrustedSetup.configure(context, configurationAdmin);
        work = Files.createTempDirectory(PluginFiles.work(context), "test");
    }

    private Map<String, ServiceReference<PluginTool>> tools(String pluginId) throws Exception {
        Collection<ServiceReference<PluginTool>> references = context.getServiceReferences(
                PluginTool.class, "(" + PluginTool.PLUGIN_ID_PROPERTY + "=" + pluginId + ")");
        Map<String, ServiceReference<PluginTool>> byName = new TreeMap<>();
        references.forEach(
                reference -> byName.put((String) reference.getProperty(PluginTool.TOOL_PROPERTY), reference));
        return byName;
    }

    @Test
    void aTrustedPluginBundleInstalledAtRuntimeBringsItsToolsAndTakesThemAwayWhenItStops() throws Exception {
        Files.writeString(policy, PluginFiles.pin(TOOLBOX, Fixture.TOOLBOX_PLUGIN, "toolbox.sh"));
        Path jar = PluginFiles.bundle("test.plugin.toolbox", Fixture.TOOLBOX_PLUGIN, work);
        assertTrue(tools(TOOLBOX).isEmpty());

        Bundle bundle = installer.installBundle(jar.toUri().toURL(), true);
        Map<String, ServiceReference<PluginTool>> tools = tools(TOOLBOX);
        assertEquals(List.of("echo", "fail", "flood", "sleep"), List.copyOf(tools.keySet()));
        assertEquals(bundle, tools.get("echo").getBundle(), "registered in the plugin bundle's name");
        assertEquals("pinned", tools.get("echo").getProperty("praefectus.plugin.trust"));

        PluginTool echo = context.getService(tools.get("echo"));
        assertEquals("echo", echo.descriptor().name());
        PluginToolResult result = echo.call("{\"mode\":\"plain\"}", PluginCallLimits.DEFAULT);
        assertTrue(result.ok(), () -> result.error() + result.stderr());
        JsonNode request = JSON.readTree(result.resultJson().orElseThrow()).get("request");
        assertEquals(TOOLBOX, request.get("plugin_id").asText());
        PluginCallException refused = assertThrows(
                PluginCallException.class, () -> echo.call("{\"mode\":\"other\"}", PluginCallLimits.DEFAULT));
        assertEquals("invalid_arguments", refused.code());
        context.ungetService(tools.get("echo"));

        bundle.stop();
        assertTrue(tools(TOOLBOX).isEmpty(), "stopping the bundle withdraws every tool");
        bundle.start();
        assertEquals(4, tools(TOOLBOX).size(), "starting it again brings them back");
        bundle.uninstall();
        assertTrue(tools(TOOLBOX).isEmpty());
    }

    @Test
    void anUntrustedPluginBundleNeverBecomesAService() throws Exception {
        Files.writeString(policy, "{\"schema_version\":1,\"plugins\":{}}");
        Bundle bundle = installer.installBundle(
                PluginFiles.bundle("test.plugin.untrusted", Fixture.TOOLBOX_PLUGIN, work)
                        .toUri()
                        .toURL(),
                true);
        assertEquals(Bundle.ACTIVE, bundle.getState());
        assertTrue(tools(TOOLBOX).isEmpty());

        // the same bundle, restarted once the plugin is pinned, does arrive: trust was what kept it out
        Files.writeString(policy, PluginFiles.pin(TOOLBOX, Fixture.TOOLBOX_PLUGIN, "toolbox.sh"));
        bundle.stop();
        bundle.start();
        assertEquals(4, tools(TOOLBOX).size());
    }

    @Test
    void aBundleWhoseScriptDiffersFromThePinNeverBecomesAService() throws Exception {
        String pin = PluginFiles.pin(TOOLBOX, Fixture.TOOLBOX_PLUGIN, "toolbox.sh");
        Files.writeString(
                policy,
                pin.replaceFirst("\"toolbox.sh\":\"[0-9a-f]{64}\"", "\"toolbox.sh\":\"" + "0".repeat(64) + "\""));
        installer.installBundle(
                PluginFiles.bundle("test.plugin.tampered", Fixture.TOOLBOX_PLUGIN, work)
                        .toUri()
                        .toURL(),
                true);
        assertTrue(tools(TOOLBOX).isEmpty());
    }

    @Test
    void aTrustedPluginDirectoryIsInstalledAsABundleAndRemovedAgain() throws Exception {
        PluginDirectoryInstaller directories = (PluginDirectoryInstaller)
                TrustedSetup.await(context, "(objectClass=" + PluginDirectoryInstaller.class.getName() + ")");
        Path directory = Fixture.SYSTEM_INFO_PLUGIN.copyTo(work);

        PluginCallException untrusted = assertThrows(PluginCallException.class, () -> directories.install(directory));
        assertEquals("untrusted_plugin", untrusted.code());
        assertFalse(Arrays.stream(context.getBundles())
                .anyMatch(b -> b.getLocation().startsWith("praefectus-plugin:")));

        Files.writeString(policy, PluginFiles.pin(SYSTEM_INFO, Fixture.SYSTEM_INFO_PLUGIN, "plugin.py"));
        assertEquals(SYSTEM_INFO, directories.install(directory));
        try {
            Map<String, ServiceReference<PluginTool>> tools = tools(SYSTEM_INFO);
            assertEquals(List.of("system_info.uname"), List.copyOf(tools.keySet()));
            assertEquals(
                    "praefectus.plugin." + SYSTEM_INFO,
                    tools.get("system_info.uname").getBundle().getSymbolicName());
            PluginToolResult uname =
                    context.getService(tools.get("system_info.uname")).call("{}", PluginCallLimits.DEFAULT);
            assertTrue(uname.ok(), () -> uname.error() + uname.stderr());
            assertEquals(
                    System.getProperty("os.name"),
                    JSON.readTree(uname.resultJson().orElseThrow())
                            .get("system")
                            .asText());
            assertEquals(
                    "already_installed",
                    assertThrows(PluginCallException.class, () -> directories.install(directory))
                            .code());
        } finally {
            assertTrue(directories.uninstall(SYSTEM_INFO));
        }
        assertTrue(tools(SYSTEM_INFO).isEmpty());
        assertFalse(directories.uninstall(SYSTEM_INFO));
    }
}

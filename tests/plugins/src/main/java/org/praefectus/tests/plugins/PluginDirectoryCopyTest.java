package org.praefectus.tests.plugins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.praefectus.api.plugin.PluginCallException;
import org.praefectus.api.plugin.PluginDirectoryInstaller;
import org.praefectus.api.plugin.PluginTool;
import org.praefectus.tests.fixtures.Fixture;

/**
 * Regression (issue 42, defect 6): plugin directories installed for MCP stayed session-long copies. A removed plugin
 * still listed and ran; a tampered one was refused and still ran its old copy; a re-pinned update was refused until
 * restart. Each install now brings the copies up to date with their directories.
 */
class PluginDirectoryCopyTest {

    private static final String SYSTEM_INFO = "org.praefectus.examples.system-info";
    private static final String TOOLBOX = "org.praefectus.tests.toolbox";

    @InjectBundleContext
    BundleContext context;

    @InjectService
    ConfigurationAdmin configurationAdmin;

    private Path policy;
    private Path work;
    private PluginDirectoryInstaller directories;

    @BeforeEach
    void trustPolicy() throws Exception {
        policy = TrustedSetup.configure(context, configurationAdmin);
        work = Files.createTempDirectory(PluginFiles.work(context), "copies");
        directories = (PluginDirectoryInstaller)
                TrustedSetup.await(context, "(objectClass=" + PluginDirectoryInstaller.class.getName() + ")");
    }

    @AfterEach
    void uninstall() {
        directories.uninstall(SYSTEM_INFO);
        directories.uninstall(TOOLBOX);
    }

    private int tools(String pluginId) throws Exception {
        Collection<ServiceReference<PluginTool>> references = context.getServiceReferences(
                PluginTool.class, "(" + PluginTool.PLUGIN_ID_PROPERTY + "=" + pluginId + ")");
        return references.size();
    }

    @Test
    void aTamperedDirectoryLosesItsCopyAndARePinnedOneIsUpdated() throws Exception {
        Path directory = Fixture.SYSTEM_INFO_PLUGIN.copyTo(work);
        Files.writeString(policy, PluginFiles.pin(SYSTEM_INFO, Fixture.SYSTEM_INFO_PLUGIN, "plugin.py"));
        assertEquals(SYSTEM_INFO, directories.install(directory));
        assertEquals(1, tools(SYSTEM_INFO));

        Files.writeString(directory.resolve("plugin.py"), "\n# changed\n", StandardOpenOption.APPEND);
        PluginCallException tampered = assertThrows(PluginCallException.class, () -> directories.install(directory));
        assertEquals("untrusted_plugin", tampered.code());
        assertEquals(0, tools(SYSTEM_INFO), "the old copy no longer runs");

        String repinned = PluginFiles.pin(SYSTEM_INFO, Fixture.SYSTEM_INFO_PLUGIN, "plugin.py")
                .replace(
                        PluginFiles.sha256(Fixture.SYSTEM_INFO_PLUGIN.read("plugin.py")),
                        PluginFiles.sha256(Files.readAllBytes(directory.resolve("plugin.py"))));
        Files.writeString(policy, repinned);
        assertEquals(SYSTEM_INFO, directories.install(directory), "a re-pinned update installs without a restart");
        assertEquals(1, tools(SYSTEM_INFO));
    }

    @Test
    void aRemovedDirectoryLosesItsCopyAtTheNextInstall() throws Exception {
        Path systemInfo = Fixture.SYSTEM_INFO_PLUGIN.copyTo(work);
        Path toolbox = Fixture.TOOLBOX_PLUGIN.copyTo(work);
        String first = PluginFiles.pin(SYSTEM_INFO, Fixture.SYSTEM_INFO_PLUGIN, "plugin.py");
        String second = PluginFiles.pin(TOOLBOX, Fixture.TOOLBOX_PLUGIN, "toolbox.sh");
        // both pins in one policy: the first's plugins object, then the second's members
        String members = second.substring(second.indexOf("\"plugins\":{") + "\"plugins\":{".length());
        Files.writeString(policy, first.substring(0, first.length() - 2) + "," + members);
        directories.install(systemInfo);
        directories.install(toolbox);
        assertTrue(tools(SYSTEM_INFO) > 0 && tools(TOOLBOX) > 0);

        Files.delete(systemInfo.resolve("peekaboox.plugin.json"));
        assertEquals(
                "already_installed",
                assertThrows(PluginCallException.class, () -> directories.install(toolbox))
                        .code());
        assertEquals(0, tools(SYSTEM_INFO), "the removed plugin is gone");
        assertEquals(4, tools(TOOLBOX));
    }
}

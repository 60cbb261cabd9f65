package org.praefectus.plugins.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.tests.fixtures.Fixture;

class PluginDiscoveryTest {

    @TempDir
    Path folder;

    @Test
    void aDirectoryOfPluginsYieldsEachPluginAndEachProblem() throws Exception {
        Fixture.SYSTEM_INFO_PLUGIN.copyTo(folder);
        Fixture.TOOLBOX_PLUGIN.copyTo(folder);
        Path broken = Files.createDirectories(folder.resolve("broken"));
        Files.writeString(broken.resolve("peekaboox.plugin.json"), "[]");
        Files.createDirectories(folder.resolve("not-a-plugin"));

        PluginDiscovery.Result result = PluginDiscovery.discover(List.of(folder));
        assertEquals(
                List.of("org.praefectus.examples.system-info", "org.praefectus.tests.toolbox"),
                result.plugins().stream().map(PluginDescriptor::id).toList());
        assertEquals(1, result.problems().size());
        assertEquals(broken, result.problems().get(0).path());
        assertTrue(result.problems().get(0).message().endsWith("root must be an object"));
    }

    @Test
    void aPathMayNameOnePluginDirectoryOrItsManifest() {
        Path plugin = Fixture.SYSTEM_INFO_PLUGIN.copyTo(folder);
        assertEquals(1, PluginDiscovery.discover(List.of(plugin)).plugins().size());
        assertEquals(
                1,
                PluginDiscovery.discover(List.of(plugin.resolve("peekaboox.plugin.json")))
                        .plugins()
                        .size());
        assertEquals(
                0,
                PluginDiscovery.discover(List.of(folder.resolve("absent")))
                        .plugins()
                        .size());
    }

    @Test
    void theSameIdTwiceKeepsTheFirstAndReportsTheSecond() throws Exception {
        Path first = Fixture.SYSTEM_INFO_PLUGIN.copyTo(folder.resolve("a"));
        Fixture.SYSTEM_INFO_PLUGIN.copyTo(folder.resolve("b"));
        PluginDiscovery.Result result = PluginDiscovery.discover(List.of(folder.resolve("a"), folder.resolve("b")));
        assertEquals(
                List.of(first.toAbsolutePath().normalize()),
                result.plugins().stream().map(PluginDescriptor::root).toList());
        assertTrue(result.problems()
                .get(0)
                .message()
                .startsWith("duplicate plugin id org.praefectus.examples.system-info"));
    }

    @Test
    void theDefaultPathsAreBothVariablesThenTheLocalPluginsDirectory() {
        List<Path> paths = PluginDiscovery.defaultPaths(
                Map.of("PEEKABOOX_PLUGIN_PATH", "/p1:/p2", "PRAEFECTUS_PLUGIN_PATH", "/p3"), Path.of("/work"));
        assertEquals(List.of(Path.of("/p1"), Path.of("/p2"), Path.of("/p3"), Path.of("/work/plugins")), paths);
    }
}

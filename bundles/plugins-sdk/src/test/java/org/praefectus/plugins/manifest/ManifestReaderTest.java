package org.praefectus.plugins.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.tests.fixtures.Fixture;

class ManifestReaderTest {

    @TempDir
    Path folder;

    private String refusal(Path plugin) {
        return assertThrows(ManifestException.class, () -> ManifestReader.load(plugin))
                .getMessage();
    }

    /** Replaces a member in a manifest by string substitution, for invalid variants. */
    private static void rewrite(Path plugin, String from, String to) {
        Path manifest = plugin.resolve("peekaboox.plugin.json");
        try {
            String text = Files.readString(manifest);
            if (!text.contains(from)) {
                throw new IllegalArgumentException("manifest does not contain " + from);
            }
            Files.writeString(manifest, text.replace(from, to));
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }

    @Test
    void thePeekabooxExampleShapeLoads() throws Exception {
        PluginDescriptor plugin = ManifestReader.load(Fixture.SYSTEM_INFO_PLUGIN.copyTo(folder));
        PluginManifest manifest = plugin.manifest();
        assertEquals("org.praefectus.examples.system-info", manifest.id());
        assertEquals("1.0.0", manifest.version());
        assertEquals(List.of("observe"), manifest.capabilities());
        assertEquals(
                List.of("python3", "plugin.py"),
                manifest.entrypoint().orElseThrow().command());
        assertEquals("system_info.uname", manifest.tools().get(0).name());
        assertEquals(List.of(Path.of("plugin.py")), plugin.entrypointFiles());
        assertEquals(Map.of("homepage", "https://example.invalid/plugins/system-info"), manifest.metadata());
        assertEquals(plugin, ManifestReader.load(plugin.manifestPath()), "the manifest path loads the same plugin");
    }

    @Test
    void malformedJsonIsRefusedWithTheParserReason() throws Exception {
        Path plugin = Fixture.SYSTEM_INFO_PLUGIN.copyTo(folder);
        Files.writeString(plugin.resolve("peekaboox.plugin.json"), "{\"schema_version\": ");
        assertTrue(refusal(plugin).startsWith("invalid plugin manifest " + plugin.resolve("peekaboox.plugin.json")));
    }

    @Test
    void aDuplicateMemberIsRefused() throws Exception {
        Path plugin = Fixture.SYSTEM_INFO_PLUGIN.copyTo(folder);
        rewrite(plugin, "\"name\": \"System Info\",", "\"name\": \"System Info\", \"name\": \"Other\",");
        assertTrue(refusal(plugin).contains("Duplicate field 'name'"), refusal(plugin));
    }

    @Test
    void anotherSchemaVersionIsRefused() {
        Path plugin = Fixture.SYSTEM_INFO_PLUGIN.copyTo(folder);
        rewrite(plugin, "peekaboox.plugin.v1", "peekaboox.plugin.v2");
        assertTrue(refusal(plugin)
                .endsWith("unsupported schema_version \"peekaboox.plugin.v2\"; expected \"peekaboox.plugin.v1\""));
    }

    @Test
    void identifiersMustBeAscii() {
        Path plugin = Fixture.SYSTEM_INFO_PLUGIN.copyTo(folder);
        rewrite(plugin, "\"org.praefectus.examples.system-info\"", "\"org.prä fectus\"");
        assertTrue(refusal(plugin)
                .endsWith("id \"org.prä fectus\" must use only ASCII letters, digits, dots, underscores, or dashes"));
    }

    @Test
    void toolNamesMustBeAscii() {
        Path plugin = Fixture.SYSTEM_INFO_PLUGIN.copyTo(folder);
        rewrite(plugin, "\"system_info.uname\"", "\"system info/uname\"");
        assertTrue(refusal(plugin).contains("tool name \"system info/uname\" must use only ASCII"));
    }

    @Test
    void unknownCapabilitiesAreRefused() {
        Path plugin = Fixture.SYSTEM_INFO_PLUGIN.copyTo(folder);
        rewrite(
                plugin,
                "\"capabilities\": [\"observe\"],\n  \"entrypoint\"",
                "\"capabilities\": [\"root_shell\"],\n  \"entrypoint\"");
        assertTrue(refusal(plugin).contains("unknown capability \"root_shell\"; known: click, "));
    }

    @Test
    void duplicateToolsAreRefused() {
        Path plugin = Fixture.TOOLBOX_PLUGIN.copyTo(folder);
        rewrite(plugin, "{\"name\": \"flood\"", "{\"name\": \"sleep\"");
        assertTrue(refusal(plugin).endsWith("duplicate tool \"sleep\""));
    }

    @Test
    void aNonObjectInputSchemaIsRefused() {
        Path plugin = Fixture.TOOLBOX_PLUGIN.copyTo(folder);
        rewrite(
                plugin,
                "{\"name\": \"fail\", \"description\": \"Reports a failure and exits with 3.\"}",
                "{\"name\": \"fail\", \"description\": \"x\", \"input_schema\": [1]}");
        assertTrue(refusal(plugin).endsWith("tool \"fail\" input_schema must be a JSON object"));
    }

    @Test
    void onlyProcessEntrypointsExist() {
        Path plugin = Fixture.TOOLBOX_PLUGIN.copyTo(folder);
        rewrite(plugin, "\"kind\": \"process\"", "\"kind\": \"wasm\"");
        assertTrue(refusal(plugin).endsWith("entrypoint.kind must be \"process\", not \"wasm\""));
    }

    @Test
    void aMissingEntrypointProgramIsRefused() {
        Path plugin = Fixture.TOOLBOX_PLUGIN.copyTo(folder);
        rewrite(plugin, "./toolbox.sh", "./missing.sh");
        assertTrue(refusal(plugin).endsWith("missing entrypoint program \"./missing.sh\""));
    }

    @Test
    void aMissingEntrypointScriptIsRefused() {
        Path plugin = Fixture.SYSTEM_INFO_PLUGIN.copyTo(folder);
        rewrite(plugin, "\"plugin.py\"", "\"gone.py\"");
        assertTrue(refusal(plugin).endsWith("missing entrypoint file \"gone.py\""));
    }

    @Test
    void entrypointsEscapingThePluginDirectoryAreRefused() throws Exception {
        Path plugin = Fixture.TOOLBOX_PLUGIN.copyTo(folder);
        Files.writeString(folder.resolve("outside.sh"), "#!/bin/sh\n");
        rewrite(plugin, "./toolbox.sh", "../outside.sh");
        assertTrue(refusal(plugin).endsWith("entrypoint program \"../outside.sh\" escapes the plugin directory"));
        rewrite(plugin, "../outside.sh", "/bin/sh");
        assertTrue(refusal(plugin)
                .endsWith("entrypoint program \"/bin/sh\" must be a relative path inside the plugin directory"));
    }

    @Test
    void aSymbolicLinkOutOfThePluginDirectoryIsRefused() throws Exception {
        Path plugin = Fixture.SYSTEM_INFO_PLUGIN.copyTo(folder);
        Files.writeString(folder.resolve("elsewhere.py"), "print('x')\n");
        Files.createSymbolicLink(plugin.resolve("linked.py"), folder.resolve("elsewhere.py"));
        rewrite(plugin, "\"plugin.py\"", "\"linked.py\"");
        assertTrue(refusal(plugin).endsWith("entrypoint file \"linked.py\" links outside the plugin directory"));
    }

    @Test
    void aMessageNeverCarriesControlCharactersFromTheManifest() {
        Path plugin = Fixture.SYSTEM_INFO_PLUGIN.copyTo(folder);
        rewrite(plugin, "\"org.praefectus.examples.system-info\"", "\"evil\\nforged line\"");
        String message = refusal(plugin);
        assertTrue(message.contains("evil\\u000aforged line") && !message.contains("\n"), message);
    }
}

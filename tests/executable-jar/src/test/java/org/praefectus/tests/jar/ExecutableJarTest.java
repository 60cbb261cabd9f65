package org.praefectus.tests.jar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code java -jar run/target/praefectus.jar …} as a user runs it, from a directory of its own. */
class ExecutableJarTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path workingDirectory;

    private static JsonNode envelope(JarProcess.Result result) throws IOException {
        assertEquals(1, result.stdout().lines().count(), "exactly one line on stdout: " + result.stdout());
        assertTrue(result.stdout().endsWith("\n"));
        return JSON.readTree(result.stdout());
    }

    private JarProcess.Result praefectus(
            java.util.function.Consumer<Map<String, String>> environment, String... arguments) throws Exception {
        return JarProcess.run(workingDirectory, environment, List.of(), JarProcess.jar("praefectus.jar"), arguments);
    }

    @Test
    void capabilitiesReportsTheRealDesktopFromAnyDirectory() throws Exception {
        JarProcess.requireDesktop();
        JarProcess.Result result = praefectus(environment -> {}, "capabilities");

        assertEquals(0, result.exitCode(), result.stderr());
        JsonNode envelope = envelope(result);
        assertTrue(envelope.get("ok").asBoolean());
        JsonNode data = envelope.get("data");
        assertEquals("linux", data.get("platform").asText());
        assertTrue(data.at("/permissions/x11_display").asBoolean());
        assertTrue(data.at("/permissions/x11_xtest").asBoolean());
        assertTrue(data.at("/permissions/x11_randr").asBoolean());
        assertFalse(data.at("/permissions/x11_xwayland").asBoolean());
        assertTrue(data.at("/permissions/atspi_bus").asBoolean());
        assertEquals(64, data.get("display_geometry_hash").asText().length());
        assertEquals("", result.stderr(), "nothing on stderr: the framework's log stays quiet");
        try (Stream<Path> left = Files.list(workingDirectory)) {
            assertEquals(List.of(), left.toList(), "the jar leaves nothing in the working directory");
        }
    }

    @Test
    void withoutADisplayCapabilitiesStillAnswersWithEveryPermissionFalse() throws Exception {
        JarProcess.Result result = praefectus(
                environment -> {
                    environment.remove("DISPLAY");
                    environment.remove("DBUS_SESSION_BUS_ADDRESS");
                    environment.remove("WAYLAND_DISPLAY");
                },
                "capabilities");

        assertEquals(0, result.exitCode(), result.stderr());
        JsonNode permissions = envelope(result).at("/data/permissions");
        permissions
                .fields()
                .forEachRemaining(
                        permission -> assertFalse(permission.getValue().asBoolean(), permission.getKey()));
        assertTrue(permissions.has("x11_display"));
        assertEquals("", result.stderr());
    }

    @Test
    void theGlobalInputOptInIsReported() throws Exception {
        JarProcess.Result result =
                praefectus(environment -> environment.put("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1"), "capabilities");

        assertTrue(envelope(result).at("/data/permissions/global_input").asBoolean());
    }

    @Test
    void plainCommandsWriteNothingToTheUsersHome() throws Exception {
        Path home = java.nio.file.Files.createDirectories(workingDirectory.resolve("home"));
        for (String command : List.of("help", "capabilities")) {
            JarProcess.Result result = JarProcess.run(
                    workingDirectory,
                    environment -> {},
                    List.of("-Duser.home=" + home),
                    JarProcess.jar("praefectus.jar"),
                    command);
            assertEquals(0, result.exitCode(), result.stderr());
        }
        try (Stream<Path> written = Files.walk(home)) {
            // the MCP host key, for one, is created by `mcp` only; JNA keeps its (empty) temp folder in the
            // user's cache, which is JNA's own convention; the launcher keeps the jar's bundles in one folder of
            // the user's cache, named after the jar's contents, and the framework's storage in a slot next to
            // it (issue #16: no extraction and no installation at every start)
            assertEquals(
                    List.of(home),
                    written.filter(path -> !home.relativize(path)
                                    .toString()
                                    .matches("\\.cache(/JNA(/temp)?|/praefectus(/bundles-[0-9a-f]{20}(/[^/]+)?"
                                            + "|/framework-[0-9a-f]{20}-[0-9](/.*)?)?)?"))
                            .toList());
        }
    }

    @Test
    void theBundlesAreExtractedOnceAndReusedByTheNextStart() throws Exception {
        Path cache = Files.createDirectories(workingDirectory.resolve("cache"));
        for (int run = 0; run < 2; run++) {
            JarProcess.Result result =
                    praefectus(environment -> environment.put("XDG_CACHE_HOME", cache.toString()), "help");
            assertEquals(0, result.exitCode(), result.stderr());
            if (run == 0) {
                try (Stream<Path> files = Files.walk(cache)) {
                    for (Path file : files.filter(Files::isRegularFile).toList()) {
                        // a second start that extracted again would give the files a new time
                        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(0));
                    }
                }
            }
        }
        List<Path> folders;
        try (Stream<Path> listed = Files.list(cache.resolve("praefectus"))) {
            folders = listed.filter(folder -> folder.getFileName().toString().startsWith("bundles-"))
                    .toList();
        }
        assertEquals(1, folders.size(), folders.toString());
        assertTrue(folders.get(0).getFileName().toString().matches("bundles-[0-9a-f]{20}"));
        try (Stream<Path> files = Files.list(folders.get(0))) {
            List<Path> jars =
                    files.filter(file -> file.toString().endsWith(".jar")).toList();
            assertTrue(jars.size() > 20, jars.toString());
            for (Path jar : jars) {
                assertEquals(0, Files.getLastModifiedTime(jar).toMillis(), jar.toString());
            }
        }
    }

    @Test
    void theFrameworkStorageIsKeptSoTheNextStartInstallsNothing() throws Exception {
        Path cache = Files.createDirectories(workingDirectory.resolve("cache"));
        List<Path> installedFirst = null;
        for (int run = 0; run < 2; run++) {
            JarProcess.Result result =
                    praefectus(environment -> environment.put("XDG_CACHE_HOME", cache.toString()), "help");
            assertEquals(0, result.exitCode(), result.stderr());
            List<Path> slots;
            try (Stream<Path> listed = Files.list(cache.resolve("praefectus"))) {
                slots = listed.filter(folder -> folder.getFileName().toString().startsWith("framework-"))
                        .toList();
            }
            assertEquals(1, slots.size(), slots.toString());
            assertTrue(slots.get(0).getFileName().toString().matches("framework-[0-9a-f]{20}-0"));
            // Felix keeps one bundleN folder per installed bundle: installing again would add new ones
            List<Path> installed;
            try (Stream<Path> listed = Files.list(slots.get(0))) {
                installed = listed.filter(
                                folder -> folder.getFileName().toString().matches("bundle[0-9]+"))
                        .sorted()
                        .toList();
            }
            assertTrue(installed.size() > 20, installed.toString());
            if (installedFirst == null) {
                installedFirst = installed;
            } else {
                assertEquals(installedFirst, installed, "the second start found every bundle installed");
            }
        }
    }

    @Test
    void theMcpStackStartsOnlyForTheCommandsThatUseIt() throws Exception {
        JarProcess.Result capabilities =
                praefectus(environment -> environment.put("PRAEFECTUS_PHASES", "bundles"), "capabilities");
        assertEquals(0, capabilities.exitCode(), capabilities.stderr());
        JsonNode started = JSON.readTree(capabilities.stderr()).get("phases_ms");
        assertTrue(started.has("start:org.praefectus.cli"), started.toString());
        assertTrue(started.has("start:org.praefectus.engine"), started.toString());
        assertFalse(started.has("start:org.praefectus.mcp"), started.toString());
        assertFalse(started.has("start:io.modelcontextprotocol.sdk.mcp-core"), started.toString());
        assertFalse(started.has("start:org.apache.felix.http.jetty12"), started.toString());

        JarProcess.Result help = praefectus(environment -> environment.put("PRAEFECTUS_PHASES", "bundles"), "help");
        assertEquals(0, help.exitCode(), help.stderr());
        assertTrue(JSON.readTree(help.stderr()).get("phases_ms").has("start:org.praefectus.mcp"));
        assertTrue(envelope(help).toString().contains("\"name\":\"mcp\""), "help lists the MCP command");
    }

    @Test
    void usageErrorsExitWithTwo() throws Exception {
        for (String[] mistake : new String[][] {{}, {"frobnicate"}, {"capabilities", "--all"}}) {
            JarProcess.Result result = praefectus(environment -> {}, mistake);

            assertEquals(2, result.exitCode(), String.join(" ", mistake));
            JsonNode envelope = envelope(result);
            assertFalse(envelope.get("ok").asBoolean());
            assertEquals("usage", envelope.at("/error/code").asText());
            assertEquals("", result.stderr());
        }
    }

    @Test
    void anUnwritableStdoutExitsWithOneAndExplainsOnStderr() throws Exception {
        Path jar = JarProcess.jar("praefectus.jar");
        Process process = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-jar",
                        jar.toString(),
                        "help")
                .directory(workingDirectory.toFile())
                .start();
        // close our end of the pipe before the child writes: its write fails with EPIPE
        process.getInputStream().close();
        process.getOutputStream().close();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS));
        String stderr;
        try (InputStream err = process.getErrorStream()) {
            stderr = new String(err.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }

        assertEquals(1, process.exitValue());
        assertTrue(stderr.startsWith("praefectus: cannot write the JSON envelope"), stderr);
    }

    @Test
    void theDebugRuntimeHasTheCommandsInGogo() throws Exception {
        JarProcess.Result result = JarProcess.run(
                workingDirectory,
                environment -> {},
                List.of("-Dgosh.args=--nointeractive -c \"echo (praefectus:help); echo (praefectus:plugins);"
                        + " echo (praefectus:cli status); echo (lb); stop 0\""),
                JarProcess.jar("praefectus.debug.jar"));

        List<JsonNode> envelopes = new java.util.ArrayList<>();
        for (String line :
                result.stdout().lines().filter(line -> line.startsWith("{")).toList()) {
            envelopes.add(JSON.readTree(line));
        }
        assertEquals(3, envelopes.size(), result.stdout());
        assertTrue(envelopes.get(0).get("ok").asBoolean());
        assertTrue(envelopes.get(0).at("/data/commands").toString().contains("\"capabilities\""));
        // a contributed command with its own Gogo function, and one reached through praefectus:cli
        assertEquals(
                "peekaboox.plugin.v1", envelopes.get(1).at("/data/sdk_version").asText());
        assertEquals("usage", envelopes.get(2).at("/error/code").asText());
        // README's form of a non-interactive Gogo script: Gogo's own commands print through echo too
        assertTrue(result.stdout().contains("|Active     |    1|Praefectus cli ("), result.stdout());
    }
}

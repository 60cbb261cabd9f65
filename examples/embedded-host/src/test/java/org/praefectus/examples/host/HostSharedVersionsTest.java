package org.praefectus.examples.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Regression (issue 42, defect 7): a host with its own Jackson 2.17 got a {@code NoClassDefFoundError} in the plugin
 * extender on stderr and exited 0. {@code EmbeddedPraefectus.start} now compares the host's copies of what the system
 * bundle exports with the bundle set's versions and refuses, naming both, before anything starts. The host runs in a
 * child JVM whose class path is this test's with Jackson's annotations 2.17.2 in place of the build's.
 */
class HostSharedVersionsTest {

    @Test
    void aHostWithOlderJacksonAnnotationsIsRefusedWithBothVersions() throws Exception {
        Path annotations = Path.of(JsonProperty.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Path older = Path.of(System.getProperty("praefectus.older.jackson.annotations"));
        assertTrue(Files.isRegularFile(older), "the build copied the older Jackson annotations to " + older);
        List<String> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            classPath.add(Path.of(entry).equals(annotations) ? older.toString() : entry);
        }
        Process host = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        String.join(File.pathSeparator, classPath),
                        OlderJacksonHost.class.getName(),
                        System.getProperty("praefectus.bundle.set"))
                .redirectErrorStream(true)
                .start();
        String output = new String(host.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(host.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, host.exitValue(), output);
        assertTrue(
                output.startsWith("refused: the host's class path does not match the Praefectus bundle set:"), output);
        assertTrue(
                output.contains("com.fasterxml.jackson.core:jackson-annotations 2.17.2 is on the host's class path, but"
                        + " the bundle set needs 2.21"),
                output);
    }
}

package org.praefectus.tests.jar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regression (issue 42, defect 2): a missing package was never named. The demo said only {@code demo_error: the demo
 * could not run} (after 22 s without Xvfb); {@code doctor}, {@code doctor --strict} and {@code preflight ocr} crashed
 * with {@code protocol_error} when Tesseract's trained data was absent. Here the programs are missing from a {@code
 * PATH} that leads nowhere, and the trained data from a {@code TESSDATA_PREFIX} that is empty or absent.
 */
class MissingPackagesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path workingDirectory;

    private JarProcess.Result run(Consumer<Map<String, String>> environment, String... arguments) throws Exception {
        return JarProcess.run(workingDirectory, environment, List.of(), JarProcess.jar("praefectus.jar"), arguments);
    }

    private static JsonNode envelope(JarProcess.Result result) throws Exception {
        assertEquals(1, result.stdout().lines().count(), "exactly one line on stdout: " + result.stdout());
        return JSON.readTree(result.stdout());
    }

    @Test
    void theHeadlessDemoNamesEveryMissingProgramAndItsDebianPackage() throws Exception {
        Path nowhere = Files.createDirectories(workingDirectory.resolve("empty-path"));
        JarProcess.Result result = run(
                environment -> {
                    environment.remove("DISPLAY");
                    environment.put("PATH", nowhere.toString());
                },
                "demo",
                "--approved-demo");

        assertEquals(3, result.exitCode(), result.stdout() + result.stderr());
        JsonNode error = envelope(result).get("error");
        assertEquals("demo_error", error.get("code").asText());
        String message = error.get("message").asText();
        for (String named : List.of(
                "Xvfb (Debian package xvfb)",
                "dbus-daemon (Debian package dbus-daemon)",
                "gdbus (Debian package libglib2.0-bin)",
                "openbox (Debian package openbox)",
                "zenity (Debian package zenity)")) {
            assertTrue(message.contains(named), named + " in " + message);
        }
        assertTrue(
                message.contains("sudo apt-get install --no-install-recommends xvfb dbus-daemon libglib2.0-bin"),
                message);
    }

    @Test
    void onADesktopTheDemoNamesOnlyTheMissingZenity() throws Exception {
        JarProcess.requireDesktop();
        Path nowhere = Files.createDirectories(workingDirectory.resolve("empty-path"));
        JarProcess.Result result =
                run(environment -> environment.put("PATH", nowhere.toString()), "demo", "--approved-demo");

        assertEquals(3, result.exitCode(), result.stdout() + result.stderr());
        assertEquals(
                "missing programs: zenity (Debian package zenity); install them with: sudo apt-get install"
                        + " --no-install-recommends zenity",
                envelope(result).at("/error/message").asText());
    }

    @Test
    void doctorReportsAbsentTrainedDataAsAFailedCheckWithThePackageToInstall() throws Exception {
        Path absent = workingDirectory.resolve("no-tessdata");
        Path empty = Files.createDirectories(workingDirectory.resolve("empty-tessdata"));
        for (Path tessdata : List.of(absent, empty)) {
            Consumer<Map<String, String>> environment =
                    variables -> variables.put("TESSDATA_PREFIX", tessdata.toString());

            JarProcess.Result doctor = run(environment, "doctor");
            assertEquals(0, doctor.exitCode(), doctor.stdout() + doctor.stderr());
            JsonNode ocr = check(envelope(doctor).at("/data/checks"), "tesseract_languages");
            assertEquals("fail", ocr.get("status").asText(), ocr.toString());
            assertTrue(ocr.get("next_action").asText().contains("tesseract-ocr-eng"), ocr.toString());
            assertTrue(ocr.get("next_action").asText().contains("apt-get install"), ocr.toString());

            JarProcess.Result strict = run(environment, "doctor", "--strict");
            assertEquals(3, strict.exitCode(), strict.stdout() + strict.stderr());
            assertEquals("doctor_failed", envelope(strict).at("/error/code").asText(), strict.stdout());

            JarProcess.Result preflight = run(environment, "preflight", "ocr");
            assertEquals(3, preflight.exitCode(), preflight.stdout() + preflight.stderr());
            JsonNode blocked = envelope(preflight).get("error");
            assertEquals("preflight_blocked", blocked.get("code").asText(), preflight.stdout());
            assertTrue(blocked.toString().contains("tesseract-ocr-eng"), preflight.stdout());
        }
    }

    private static JsonNode check(JsonNode checks, String name) {
        for (JsonNode check : checks) {
            if (check.get("name").asText().equals(name)) {
                return check;
            }
        }
        throw new AssertionError("no check " + name + " in " + checks);
    }
}

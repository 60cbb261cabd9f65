package org.praefectus.tests.jar;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** Runs an exported jar in a child JVM, the way a user runs it, and collects what it printed. */
final class JarProcess {

    record Result(int exitCode, String stdout, String stderr) {}

    private JarProcess() {}

    static Path jar(String property) {
        Path jar = Path.of(System.getProperty(property));
        assertTrue(Files.isRegularFile(jar), "build the runtime first: " + jar);
        return jar;
    }

    /** Ends each process a test started (null: never started): asked to stop first, forced after 30 s. */
    static void stop(Process... processes) throws InterruptedException {
        for (Process process : processes) {
            if (process != null) {
                process.destroy();
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            }
        }
    }

    /** The test desktop's environment: these tests need real X and D-Bus, and fail without them. */
    static void requireDesktop() {
        if (System.getenv("DISPLAY") == null || System.getenv("DBUS_SESSION_BUS_ADDRESS") == null) {
            fail("this test needs the test desktop: run it through scripts/test-desktop");
        }
    }

    static Result run(
            Path workingDirectory,
            Consumer<Map<String, String>> environment,
            List<String> jvm,
            Path jar,
            String... arguments)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvm);
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workingDirectory.toFile());
        environment.accept(builder.environment());
        Path out = Files.createTempFile("praefectus-stdout", ".txt");
        Path err = Files.createTempFile("praefectus-stderr", ".txt");
        Process process = builder.redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("the jar did not exit within 120 s: " + command);
        }
        try {
            return new Result(
                    process.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }
}

package org.praefectus.tests.jar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bridge's shipped launcher script, {@code run/target/praefectus-bridge}, run from a writable install folder:
 * the class-data archive it has the JVM write at exit lives in the user's private cache folder
 * ({@code $XDG_CACHE_HOME/praefectus}, 0700), never beside the jar, and a cache folder others could write is not
 * used for it (issue 38, defect 7).
 */
class BridgeLauncherTest {

    private static final String TOKEN = "launcher-test-token-0123456789";

    @TempDir
    Path directory;

    @Test
    void writesItsClassDataArchiveInThePrivateCacheFolderAndUsesItFromThere() throws Exception {
        Path install = install();
        Path cache = directory.resolve("cache");

        String firstErrors = startAndStop(install, cache);

        Path state = cache.resolve("praefectus");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(state)));
        List<Path> archives = archives(state);
        assertEquals(1, archives.size(), "one archive in " + state + "; the launcher said: " + firstErrors);
        assertEquals(List.of(), archives(install), "nothing is written beside the jar");
        FileTime written = Files.getLastModifiedTime(archives.get(0));

        startAndStop(install, cache);

        assertEquals(archives, archives(state), "the second start uses the same archive");
        assertEquals(written, Files.getLastModifiedTime(archives.get(0)), "and does not write it again");
        assertEquals(List.of(), archives(install));
    }

    @Test
    void usesNoArchiveWhenTheCacheFolderIsNotPrivate() throws Exception {
        Path install = install();
        Path cache = directory.resolve("cache");
        Path state = Files.createDirectories(cache.resolve("praefectus"));
        Files.setPosixFilePermissions(state, PosixFilePermissions.fromString("rwxr-xr-x"));

        String errors = startAndStop(install, cache);

        assertTrue(
                errors.contains("no class-data archive: " + state + " is not a folder of this user's with mode 0700"),
                errors);
        assertEquals(List.of(), archives(state));
        assertEquals(List.of(), archives(install), "nor beside the jar instead");
    }

    /** A writable copy of what the build ships: the launcher, its JVM options and the jar. */
    private Path install() throws Exception {
        Path jar = JarProcess.jar("praefectus.bridge.jar");
        Path install = Files.createDirectories(directory.resolve("install"));
        for (String name : List.of("praefectus-bridge", "praefectus-bridge.options", "praefectus-bridge.jar")) {
            Files.copy(jar.resolveSibling(name), install.resolve(name), StandardCopyOption.COPY_ATTRIBUTES);
        }
        return install;
    }

    /** Starts the launcher until it listens, stops it with SIGTERM; returns what it said on stderr. */
    private String startAndStop(Path install, Path cache) throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Path errors = Files.createTempFile(directory, "stderr", ".txt");
        ProcessBuilder builder = new ProcessBuilder(
                        install.resolve("praefectus-bridge").toString(),
                        "--config",
                        config(port).toString())
                .directory(directory.toFile())
                .redirectError(errors.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("XDG_CACHE_HOME", cache.toString());
        builder.environment().put("LAUNCHER_TEST_TOKEN", TOKEN);
        Process bridge = builder.start();
        try {
            BufferedReader output =
                    new BufferedReader(new InputStreamReader(bridge.getInputStream(), StandardCharsets.UTF_8));
            assertEquals(
                    "praetor-execd listening on 127.0.0.1:" + port, output.readLine(), () -> "stderr: " + read(errors));
        } finally {
            bridge.destroy();
            if (!bridge.waitFor(60, TimeUnit.SECONDS)) {
                bridge.destroyForcibly();
                fail("the bridge did not stop on SIGTERM");
            }
        }
        return read(errors);
    }

    private Path config(int port) throws Exception {
        Path workspace = Files.createDirectories(directory.resolve("workspace"));
        String yaml = """
                server: {host: 127.0.0.1, port: %d, auth_token: env:LAUNCHER_TEST_TOKEN}
                paths: {host_workspace_root: %s, allowed_roots: [%s], deny_roots: []}
                executors:
                  codex: {enabled: true, command: codex, args: [], healthcheck: []}
                runtime: {max_concurrent_runs: 1, log_dir: %s}
                """.formatted(port, workspace, workspace, directory.resolve("logs"));
        return Files.writeString(directory.resolve("config.yaml"), yaml);
    }

    private static List<Path> archives(Path folder) throws Exception {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".jsa"))
                    .sorted()
                    .toList();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }
}

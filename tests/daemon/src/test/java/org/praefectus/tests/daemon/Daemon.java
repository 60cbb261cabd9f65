package org.praefectus.tests.daemon;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A real {@code java -jar praefectus.jar daemon} with a private runtime folder (its socket) and state folder
 * (key, ledger, audit), and the CLI run against it the way a user runs it.
 */
final class Daemon implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();

    record Result(int exitCode, String stdout, String stderr) {
        JsonNode envelope() throws IOException {
            List<String> lines = stdout.lines().toList();
            assertTrue(lines.size() == 1, "exactly one line on stdout: " + stdout + stderr);
            return JSON.readTree(lines.get(0));
        }
    }

    final Path runtime;
    final Path state;
    final Process process;
    final JsonNode ready;
    private final Path stderr;

    private Daemon(Path runtime, Path state, Process process, JsonNode ready, Path stderr) {
        this.runtime = runtime;
        this.state = state;
        this.process = process;
        this.ready = ready;
        this.stderr = stderr;
    }

    static Path jar() {
        Path jar = Path.of(System.getProperty("praefectus.jar"));
        assertTrue(Files.isRegularFile(jar), "build the runtime first: " + jar);
        return jar;
    }

    static void requireDesktop() {
        if (System.getenv("DISPLAY") == null || System.getenv("DBUS_SESSION_BUS_ADDRESS") == null) {
            fail("this test needs the test desktop: run it through scripts/test-desktop");
        }
    }

    /** Starts the daemon with {@code options} and waits for its ready envelope. */
    static Daemon start(Path directory, Consumer<Map<String, String>> environment, String... options)
            throws IOException, InterruptedException {
        Path runtime = Files.createDirectories(directory.resolve("runtime"));
        Files.setPosixFilePermissions(runtime, PosixFilePermissions.fromString("rwx------"));
        Path state = directory.resolve("state");
        List<String> command = new ArrayList<>(javaJar());
        command.add("daemon");
        command.addAll(List.of("--state-dir", state.toString()));
        command.addAll(List.of(options));
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().put("XDG_RUNTIME_DIR", runtime.toString());
        environment.accept(builder.environment());
        Path stderr = Files.createTempFile(directory, "daemon-stderr", ".txt");
        builder.redirectError(stderr.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process process = builder.start();
        BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        // the ready line arrives once the socket serves; reading blocks, so a dead daemon ends it with null
        String line = out.readLine();
        if (line == null) {
            process.waitFor(30, TimeUnit.SECONDS);
            fail("the daemon ended before it served: " + Files.readString(stderr));
        }
        return new Daemon(runtime, state, process, JSON.readTree(line), stderr);
    }

    static List<String> javaJar() {
        return new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar().toString()));
    }

    Path socket() {
        return runtime.resolve("praefectus.sock");
    }

    /** One persistent client connection. */
    Client connect() throws IOException {
        return new Client(socket());
    }

    /** {@code java -jar praefectus.jar ARGS…} with this daemon's runtime folder, from {@code directory}. */
    Result cli(Path directory, String... arguments) throws IOException, InterruptedException {
        return Daemon.cli(directory, environment -> environment.put("XDG_RUNTIME_DIR", runtime.toString()), arguments);
    }

    static Result cli(Path directory, Consumer<Map<String, String>> environment, String... arguments)
            throws IOException, InterruptedException {
        List<String> command = javaJar();
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        environment.accept(builder.environment());
        Path out = Files.createTempFile("cli-out", ".txt");
        Path err = Files.createTempFile("cli-err", ".txt");
        Process process = builder.redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("the CLI did not exit within 120 s: " + command);
        }
        try {
            return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }

    /** SIGTERM, then the exit code (at most 60 s). */
    int terminate() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("the daemon did not stop within 60 s of SIGTERM");
        }
        return process.exitValue();
    }

    String stderr() throws IOException {
        return Files.readString(stderr);
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    /** A client that keeps its connection: one line out, one line back. */
    static final class Client implements AutoCloseable {
        private final SocketChannel channel;
        private final BufferedReader in;

        Client(Path socket) throws IOException {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            channel.connect(UnixDomainSocketAddress.of(socket));
            in = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8));
        }

        String raw(String line) throws IOException {
            var bytes = java.nio.ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            String reply = in.readLine();
            assertTrue(reply != null, "the daemon closed the connection");
            return reply;
        }

        JsonNode call(String line) throws IOException {
            return JSON.readTree(raw(line));
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}

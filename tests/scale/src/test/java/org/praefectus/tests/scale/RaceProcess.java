package org.praefectus.tests.scale;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.praefectus.tests.engine.RaceHost;

/** A {@link RaceHost} JVM driven over stdin/stdout; its RESULT lines are kept per operation. */
final class RaceProcess implements AutoCloseable {

    final String hostId;
    final Path directory;
    private final Process process;
    private final Writer stdin;
    private final LinkedBlockingQueue<String> events = new LinkedBlockingQueue<>();
    final Map<String, String> results = new ConcurrentHashMap<>();

    private RaceProcess(String hostId, Path directory, Process process) {
        this.hostId = hostId;
        this.directory = directory;
        this.process = process;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(this::read, "race-" + hostId);
        reader.setDaemon(true);
        reader.start();
    }

    static RaceProcess start(List<String> wrapper, String url, String hostId, Path root, Path requests, String key)
            throws IOException {
        Path directory = Files.createDirectories(root.resolve(hostId));
        Files.setPosixFilePermissions(directory, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        List<String> command = new ArrayList<>(wrapper);
        command.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xshare:auto",
                "-XX:TieredStopAtLevel=1",
                "-Xmx96m",
                "-cp",
                System.getProperty("java.class.path"),
                RaceHost.class.getName(),
                url,
                hostId,
                directory.toString(),
                requests.toString(),
                key));
        Process process = new ProcessBuilder(command)
                .redirectError(directory.resolve("stderr.log").toFile())
                .start();
        return new RaceProcess(hostId, directory, process);
    }

    private void read() {
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                if (line.startsWith("RESULT ")) {
                    String[] parts = line.split(" ");
                    results.put(parts[1], parts[2] + (parts[3].equals("true") ? " replayed" : ""));
                } else {
                    events.add(line);
                }
            }
        } catch (IOException e) {
            // the process ended
        }
        events.add("EXIT");
    }

    void send(String command) throws IOException {
        stdin.write(command + "\n");
        stdin.flush();
    }

    /** The next event starting with one of {@code prefixes}; other events are skipped. */
    String awaitAny(long seconds, String... prefixes) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            String event = events.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (event == null || event.equals("EXIT")) {
                throw new AssertionError(hostId + " did not report " + List.of(prefixes) + " ("
                        + (event == null ? "timeout" : "exited") + "): " + stderr());
            }
            for (String prefix : prefixes) {
                if (event.startsWith(prefix)) {
                    return event;
                }
            }
        }
    }

    /** The next event starting with {@code prefix}; other events are skipped. */
    String await(String prefix, long seconds) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            String event = events.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (event == null || event.equals("EXIT")) {
                throw new AssertionError(hostId + " did not report " + prefix + " ("
                        + (event == null ? "timeout" : "exited") + "): " + stderr());
            }
            if (event.startsWith(prefix)) {
                return event;
            }
        }
    }

    void kill9() throws InterruptedException {
        process.destroyForcibly(); // SIGKILL: no shutdown hooks, no finally blocks
        process.waitFor(30, TimeUnit.SECONDS);
    }

    boolean exited(long seconds) throws InterruptedException {
        return process.waitFor(seconds, TimeUnit.SECONDS);
    }

    List<String> dispatches() throws IOException {
        Path log = directory.resolve("dispatches.log");
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    String stderr() throws IOException {
        Path log = directory.resolve("stderr.log");
        return Files.exists(log) ? Files.readString(log) : "";
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill9();
        }
    }
}

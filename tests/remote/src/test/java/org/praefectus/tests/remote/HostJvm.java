package org.praefectus.tests.remote;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One Felix framework in a JVM of its own: a host jar started with its Configurator JSON, killed with SIGKILL. */
final class HostJvm implements AutoCloseable {

    final String name;
    final Path directory;
    private final Process process;

    private HostJvm(String name, Path directory, Process process) {
        this.name = name;
        this.directory = directory;
        this.process = process;
    }

    static HostJvm start(String jarProperty, String name, Path directory, Path configuration) throws IOException {
        return start(List.of(), jarProperty, name, directory, configuration);
    }

    /** @param wrapper a command the JVM runs under, such as {@code ip netns exec <namespace>} */
    static HostJvm start(List<String> wrapper, String jarProperty, String name, Path directory, Path configuration)
            throws IOException {
        Path jar = Path.of(System.getProperty(jarProperty));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: build tests/remote-hosts first");
        }
        List<String> command = new java.util.ArrayList<>(wrapper);
        command.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-Xmx128m",
                "-Dconfigurator.initial=" + configuration.toUri(),
                "-jar",
                jar.toString()));
        ProcessBuilder builder = new ProcessBuilder(command);
        // each host's private state (a desktop host's log) in the test's folder, never the user's
        builder.environment().put("XDG_STATE_HOME", stateHome(directory, name).toString());
        Process process = builder.redirectOutput(
                        directory.resolve(name + ".out").toFile())
                .redirectError(directory.resolve(name + ".err").toFile())
                .start();
        return new HostJvm(name, directory, process);
    }

    /** The {@code XDG_STATE_HOME} of host {@code name}: {@code directory/<name>-state}. */
    static Path stateHome(Path directory, String name) {
        return directory.resolve(name + "-state");
    }

    /** SIGKILL: the JVM gets no chance to write anything more. */
    void kill9() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGSTOP: the JVM stalls (as a desktop host does under swap or a debugger) with its sockets open. */
    void stop() throws IOException, InterruptedException {
        signal("-STOP");
    }

    /** SIGCONT after {@link #stop}. */
    void resume() throws IOException, InterruptedException {
        signal("-CONT");
    }

    private void signal(String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", signal, Long.toString(process.pid()))
                .inheritIO()
                .start();
        if (kill.waitFor() != 0) {
            throw new IllegalStateException("kill " + signal + " " + process.pid() + " failed");
        }
    }

    /**
     * Waits until a desktop host's link accepts connections at {@code address:port} (a connection opened and closed
     * at once: the link ends it quietly). An engine host imports its endpoint from configuration whether or not
     * the desktop host is up yet, so a run started earlier meets a refused port: operations rejected before the
     * fault under test.
     */
    static void awaitServing(String address, int port) {
        org.awaitility.Awaitility.await("the desktop host serves on " + address + ":" + port)
                .atMost(java.time.Duration.ofSeconds(90))
                .pollInterval(java.time.Duration.ofMillis(50))
                .ignoreExceptionsInstanceOf(IOException.class)
                .until(() -> {
                    try (java.net.Socket socket = new java.net.Socket()) {
                        socket.connect(new java.net.InetSocketAddress(address, port), 1_000);
                        return true;
                    }
                });
    }

    boolean alive() {
        return process.isAlive();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                kill9();
            }
        }
    }
}

package org.praefectus.demos.linux;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Settle;

/**
 * A private, disposable desktop for the demo when the process has no display: Xvfb, a session bus with the
 * AT-SPI bus switched on, and openbox, in a 0700 runtime directory (the facts of TEST-DESKTOP.md, as
 * scripts/test-desktop starts them). {@link #close} stops everything it started, by PID: the X clients (openbox)
 * and the buses first, Xvfb last, each awaited, so no connection of this process to the display is open when the
 * server goes (a lost server is no longer fatal either: {@code Xlib.open} in bundles/linux). A JVM that ends
 * before {@link #close} (a signal, {@code System.exit}) closes it from a shutdown hook: a failed run leaves no
 * process behind.
 */
final class PrivateDesktop implements AutoCloseable {

    private final Path runtime;
    private final Map<String, String> environment;
    private final List<Process> processes;
    private final long busPid;
    private final Thread shutdownHook = new Thread(this::stop, "praefectus-demo-desktop-stop");

    private PrivateDesktop(Path runtime, Map<String, String> environment, List<Process> processes, long busPid) {
        this.runtime = runtime;
        this.environment = environment;
        this.processes = processes;
        this.busPid = busPid;
    }

    static PrivateDesktop start() throws IOException, InterruptedException {
        Path runtime = Files.createTempDirectory(
                "praefectus-demo", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        List<Process> processes = new ArrayList<>();
        Map<String, String> environment = new HashMap<>(System.getenv());
        environment.put("XDG_RUNTIME_DIR", runtime.toString());
        environment.remove("WAYLAND_DISPLAY");
        environment.remove("XDG_SESSION_TYPE");
        long busPid = -1;
        try {
            Path displayFile = runtime.resolve("display");
            Process xvfb = new ProcessBuilder(
                            "sh",
                            "-c",
                            // -noreset: without it Xvfb resets whenever its last client leaves, and a
                            // client connecting during the reset (openbox, the executor) loses its display
                            "exec Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp -noreset "
                                    + "-ac +extension RANDR 3>\"$0\"",
                            displayFile.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            processes.add(xvfb);
            String display = waitForText(displayFile);
            environment.put("DISPLAY", ":" + display.strip());

            Process bus = start(
                    environment,
                    "dbus-daemon",
                    "--session",
                    "--fork",
                    "--print-address=1",
                    "--print-pid=1",
                    "--address=unix:path=" + runtime.resolve("session_bus"));
            String[] lines = new String(bus.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                    .strip()
                    .split("\\s+");
            bus.waitFor(5, TimeUnit.SECONDS);
            environment.put("DBUS_SESSION_BUS_ADDRESS", lines[0]);
            busPid = Long.parseLong(lines[1]);

            run(
                    environment,
                    "gdbus",
                    "call",
                    "--session",
                    "-d",
                    "org.a11y.Bus",
                    "-o",
                    "/org/a11y/bus",
                    "-m",
                    "org.a11y.Bus.GetAddress");
            run(
                    environment,
                    "gdbus",
                    "call",
                    "--session",
                    "-d",
                    "org.a11y.Bus",
                    "-o",
                    "/org/a11y/bus",
                    "-m",
                    "org.freedesktop.DBus.Properties.Set",
                    "org.a11y.Status",
                    "IsEnabled",
                    "<true>");
            ProcessBuilder openbox = new ProcessBuilder("openbox")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD);
            openbox.environment().putAll(environment);
            processes.add(openbox.start());
            PrivateDesktop desktop = new PrivateDesktop(runtime, environment, processes, busPid);
            Runtime.getRuntime().addShutdownHook(desktop.shutdownHook);
            Settle.Check<IOException> wmRunning = () -> {
                try {
                    return run(environment, "xprop", "-root", "_NET_SUPPORTING_WM_CHECK")
                            .contains("window id");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new java.io.InterruptedIOException("interrupted while the window manager started");
                }
            };
            boolean managed = Settle.until(wmRunning, 50, System.currentTimeMillis() + 10_000, new CancellationToken());
            if (!managed) {
                desktop.close();
                throw new IOException("the private desktop's window manager did not start");
            }
            return desktop;
        } catch (IOException | InterruptedException | RuntimeException e) {
            new PrivateDesktop(runtime, environment, processes, busPid).close();
            throw e;
        }
    }

    /** DISPLAY, DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR of this desktop, over the process environment. */
    Map<String, String> environment() {
        return environment;
    }

    private static Process start(Map<String, String> environment, String... command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().clear();
        builder.environment().putAll(environment);
        return builder.start();
    }

    private static String run(Map<String, String> environment, String... command)
            throws IOException, InterruptedException {
        Process process = start(environment, command);
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor(10, TimeUnit.SECONDS);
        return output;
    }

    private static String waitForText(Path file) throws IOException, InterruptedException {
        if (!Settle.until(
                () -> Files.exists(file)
                        && Files.size(file) > 0
                        && Files.readString(file).endsWith("\n"),
                20,
                System.currentTimeMillis() + 10_000,
                new CancellationToken())) {
            throw new IOException("Xvfb did not start");
        }
        return Files.readString(file);
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException | IllegalArgumentException shuttingDownOrNeverAdded) {
            // the hook runs (or ran, or was never added): stop() below is idempotent
        }
        stop();
    }

    private synchronized void stop() {
        // the X clients first (openbox; the AT-SPI launcher also speaks X), with the session bus and the
        // bus-activated AT-SPI launcher and registry (reparented away from this process: found by this runtime
        // directory), Xvfb last
        for (int i = processes.size() - 1; i > 0; i--) {
            stopAndAwait(processes.get(i).toHandle());
        }
        if (busPid > 0) {
            ProcessHandle.of(busPid).ifPresent(PrivateDesktop::stopAndAwait);
        }
        ProcessHandle.allProcesses()
                .filter(process -> process.pid() != ProcessHandle.current().pid())
                .filter(process -> environmentOf(process.pid()).contains("XDG_RUNTIME_DIR=" + runtime + "\0"))
                .forEach(PrivateDesktop::stopAndAwait);
        if (!processes.isEmpty()) {
            stopAndAwait(processes.get(0).toHandle());
        }
        try (var files = Files.walk(runtime)) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException | RuntimeException leftOver) {
            // a temporary directory: the OS cleans it up
        }
    }

    /**
     * Asks the process to end and waits for it (bounded), killing it when it does not end. A reparented process
     * that ended stays a zombie where PID 1 does not reap: it counts as ended (it holds no socket or file).
     */
    private static void stopAndAwait(ProcessHandle process) {
        process.destroy();
        if (!awaitEnd(process.pid())) {
            process.destroyForcibly();
            awaitEnd(process.pid());
        }
    }

    private static boolean awaitEnd(long pid) {
        return Settle.until(() -> ended(pid), 20, System.currentTimeMillis() + 5_000, new CancellationToken())
                || ended(pid);
    }

    /** Gone from {@code /proc}, or a zombie (state Z or X after the command name in {@code /proc/PID/stat}). */
    static boolean ended(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8);
            int end = stat.lastIndexOf(')');
            char state = end >= 0 && end + 2 < stat.length() ? stat.charAt(end + 2) : 'X';
            return state == 'Z' || state == 'X';
        } catch (IOException | RuntimeException gone) {
            return true;
        }
    }

    private static String environmentOf(long pid) {
        try {
            return new String(
                    Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ")), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException unreadable) {
            return "";
        }
    }
}

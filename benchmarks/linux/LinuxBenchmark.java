package org.praefectus.linux.bench;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.linux.capture.ScreenImage;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.linux.capture.ShmCapture;
import org.praefectus.linux.executor.DesktopConnections;
import org.praefectus.linux.executor.ExecutorSettings;
import org.praefectus.linux.executor.LinuxExecutor;
import org.praefectus.linux.x11.X11Session;

/**
 * The Linux executor benchmark: observe-surface latency of one application (median of N, with D-Bus calls
 * per observation), paired with an independent pyatspi walk of the same window after each observation, the fence
 * re-check of one of its elements (latency and D-Bus calls), and
 * full-screen capture against {@code xwd -root} plus a stride-honouring decode.
 *   java ... LinuxBenchmark observe WINDOW_ROLE_OR_NAME_PART RUNS
 *   java ... LinuxBenchmark capture RUNS
 */
public final class LinuxBenchmark {

    private static final int WARM_UP = Integer.getInteger("warmup", 300);
    private static final int WARM_UP_PAIRS = Integer.getInteger("warmup.pairs", 20);
    private static final int SETTLE_WINDOW = 250;
    private static final long SETTLED_JIT_MS = 10;
    private static final long MAX_WARM_UP_MS = 120_000;
    private static final int CPU_RUNS = Integer.getInteger("cpu.runs", 400);

    public static void main(String[] arguments) throws Exception {
        if (arguments[0].equals("observe")) {
            observe(arguments[1], Integer.parseInt(arguments[2]));
        } else {
            capture(Integer.parseInt(arguments[1]));
        }
    }

    private static void observe(String windowName, int runs) throws Exception {
        DesktopConnections connections = new DesktopConnections(System.getenv());
        try (LinuxExecutor executor = new LinuxExecutor(connections,
                new ExecutorSettings(SessionIsolation.SHARED_DESKTOP, Path.of("/tmp")))) {
            SurfaceDescriptor surface = null;
            long until = System.currentTimeMillis() + 30_000;
            while (surface == null && System.currentTimeMillis() < until) {
                for (SurfaceDescriptor candidate : executor.listSurfaces(new CancellationToken(), deadline())) {
                    var window = executor.observeSurface(candidate.surface(), new CancellationToken(), deadline())
                            .elements().get(0);
                    if (window.role().equals(windowName) || window.name() != null && window.name().contains(windowName)) {
                        surface = candidate;
                    }
                }
                Thread.sleep(200);
            }
            if (surface == null) {
                throw new IllegalStateException("no window named like " + windowName);
            }
            // let the application finish building its tree before timing it
            Thread.sleep(1_000);
            // paired: each observation is followed by one pyatspi walk of the same window in the oracle process
            // (same pinned CPU), so both see the same load; the ratio is the median of the pairs' ratios
            Process oracle = new ProcessBuilder("/usr/bin/python3", "benchmarks/linux/pyatspi_walk.py", "--serve",
                    windowName).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try (BufferedReader answers = new BufferedReader(new InputStreamReader(oracle.getInputStream(),
                    StandardCharsets.UTF_8));
                    Writer requests = new OutputStreamWriter(oracle.getOutputStream(), StandardCharsets.UTF_8)) {
                if (!"ready".equals(answers.readLine())) {
                    throw new IllegalStateException("the pyatspi oracle did not start");
                }
                // a long-running runtime is measured: the JIT compiles dbus-java and the executor on the same
                // pinned CPU as everything else, so observations go on untimed until it has settled (with 300
                // fixed warm-ups of a small window it still took 2.7 ms of that CPU per timed observation), then
                // a few untimed pairs, so that the first use of the oracle's pipe (classes loaded, compiled code
                // invalidated) is not inside the timed pairs either
                int warmUps = warmUp(executor, surface);
                for (int i = 0; i < WARM_UP_PAIRS; i++) {
                    executor.observeSurface(surface.surface(), new CancellationToken(), deadline());
                    walk(requests, answers);
                }
                List<Double> times = new ArrayList<>();
                List<Double> oracleTimes = new ArrayList<>();
                List<Double> ratios = new ArrayList<>();
                long calls = 0;
                int elements = 0;
                String oracleNodes = "";
                for (int i = 0; i < runs; i++) {
                    long callsBefore = connections.accessibility().bus().callCount();
                    long start = System.nanoTime();
                    SemanticObservation observation = executor.observeSurface(surface.surface(),
                            new CancellationToken(), deadline());
                    double ms = (System.nanoTime() - start) / 1e6;
                    calls += connections.accessibility().bus().callCount() - callsBefore;
                    elements = observation.elements().size();
                    String[] answer = walk(requests, answers);
                    oracleNodes = answer[0];
                    double oracleMs = Double.parseDouble(answer[1]);
                    times.add(ms);
                    oracleTimes.add(oracleMs);
                    ratios.add(ms / oracleMs);
                }
                System.out.printf("observe elements=%d median_ms=%.2f min_ms=%.2f max_ms=%.2f dbus_calls=%.1f"
                        + " warm_ups=%d%n", elements, median(times), Collections.min(times), Collections.max(times),
                        (double) calls / runs, warmUps);
                System.out.printf("pyatspi nodes=%s median_ms=%.2f min_ms=%.2f max_ms=%.2f%n", oracleNodes,
                        median(oracleTimes), Collections.min(oracleTimes), Collections.max(oracleTimes));
                System.out.printf("paired ratio executor/pyatspi median=%.2f min=%.2f max=%.2f%n", median(ratios),
                        Collections.min(ratios), Collections.max(ratios));
                fence(executor, connections, surface, runs);
                long appPid = executor.observeSurface(surface.surface(), new CancellationToken(), deadline())
                        .provenance().processId();
                cpuBreakdown(executor, surface, appPid, oracle.pid(), requests, answers);
            } finally {
                oracle.destroy();
                oracle.waitFor();
            }
        }
    }

    /**
     * The fence re-check the engine makes before an effect ({@code resolve}: two live samples of the window and the
     * target), of the window's first push button (else the window itself): its latency and D-Bus calls.
     */
    private static void fence(LinuxExecutor executor, DesktopConnections connections, SurfaceDescriptor surface,
            int runs) throws Exception {
        SemanticObservation observation =
                executor.observeSurface(surface.surface(), new CancellationToken(), deadline());
        SemanticElement element = observation.elements().stream()
                .filter(candidate -> candidate.role().equals("push button"))
                .findFirst()
                .orElse(observation.elements().get(0));
        TargetRef target = new TargetRef.Element(observation.target(element.tag()));
        for (int i = 0; i < WARM_UP; i++) {
            executor.resolve(target, new CancellationToken(), deadline());
        }
        List<Double> times = new ArrayList<>();
        long calls = 0;
        for (int i = 0; i < runs; i++) {
            long callsBefore = connections.accessibility().bus().callCount();
            long start = System.nanoTime();
            executor.resolve(target, new CancellationToken(), deadline());
            times.add((System.nanoTime() - start) / 1e6);
            calls += connections.accessibility().bus().callCount() - callsBefore;
        }
        System.out.printf("fence (resolve of a %s) median_ms=%.2f min_ms=%.2f max_ms=%.2f dbus_calls=%.1f%n",
                element.role(), median(times), Collections.min(times), Collections.max(times),
                (double) calls / runs);
    }

    private static void capture(int runs) throws Exception {
        try (X11Session session = X11Session.open(System.getenv()); ShmCapture capture = new ShmCapture(session)) {
            for (int i = 0; i < 20; i++) {
                capture.captureScreen();
            }
            List<Double> shm = new ArrayList<>();
            List<Double> shmHashed = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                long start = System.nanoTime();
                ScreenImage frame = capture.captureScreen();
                shm.add((System.nanoTime() - start) / 1e6);
                frame.contentHash();
                shmHashed.add((System.nanoTime() - start) / 1e6);
            }
            long frames = 0;
            long until = System.nanoTime() + 2_000_000_000L;
            long began = System.nanoTime();
            while (System.nanoTime() < until) {
                capture.captureScreen();
                frames++;
            }
            double fps = frames / ((System.nanoTime() - began) / 1e9);
            List<Double> xwd = new ArrayList<>();
            int checksum = 0;
            for (int i = 0; i < runs; i++) {
                long start = System.nanoTime();
                int[] pixels = xwdRoot();
                xwd.add((System.nanoTime() - start) / 1e6);
                checksum ^= pixels[pixels.length / 2];
            }
            System.out.printf("capture shm_median_ms=%.2f shm_plus_hash_median_ms=%.2f shm_fps=%.1f xwd_decode_median_ms=%.2f"
                    + " speedup=%.1fx (checksum %d)%n", median(shm), median(shmHashed), fps, median(xwd),
                    median(xwd) / median(shm), checksum);
        }
    }

    /** Runs {@code xwd -root -silent} and decodes its ZPixmap, honouring the row stride. */
    private static int[] xwdRoot() throws Exception {
        Process xwd = new ProcessBuilder("xwd", "-root", "-silent").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] bytes;
        try (InputStream in = xwd.getInputStream()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(9 << 20);
            in.transferTo(out);
            bytes = out.toByteArray();
        }
        xwd.waitFor();
        ByteBuffer header = ByteBuffer.wrap(bytes);
        int headerSize = header.getInt(0);
        int width = header.getInt(16);
        int height = header.getInt(20);
        int bitsPerPixel = header.getInt(44);
        int bytesPerLine = header.getInt(48);
        int colormapEntries = header.getInt(76);
        boolean lsbFirst = header.getInt(28) == 0;
        int offset = headerSize + colormapEntries * 12;
        int bytesPerPixel = bitsPerPixel / 8;
        int[] pixels = new int[width * height];
        for (int row = 0; row < height; row++) {
            int base = offset + row * bytesPerLine;
            for (int column = 0; column < width; column++) {
                int p = base + column * bytesPerPixel;
                pixels[row * width + column] = lsbFirst
                        ? (bytes[p] & 0xFF) | (bytes[p + 1] & 0xFF) << 8 | (bytes[p + 2] & 0xFF) << 16
                        : (bytes[p + bytesPerPixel - 1] & 0xFF) | (bytes[p + bytesPerPixel - 2] & 0xFF) << 8
                                | (bytes[p + bytesPerPixel - 3] & 0xFF) << 16;
            }
        }
        return pixels;
    }

    /**
     * Observes untimed until the JIT has settled: at least {@code WARM_UP} observations, then until two
     * windows of {@code SETTLE_WINDOW} in a row each cost the compilers less than {@code SETTLED_JIT_MS} (or
     * {@code MAX_WARM_UP_MS} passed). Returns how many observations that took.
     */
    private static int warmUp(LinuxExecutor executor, SurfaceDescriptor surface) throws Exception {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long until = System.currentTimeMillis() + MAX_WARM_UP_MS;
        long windowStart = jit.getTotalCompilationTime();
        int count = 0;
        int quietWindows = 0;
        while (System.currentTimeMillis() < until) {
            executor.observeSurface(surface.surface(), new CancellationToken(), deadline());
            count++;
            if (count % SETTLE_WINDOW == 0) {
                long compiled = jit.getTotalCompilationTime();
                // two quiet windows in a row: one alone can fall between two compilation bursts
                quietWindows = compiled - windowStart < SETTLED_JIT_MS ? quietWindows + 1 : 0;
                if (count >= WARM_UP && quietWindows == 2) {
                    break;
                }
                windowStart = compiled;
            }
        }
        return count;
    }

    /**
     * Where the CPU time of an observation goes, and of a pyatspi walk: CPU milliseconds per operation of each
     * process involved, from {@code /proc/PID/stat} (utime + stime) over {@code CPU_RUNS} operations of each.
     */
    private static void cpuBreakdown(LinuxExecutor executor, SurfaceDescriptor surface, long appPid, long oraclePid,
            Writer requests, BufferedReader answers) throws Exception {
        Map<String, List<Long>> parts = new LinkedHashMap<>();
        parts.put("this JVM", List.of(ProcessHandle.current().pid()));
        parts.put("pyatspi", List.of(oraclePid));
        parts.put("application", List.of(appPid));
        parts.put("bus daemons", desktopProcesses("dbus-daemon"));
        parts.put("registry", desktopProcesses("at-spi2-registr"));
        Map<String, Long> before = ticks(parts);
        for (int i = 0; i < CPU_RUNS; i++) {
            executor.observeSurface(surface.surface(), new CancellationToken(), deadline());
        }
        Map<String, Long> observed = ticks(parts);
        for (int i = 0; i < CPU_RUNS; i++) {
            walk(requests, answers);
        }
        Map<String, Long> walked = ticks(parts);
        double msPerTick = 1000.0 / 100;
        StringBuilder line = new StringBuilder("cpu_ms_per_operation (" + CPU_RUNS + " each):");
        for (String part : parts.keySet()) {
            line.append(String.format(" %s=%.2f/%.2f", part.replace(' ', '_'),
                    (observed.get(part) - before.get(part)) * msPerTick / CPU_RUNS,
                    (walked.get(part) - observed.get(part)) * msPerTick / CPU_RUNS));
        }
        System.out.println(line.append("  (observe/pyatspi walk)"));
    }

    /** Processes of this desktop (same XDG_RUNTIME_DIR) whose command name starts with {@code comm}. */
    private static List<Long> desktopProcesses(String comm) throws IOException {
        String runtime = "XDG_RUNTIME_DIR=" + System.getenv("XDG_RUNTIME_DIR");
        List<Long> found = new ArrayList<>();
        try (var entries = Files.list(Path.of("/proc"))) {
            for (Path dir : (Iterable<Path>) entries::iterator) {
                try {
                    if (Files.readString(dir.resolve("comm")).startsWith(comm) && List.of(
                            new String(Files.readAllBytes(dir.resolve("environ")), StandardCharsets.UTF_8)
                                    .split("\0")).contains(runtime)) {
                        found.add(Long.parseLong(dir.getFileName().toString()));
                    }
                } catch (IOException | RuntimeException notOurs) {
                    // not a process, gone, or another user's
                }
            }
        }
        return found;
    }

    /** utime + stime in clock ticks (USER_HZ, 100 on Linux) of each part's processes. */
    private static Map<String, Long> ticks(Map<String, List<Long>> parts) throws IOException {
        Map<String, Long> ticks = new LinkedHashMap<>();
        for (Map.Entry<String, List<Long>> part : parts.entrySet()) {
            long sum = 0;
            for (long pid : part.getValue()) {
                String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                sum += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            }
            ticks.put(part.getKey(), sum);
        }
        return ticks;
    }

    /** One pyatspi walk in the oracle: its node count and milliseconds. */
    private static String[] walk(Writer requests, BufferedReader answers) throws IOException {
        requests.write("walk\n");
        requests.flush();
        return answers.readLine().split(" ");
    }

    private static long deadline() {
        return System.currentTimeMillis() + 30_000;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private LinuxBenchmark() {
    }

}

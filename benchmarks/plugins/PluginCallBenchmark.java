import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.praefectus.api.plugin.PluginCallLimits;
import org.praefectus.api.plugin.PluginToolResult;
import org.praefectus.plugins.call.ArgumentValidator;
import org.praefectus.plugins.call.PluginCaller;
import org.praefectus.plugins.manifest.ManifestReader;
import org.praefectus.plugins.manifest.PluginDescriptor;
import org.praefectus.plugins.process.ClosableProcessRunner;
import org.praefectus.plugins.process.ProcessRunners;
import org.praefectus.plugins.process.ProcessSpec;

/**
 * One plugin-call round trip (schema validation, request, bounded runner, response parsing) against
 * spawning the same plugin process directly with ProcessBuilder and the same stdin. Usage:
 * PluginCallBenchmark PLUGIN_DIR TOOL ITERATIONS
 */
public final class PluginCallBenchmark {

    public static void main(String[] args) throws Exception {
        Path directory = Path.of(args[0]);
        String tool = args[1];
        int iterations = Integer.parseInt(args[2]);
        PluginDescriptor plugin = ManifestReader.load(directory);
        List<String> command = plugin.manifest().entrypoint().orElseThrow().command();
        byte[] request = ("{\"schema_version\":\"peekaboox.plugin.v1\",\"plugin_id\":\"" + plugin.id()
                + "\",\"tool\":\"" + tool + "\",\"arguments\":{}}").getBytes(StandardCharsets.UTF_8);
        try (ClosableProcessRunner runner = ProcessRunners.open()) {
            PluginCaller caller = new PluginCaller(runner, new ArgumentValidator(), ProcessSpec.DEFAULT_INHERITED_ENVIRONMENT);
            for (int warmup = 0; warmup < 5; warmup++) {
                direct(command, plugin.root(), request);
                call(caller, plugin, tool);
            }
            long[] direct = new long[iterations];
            long[] called = new long[iterations];
            for (int i = 0; i < iterations; i++) {
                long start = System.nanoTime();
                direct(command, plugin.root(), request);
                direct[i] = System.nanoTime() - start;
                start = System.nanoTime();
                call(caller, plugin, tool);
                called[i] = System.nanoTime() - start;
            }
            report("direct ProcessBuilder", direct);
            report("plugin-call (PluginCaller)", called);
            System.out.printf("median overhead: %.2f ms%n", (median(called) - median(direct)) / 1e6);
        }
    }

    private static void direct(List<String> command, Path root, byte[] request) throws Exception {
        Process process = new ProcessBuilder(command).directory(root.toFile()).start();
        try (var in = process.getOutputStream()) {
            in.write(request);
        }
        byte[] out = process.getInputStream().readAllBytes();
        process.getErrorStream().readAllBytes();
        if (process.waitFor() != 0 || out.length == 0) {
            throw new IllegalStateException("direct run failed");
        }
    }

    private static void call(PluginCaller caller, PluginDescriptor plugin, String tool) throws Exception {
        PluginToolResult result = caller.call(plugin, tool, PluginCaller.arguments("{}"), PluginCallLimits.DEFAULT);
        if (!result.ok()) {
            throw new IllegalStateException("plugin call failed: " + result.error());
        }
    }

    private static double median(long[] samples) {
        long[] sorted = samples.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static void report(String label, long[] samples) {
        long[] sorted = samples.clone();
        Arrays.sort(sorted);
        System.out.printf("%-28s n=%d median %.2f ms, p90 %.2f ms, mean %.2f ms%n", label, samples.length,
                sorted[sorted.length / 2] / 1e6, sorted[(int) (sorted.length * 0.9)] / 1e6,
                Arrays.stream(samples).average().orElse(0) / 1e6);
    }
}

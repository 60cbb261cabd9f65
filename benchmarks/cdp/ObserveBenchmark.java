import java.util.Arrays;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.cdp.CdpConfig;
import org.praefectus.cdp.CdpExecutor;

/** Median of N runs of CdpExecutor.observeSemantic on one page: args ENDPOINT TARGET PID RUNS. */
public class ObserveBenchmark {
    public static void main(String[] args) throws Exception {
        long pid = Long.parseLong(args[2]);
        int runs = Integer.parseInt(args[3]);
        CdpConfig config = CdpConfig.sharedDesktop(args[0], args[1], pid, CdpConfig.processGeneration(pid));
        try (CdpExecutor executor = CdpExecutor.connect(config)) {
            // JIT warm-up, more than Playwright's three because this is a fresh JVM
            for (int i = 0; i < 20; i++) {
                observe(executor);
            }
            double[] times = new double[runs];
            int elements = 0;
            for (int i = 0; i < runs; i++) {
                long started = System.nanoTime();
                elements = observe(executor).elements().size();
                times[i] = (System.nanoTime() - started) / 1e6;
            }
            Arrays.sort(times);
            System.out.printf("{\"tool\":\"CdpExecutor.observeSemantic\",\"runs\":%d,\"elements\":%d,"
                    + "\"median_ms\":%.2f,\"min_ms\":%.2f,\"max_ms\":%.2f}%n", runs, elements, times[runs / 2],
                    times[0], times[runs - 1]);
        }
    }

    private static SemanticObservation observe(CdpExecutor executor) throws Exception {
        return executor.observeSemantic(new CancellationToken(), System.currentTimeMillis() + 30_000);
    }
}

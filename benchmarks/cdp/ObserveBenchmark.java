import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.cdp.CdpConfig;
import org.praefectus.cdp.CdpExecutor;
import org.praefectus.cdp.PageObservation;

/**
 * Median of RUNS runs of CdpExecutor.observePage (the observation, states and outline) on one page, after WARMUP
 * runs: args ENDPOINT TARGET PID RUNS WARMUP [tree] (tree: {@code CdpConfig.withAccessibilityTreeNames()}). Prints
 * one JSON line with the sizes of the JSON and of the outline, and
 * for a page in parts the time to read every part once and how many distinct controls (role and name) they cover.
 */
public class ObserveBenchmark {
    public static void main(String[] args) throws Exception {
        long pid = Long.parseLong(args[2]);
        int runs = Integer.parseInt(args[3]);
        int warmup = Integer.parseInt(args[4]);
        CdpConfig shared = CdpConfig.sharedDesktop(args[0], args[1], pid, CdpConfig.processGeneration(pid));
        CdpConfig config = args.length > 5 && args[5].equals("tree") ? shared.withAccessibilityTreeNames() : shared;
        try (CdpExecutor executor = CdpExecutor.connect(config)) {
            for (int i = 0; i < warmup; i++) {
                observe(executor);
            }
            double[] times = new double[runs];
            PageObservation page = null;
            for (int i = 0; i < runs; i++) {
                long started = System.nanoTime();
                page = observe(executor);
                times[i] = (System.nanoTime() - started) / 1e6;
            }
            Arrays.sort(times);
            long interactive = page.observation().elements().stream()
                    .map(SemanticElement::actionability)
                    .filter(a -> a.invokable() || a.editable())
                    .count();
            int json = CanonicalJson.compact(ProtocolJson.encode(page.observation())).length;
            int outline = page.outline().getBytes(StandardCharsets.UTF_8).length;
            // a page in parts: the time to read every part once, and the controls they cover together
            long started = System.nanoTime();
            java.util.Set<String> covered = new java.util.HashSet<>();
            for (int part = 0; part < page.parts(); part++) {
                PageObservation each = executor.observePage(
                        new CancellationToken(), System.currentTimeMillis() + 60_000, part);
                for (SemanticElement element : each.observation().elements()) {
                    if (element.actionability().invokable() || element.actionability().editable()) {
                        covered.add(element.role() + "\u0000" + element.name());
                    }
                }
            }
            double allParts = (System.nanoTime() - started) / 1e6;
            System.out.printf("{\"tool\":\"CdpExecutor.observePage%s\",\"runs\":%d,\"elements\":%d,\"interactive\":%d,"
                    + "\"truncated\":%b,\"json_bytes\":%d,\"outline_bytes\":%d,\"median_ms\":%.1f,\"min_ms\":%.1f,"
                    + "\"max_ms\":%.1f,\"parts\":%d,\"all_parts_ms\":%.1f,\"interactive_in_all_parts\":%d}%n",
                    config.inPageNames() ? "" : " (accessibility-tree names)", runs,
                    page.observation().elements().size(), interactive, page.observation().truncated(), json, outline,
                    times[runs / 2], times[0], times[runs - 1], page.parts(), allParts, covered.size());
        }
    }

    private static PageObservation observe(CdpExecutor executor) throws Exception {
        return executor.observePage(new CancellationToken(), System.currentTimeMillis() + 60_000);
    }
}

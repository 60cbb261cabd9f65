import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.praefectus.api.desktop.DesktopState;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.graph.NodeQuery;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.selector.UiElement;
import org.praefectus.workflow.graph.GraphMemory;
import org.praefectus.workflow.run.WorkflowDesktop;

/**
 * The desktop graph's two figures (#37): query latency over a snapshot of 10^4 nodes held from a real SQLite file
 * (reloaded by a second instance), and the ingest of gtk3-widget-factory's desktop state (sample + graph + SQLite
 * commit) against the desktop-state call it stores, alternated in one process on the real test desktop. Usage:
 * GraphBenchmark STATE_DIR RUNS
 */
public final class GraphBenchmark {

    static final String[] ROLES = {"push button", "check box", "label", "text", "menu item"};

    public static void main(String[] args) throws Exception {
        Path state = Path.of(args[0]);
        int runs = Integer.parseInt(args[1]);
        queries(state.resolve("large.db"));
        if (runs > 0) {
            ingest(state, runs);
        }
    }

    static DesktopState large(int elements) {
        DesktopWindow window = new DesktopWindow(
                "4194311", "Large", "bench", new Rect(0, 0, 1920, 1080), true, "normal", 1, true, "s", "x11+at-spi");
        List<UiElement> list = new ArrayList<>(elements);
        for (int i = 0; i < elements; i++) {
            Rect bounds = new Rect(i % 1900, (i / 1900) * 20, 18, 18);
            list.add(new UiElement(
                    ":1.0:/org/a11y/atspi/accessible/" + i,
                    ROLES[i % ROLES.length],
                    "Control " + i,
                    bounds,
                    UiElement.centerOf(bounds),
                    1.0,
                    List.of("enabled", "showing", "visible"),
                    "4194311",
                    "Large",
                    "bench",
                    null,
                    List.of(),
                    null,
                    null));
        }
        return new DesktopState(window, List.of(window), list, "x11+at-spi", List.of());
    }

    static void queries(Path file) throws Exception {
        try (GraphMemory writer = GraphMemory.open(file, () -> null, System::currentTimeMillis)) {
            writer.ingest(large(9_998), null); // + the snapshot node and the window: 10^4 nodes
        }
        try (GraphMemory graph = GraphMemory.open(file, () -> null, System::currentTimeMillis)) {
            int nodes = graph.latest().orElseThrow().nodes().size();
            Map<String, NodeQuery> shapes = new java.util.TreeMap<>(Map.of(
                    "contained_by",
                    new NodeQuery("element", null, null, Map.of(), "4194311", true, false),
                    "attribute_equals",
                    new NodeQuery("element", null, null, Map.of("app_id", "bench"), null, true, false),
                    "label_contains+kind+role",
                    new NodeQuery("element", "control 99", "check box", Map.of(), null, true, false),
                    "contained_by+attribute_equals",
                    new NodeQuery("element", null, null, Map.of("app_id", "bench"), "4194311", true, false),
                    "kind only (every element)",
                    new NodeQuery("element", null, null, Map.of(), null, true, false)));
            for (Map.Entry<String, NodeQuery> shape : shapes.entrySet()) {
                List<Long> times = new ArrayList<>();
                int found = 0;
                for (int i = 0; i < 2_200; i++) {
                    long start = System.nanoTime();
                    found = graph.queryNodes(shape.getValue(), new CancellationToken()).count();
                    if (i >= 200) {
                        times.add(System.nanoTime() - start);
                    }
                }
                System.out.printf(
                        "query %-32s nodes=%d matches=%d p50=%.3f ms p90=%.3f ms%n",
                        shape.getKey(), nodes, found, ms(percentile(times, 50)), ms(percentile(times, 90)));
            }
        }
    }

    static void ingest(Path state, int runs) throws Exception {
        Process factory = WorkflowDesktop.start(state.resolve("factory.out"), "gtk3-widget-factory");
        try (WorkflowDesktop rig = new WorkflowDesktop(state.resolve("rig"));
                GraphMemory graph = GraphMemory.open(state.resolve("graph.db"), () -> rig.desktop, System::currentTimeMillis)) {
            long deadline = System.currentTimeMillis() + Duration.ofSeconds(90).toMillis();
            while (rig.desktop.desktopState(0, new CancellationToken()).elements().stream()
                    .noneMatch(e -> e.role().equals("check box"))) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException("gtk3-widget-factory did not show");
                }
                TimeUnit.MILLISECONDS.sleep(200);
            }
            List<Long> sample = new ArrayList<>();
            List<Long> ingest = new ArrayList<>();
            List<Long> store = new ArrayList<>();
            int elements = 0;
            for (int i = 0; i < runs + 3; i++) {
                long start = System.nanoTime();
                DesktopState sampledState = rig.desktop.desktopState(0, new CancellationToken());
                long sampled = System.nanoTime() - start;
                elements = sampledState.elements().size();
                start = System.nanoTime();
                graph.ingest(sampledState, null);
                long stored = System.nanoTime() - start;
                start = System.nanoTime();
                graph.refresh(null, new CancellationToken());
                long ingested = System.nanoTime() - start;
                if (i >= 3) {
                    sample.add(sampled);
                    ingest.add(ingested);
                    store.add(stored);
                }
            }
            double ratio = (double) percentile(ingest, 50) / percentile(sample, 50);
            System.out.printf(
                    "gtk3-widget-factory elements=%d desktop-state p50=%.1f ms ingest (sample+graph+commit) p50=%.1f ms"
                            + " ratio=%.3f (goal <= 1.2); graph+commit of a sampled state p50=%.2f ms p90=%.2f ms%n",
                    elements,
                    ms(percentile(sample, 50)),
                    ms(percentile(ingest, 50)),
                    ratio,
                    ms(percentile(store, 50)),
                    ms(percentile(store, 90)));
        } finally {
            WorkflowDesktop.stop(factory);
        }
    }

    static long percentile(List<Long> values, int p) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    static double ms(long nanos) {
        return nanos / 1e6;
    }
}

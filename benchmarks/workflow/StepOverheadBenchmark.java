import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopState;
import org.praefectus.api.desktop.ElementMatches;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.desktop.WindowListing;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.selector.UiElement;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.workflow.model.WorkflowFiles;
import org.praefectus.api.workflow.RunResult;
import org.praefectus.workflow.run.WorkflowDesktop;
import org.praefectus.workflow.run.WorkflowRunner;

/**
 * A 20-step workflow (10 lookups, 10 signed set-value inputs into a real zenity entry) run on the real desktop
 * service, signed by the daemon's host over the real engine and ledger. The workflow runtime's overhead per step is
 * the run's wall time minus the time spent inside the desktop service (lookups, signing, dispatch, the engine's
 * verification): parsing requests, the attempt bookkeeping, and the run journal's forced writes. Usage:
 * StepOverheadBenchmark STATE_DIR RUNS
 */
public final class StepOverheadBenchmark {

    /** The real desktop service, with the time spent inside it summed. */
    static final class TimedDesktop implements DesktopService {
        final DesktopService real;
        final AtomicLong inside = new AtomicLong();

        TimedDesktop(DesktopService real) {
            this.real = real;
        }

        interface Call<T> {
            T run() throws DesktopException;
        }

        <T> T timed(Call<T> call) throws DesktopException {
            long start = System.nanoTime();
            try {
                return call.run();
            } finally {
                inside.addAndGet(System.nanoTime() - start);
            }
        }

        @Override
        public WindowListing windows(WindowQuery query, CancellationToken c) throws DesktopException {
            return timed(() -> real.windows(query, c));
        }

        @Override
        public ElementMatches findElements(ElementQuery query, CancellationToken c) throws DesktopException {
            return timed(() -> real.findElements(query, c));
        }

        @Override
        public DesktopState desktopState(int limit, CancellationToken c) throws DesktopException {
            return timed(() -> real.desktopState(limit, c));
        }

        @Override
        public org.praefectus.api.desktop.ElementWait waitFor(
                ElementQuery query, boolean gone, long timeoutMs, CancellationToken c) throws DesktopException {
            return timed(() -> real.waitFor(query, gone, timeoutMs, c));
        }

        @Override
        public org.praefectus.api.desktop.TextRead readText(
                ElementQuery query, int offset, int length, CancellationToken c) throws DesktopException {
            return timed(() -> real.readText(query, offset, length, c));
        }

        @Override
        public java.util.Map<String, org.praefectus.api.selector.ReadBack> readBack(
                String observationId, java.util.Collection<String> tags, CancellationToken c) throws DesktopException {
            return timed(() -> real.readBack(observationId, tags, c));
        }

        @Override
        public UiElement.Point pointer() throws DesktopException {
            return timed(real::pointer);
        }

        @Override
        public java.util.Optional<org.praefectus.api.desktop.DesktopWindow> windowShownBy(
                org.praefectus.api.protocol.Action action, org.praefectus.api.protocol.Terminal terminal) {
            return real.windowShownBy(action, terminal);
        }

        @Override
        public InputOutcome input(InputRequest request, ResidentHost signer, CancellationToken c)
                throws DesktopException {
            return timed(() -> real.input(request, signer, c));
        }
    }

    public static void main(String[] args) throws Exception {
        Path state = Path.of(args[0]);
        int runs = Integer.parseInt(args[1]);
        StringBuilder yaml = new StringBuilder("name: twenty-steps\nsteps:\n");
        for (int i = 0; i < 10; i++) {
            yaml.append("  - action: find_element\n    selector: role=text\n    window_title: Workflow Entry\n");
            yaml.append("  - action: type_text\n    selector: role=text\n    window_title: Workflow Entry\n")
                    .append("    value: step ").append(i).append('\n');
        }
        Workflow workflow = WorkflowFiles.parse(yaml.toString(), "yaml");
        try (WorkflowDesktop rig = new WorkflowDesktop(state)) {
            Process app = WorkflowDesktop.start(
                    Files.createTempFile(state, "zenity", ".out"),
                    "zenity", "--entry", "--title", "Workflow Entry", "--text", "Value");
            try {
                rig.awaitElement("Workflow Entry", "role=text");
                TimedDesktop timed = new TimedDesktop(rig.desktop);
                WorkflowRunner runner = new WorkflowRunner(timed, () -> rig.host, state.resolve("runs"), 3_000);
                List<Double> overhead = new ArrayList<>();
                List<Double> actions = new ArrayList<>();
                for (int run = -2; run < runs; run++) {
                    timed.inside.set(0);
                    long start = System.nanoTime();
                    RunResult result = runner.run(workflow, null, false, new CancellationToken());
                    long total = System.nanoTime() - start;
                    if (!result.ok()) {
                        throw new IllegalStateException("the run failed: " + result.failure());
                    }
                    if (run >= 0) { // two warm-up runs
                        overhead.add((total - timed.inside.get()) / 20 / 1e6);
                        actions.add(timed.inside.get() / 20 / 1e6);
                    }
                }
                System.out.printf("runs %d, steps 20, signed operations %d%n", runs, rig.signedOperations());
                System.out.printf("overhead per step ms: p50 %.3f p90 %.3f min %.3f max %.3f%n",
                        percentile(overhead, 50), percentile(overhead, 90), Collections.min(overhead),
                        Collections.max(overhead));
                System.out.printf("desktop service per step ms: p50 %.3f p90 %.3f%n",
                        percentile(actions, 50), percentile(actions, 90));
            } finally {
                WorkflowDesktop.stop(app);
            }
        }
    }

    static double percentile(List<Double> values, int p) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }
}

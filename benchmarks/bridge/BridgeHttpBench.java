import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One client process, one HttpClient (keep-alive), against one or more running bridges, interleaved:
 * each round measures every server in turn (the order alternates between rounds), so load on the shared
 * machine hits all of them alike. Per round and server: the mean of HEALTH sequential GET /health, the mean
 * of RUNS sequential POST /runs + GET /runs/{id}; then, once those runs have finished (not timed), one SSE
 * stream of a live noise run (events per second from POST to the stream's end: mostly the agent's own pace)
 * and REPLAYS SSE streams of that finished run from seq 0 (events per second: the server's streaming).
 * Prints medians per server and, for two servers, the median of the per-round ratios second/first.
 *
 *   java BridgeHttpBench.java TOKEN WORKSPACE name=http://127.0.0.1:PORT [name=http://…]
 */
public final class BridgeHttpBench {

    static final int ROUNDS = Integer.getInteger("rounds", 15);
    static final int HEALTH = Integer.getInteger("health", 100);
    static final int RUNS = Integer.getInteger("runs", 10);
    static final int REPLAYS = Integer.getInteger("replays", 10);
    static final Pattern RUN_ID = Pattern.compile("\"run_id\":\"([^\"]+)\"");

    public static void main(String[] args) throws Exception {
        String token = args[0];
        String workspace = args[1];
        Map<String, String> servers = new LinkedHashMap<>();
        for (String arg : Arrays.copyOfRange(args, 2, args.length)) {
            servers.put(arg.substring(0, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
        }
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        BridgeHttpBench bench = new BridgeHttpBench(http, token, workspace);
        for (String base : servers.values()) { // warm-up: JIT, connections, the health cache
            bench.health(base, 300);
            bench.runs(base, 5);
            bench.awaitSubmitted(base);
            bench.stream(base);
            bench.replay(base, 3);
        }
        Map<String, List<double[]>> results = new LinkedHashMap<>();
        servers.keySet().forEach(name -> results.put(name, new ArrayList<>()));
        List<String> names = new ArrayList<>(servers.keySet());
        for (int round = 0; round < ROUNDS; round++) {
            List<String> order = new ArrayList<>(names);
            if (round % 2 == 1) {
                java.util.Collections.reverse(order);
            }
            for (String name : order) {
                String base = servers.get(name);
                double health = bench.health(base, HEALTH);
                double runs = bench.runs(base, RUNS);
                bench.awaitSubmitted(base);
                double live = bench.stream(base);
                results.get(name).add(new double[] {health, runs, live, bench.replay(base, REPLAYS)});
            }
        }
        String[] metrics = {"GET /health mean us", "POST /runs + GET /runs/{id} mean us",
            "SSE events/s, live noise run", "SSE events/s, replay of a finished run"};
        for (int m = 0; m < metrics.length; m++) {
            StringBuilder line = new StringBuilder(metrics[m] + ":");
            for (String name : names) {
                int metric = m;
                line.append(String.format("  %s median %.0f (min %.0f, max %.0f)", name,
                        median(results.get(name).stream().mapToDouble(r -> r[metric]).toArray()),
                        results.get(name).stream().mapToDouble(r -> r[metric]).min().orElse(0),
                        results.get(name).stream().mapToDouble(r -> r[metric]).max().orElse(0)));
            }
            if (names.size() == 2) {
                double[] ratios = new double[ROUNDS];
                for (int r = 0; r < ROUNDS; r++) {
                    ratios[r] = results.get(names.get(1)).get(r)[m] / results.get(names.get(0)).get(r)[m];
                }
                line.append(String.format("  | median ratio %s/%s %.2f", names.get(1), names.get(0), median(ratios)));
            }
            System.out.println(line);
        }
        System.out.printf("(%d rounds; per round and server: %d GET /health, %d POST+GET pairs, 1 live and %d replayed"
                + " SSE streams)%n", ROUNDS, HEALTH, RUNS, REPLAYS);
    }

    private final HttpClient http;
    private final String token;
    private final String workspace;
    private final List<String> submitted = new ArrayList<>();
    private String lastStreamed;

    BridgeHttpBench(HttpClient http, String token, String workspace) {
        this.http = http;
        this.token = token;
        this.workspace = workspace;
    }

    /** Mean microseconds per sequential GET /health. */
    double health(String base, int n) throws Exception {
        HttpRequest request = get(base + "/health");
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("GET /health: " + response.statusCode());
            }
        }
        return (System.nanoTime() - start) / 1e3 / n;
    }

    /** Mean microseconds per POST /runs followed by GET /runs/{id}. */
    double runs(String base, int n) throws Exception {
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            String id = submit(base, "Write it.");
            submitted.add(id);
            HttpResponse<String> record = http.send(get(base + "/runs/" + id), HttpResponse.BodyHandlers.ofString());
            if (record.statusCode() != 200) {
                throw new IllegalStateException("GET /runs/{id}: " + record.statusCode());
            }
        }
        return (System.nanoTime() - start) / 1e3 / n;
    }

    /** Waits (untimed) until the runs of {@link #runs} have finished, so the next run does not queue behind them. */
    void awaitSubmitted(String base) throws Exception {
        for (String id : submitted) {
            while (!http.send(get(base + "/runs/" + id), HttpResponse.BodyHandlers.ofString()).body()
                    .contains("\"finished_at\":\"")) {
                Thread.sleep(20);
            }
        }
        submitted.clear();
    }

    /** Events per second: a noise run (about 310 events) from POST /runs to the end of its SSE stream. */
    double stream(String base) throws Exception {
        long start = System.nanoTime();
        lastStreamed = submit(base, "SCENARIO:noise");
        int events = streamEvents(base, lastStreamed);
        return events / ((System.nanoTime() - start) / 1e9);
    }

    /** Events per second over n SSE streams of the last (finished) noise run, each from seq 0 to its end. */
    double replay(String base, int n) throws Exception {
        long start = System.nanoTime();
        int events = 0;
        for (int i = 0; i < n; i++) {
            events += streamEvents(base, lastStreamed);
        }
        return events / ((System.nanoTime() - start) / 1e9);
    }

    private int streamEvents(String base, String id) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/runs/" + id + "/events?after_seq=0"))
                .header("Authorization", "Bearer " + token).header("Accept", "text/event-stream").build();
        HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        int events = 0;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.startsWith("id: ")) {
                    events++;
                }
            }
        }
        if (events < 300) {
            throw new IllegalStateException("the stream ended after " + events + " events");
        }
        return events;
    }

    private String submit(String base, String instructions) throws Exception {
        String body = """
                {"request_id":"r","mission_id":"m","task_id":"t","executor":"codex","timeout_seconds":60,
                 "path_mapping":{"container_workspace_root":"/app/workspace","host_workspace_root":"%s",
                                 "target_workdir":"/app/workspace/P"},
                 "task_spec":{"title":"t","instructions":"%s","input_files":[],"expected_outputs":[],
                              "approval_policy":{"allow_destructive_write":false,"allow_shell":false}}}
                """.formatted(workspace, instructions);
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(base + "/runs"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        Matcher m = RUN_ID.matcher(response.body());
        if (response.statusCode() != 200 || !m.find()) {
            throw new IllegalStateException("POST /runs: " + response.statusCode() + " " + response.body());
        }
        return m.group(1);
    }

    private HttpRequest get(String url) {
        return HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + token).GET().build();
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}

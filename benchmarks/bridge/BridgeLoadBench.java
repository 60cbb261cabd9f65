import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The bridge under a burst: CONNECTIONS clients (default 200) open a fresh TCP connection each and POST
 * /runs at the same instant (a latch), against a bridge with max_concurrent_runs 2. Reports connection
 * resets and failures, POST latency p50/max, GET /runs/{id} latency p50/max measured by another client
 * while the queue drains, and the bridge's RSS before, during (peak of samples) and after.
 *
 *   java BridgeLoadBench.java TOKEN WORKSPACE http://127.0.0.1:PORT BRIDGE_PID
 */
public final class BridgeLoadBench {

    static final int CONNECTIONS = Integer.getInteger("connections", 200);
    static final Pattern RUN_ID = Pattern.compile("\"run_id\":\"([^\"]+)\"");
    static final Pattern STATUS = Pattern.compile("\"normalized_status\":\"([a-z_]+)\"");

    public static void main(String[] args) throws Exception {
        String token = args[0];
        String workspace = args[1];
        String base = args[2];
        long pid = Long.parseLong(args[3]);
        int port = Integer.parseInt(base.substring(base.lastIndexOf(':') + 1));
        String body = "{\"request_id\":\"req_load\",\"mission_id\":\"m\",\"task_id\":\"t\",\"executor\":\"codex\","
                + "\"timeout_seconds\":60,\"path_mapping\":{\"container_workspace_root\":\"/app/workspace\","
                + "\"host_workspace_root\":\"" + workspace + "\",\"target_workdir\":\"/app/workspace/P\"},"
                + "\"task_spec\":{\"title\":\"Load\",\"instructions\":\"Write it.\",\"input_files\":[],"
                + "\"expected_outputs\":[\"homepage.md\"],\"approval_policy\":{\"allow_destructive_write\":true,"
                + "\"allow_shell\":false}}}";
        long rssBefore = rss(pid);
        AtomicBoolean draining = new AtomicBoolean(true);
        long[] rssPeak = {rssBefore};
        Thread sampler = new Thread(() -> {
            while (draining.get()) {
                rssPeak[0] = Math.max(rssPeak[0], rss(pid));
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        sampler.start();

        CountDownLatch ready = new CountDownLatch(CONNECTIONS);
        CountDownLatch go = new CountDownLatch(1);
        ConcurrentLinkedQueue<Long> postNanos = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> ids = new ConcurrentLinkedQueue<>();
        AtomicInteger resets = new AtomicInteger();
        AtomicInteger failures = new AtomicInteger();
        List<Thread> clients = new ArrayList<>();
        for (int i = 0; i < CONNECTIONS; i++) {
            Thread t = new Thread(() -> {
                ready.countDown();
                try {
                    go.await();
                    long start = System.nanoTime();
                    String response = exchange(port, "POST", "/runs", token, body);
                    postNanos.add(System.nanoTime() - start);
                    Matcher m = RUN_ID.matcher(response);
                    if (response.startsWith("HTTP/1.1 200") && m.find()) {
                        ids.add(m.group(1));
                    } else {
                        failures.incrementAndGet();
                    }
                } catch (SocketException e) {
                    resets.incrementAndGet();
                } catch (Exception e) {
                    failures.incrementAndGet();
                }
            });
            t.start();
            clients.add(t);
        }
        ready.await();
        go.countDown();
        for (Thread t : clients) {
            t.join();
        }
        // while the queue drains: GET /runs/{id} latency, sequentially, one connection per request
        List<Long> getNanos = new ArrayList<>();
        List<String> all = new ArrayList<>(ids);
        int finished = 0;
        long deadline = System.nanoTime() + 600_000_000_000L;
        while (finished < all.size() && System.nanoTime() < deadline) {
            finished = 0;
            for (String id : all) {
                long start = System.nanoTime();
                String r = exchange(port, "GET", "/runs/" + id, token, null);
                getNanos.add(System.nanoTime() - start);
                Matcher m = STATUS.matcher(r);
                if (m.find()) {
                    finished++;
                }
            }
        }
        draining.set(false);
        sampler.join();
        long rssAfter = rss(pid);
        System.out.printf(
                "connections %d: accepted %d, connection resets %d, other failures %d, finished %d%n",
                CONNECTIONS, ids.size(), resets.get(), failures.get(), finished);
        System.out.printf("POST /runs under the burst: p50 %.1f ms, max %.1f ms%n", ms(p(postNanos, 50)), ms(p(postNanos, 100)));
        System.out.printf(
                "GET /runs/{id} while draining (%d requests): p50 %.2f ms, max %.1f ms%n",
                getNanos.size(), ms(p(getNanos, 50)), ms(p(getNanos, 100)));
        System.out.printf("bridge RSS: before %d MiB, peak during %d MiB, after %d MiB%n", rssBefore >> 20, rssPeak[0] >> 20, rssAfter >> 20);
    }

    static String exchange(int port, String method, String path, String token, String body) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            byte[] payload = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            String head = method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer "
                    + token + "\r\nConnection: close\r\n"
                    + (body == null ? "" : "Content-Type: application/json\r\nContent-Length: " + payload.length + "\r\n")
                    + "\r\n";
            OutputStream out = s.getOutputStream();
            out.write(head.getBytes(StandardCharsets.UTF_8));
            out.write(payload);
            out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            StringBuilder r = new StringBuilder();
            for (String line; (line = in.readLine()) != null; ) {
                r.append(line).append('\n');
            }
            return r.toString();
        }
    }

    static long rss(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException e) {
            // gone
        }
        return 0;
    }

    static long p(java.util.Collection<Long> values, int percentile) {
        List<Long> sorted = new ArrayList<>(values);
        if (sorted.isEmpty()) {
            return 0;
        }
        Collections.sort(sorted);
        int index = Math.min(sorted.size() - 1, (int) Math.ceil(percentile / 100.0 * sorted.size()) - 1);
        return sorted.get(Math.max(0, index));
    }

    static double ms(long nanos) {
        return nanos / 1e6;
    }
}

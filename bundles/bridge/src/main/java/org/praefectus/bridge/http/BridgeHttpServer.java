package org.praefectus.bridge.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.bridge.run.ApiException;
import org.praefectus.bridge.run.CreateRunRequest;
import org.praefectus.bridge.run.ExecutorHealth;
import org.praefectus.bridge.run.Run;
import org.praefectus.bridge.run.RunEvent;
import org.praefectus.bridge.run.RunManager;

/**
 * The praetor-execd HTTP API on a loopback socket (JDK {@code HttpServer}).
 *
 * <p>Every request passes, in order: the Host header check (DNS rebinding: only the loopback names and
 * the bound port are accepted), the refusal of credentials in the query string, the bearer token
 * (constant-time comparison of SHA-256 digests), the body size limit. Responses use the contract's
 * {@code {"ok","data","error"}} envelope.
 */
public final class BridgeHttpServer implements AutoCloseable {

    /** Largest request body accepted. */
    public static final int MAX_BODY_BYTES = 256 * 1024;
    /** Largest page of events. */
    static final int MAX_EVENTS_PER_PAGE = 1000;
    /** Concurrent Server-Sent Event streams. */
    static final int MAX_STREAMS = 16;
    static final long KEEPALIVE_MILLIS = 15_000;

    private static final Set<String> QUERY_CREDENTIALS = Set.of("token", "access_token", "auth_token",
            "bearer", "authorization", "api_key", "key");

    private final ObjectMapper json = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final RequestValidator validator = new RequestValidator(json);
    private final RunManager runs;
    private final ExecutorHealth health;
    private final BridgeSettings settings;
    private final byte[] tokenDigest;
    private final Set<String> allowedHosts;
    private final HttpServer server;
    private final ExecutorService threads;
    private final Semaphore streams = new Semaphore(MAX_STREAMS);
    private final long startedNanos = System.nanoTime();
    private final String version;

    public BridgeHttpServer(BridgeSettings settings, RunManager runs, ExecutorHealth health, Set<String> extraHosts,
            String version) throws IOException {
        this.settings = settings;
        this.runs = runs;
        this.health = health;
        this.version = version;
        this.tokenDigest = sha256(settings.server().authToken());
        InetAddress address = InetAddress.getByName(settings.server().host());
        if (!address.isLoopbackAddress()) {
            throw new IOException("refusing to bind a non-loopback address");
        }
        this.server = HttpServer.create(new InetSocketAddress(address, settings.server().port()), 64);
        int port = server.getAddress().getPort();
        java.util.HashSet<String> hosts = new java.util.HashSet<>();
        for (String name : List.of("127.0.0.1", "localhost", "[::1]")) {
            hosts.add(name + ":" + port);
        }
        for (String extra : extraHosts) {
            hosts.add(extra.toLowerCase(Locale.ROOT).contains(":") ? extra.toLowerCase(Locale.ROOT)
                    : extra.toLowerCase(Locale.ROOT) + ":" + port);
        }
        this.allowedHosts = Set.copyOf(hosts);
        AtomicInteger n = new AtomicInteger();
        this.threads = Executors.newFixedThreadPool(MAX_STREAMS + 8, r -> {
            Thread t = new Thread(r, "praefectus-bridge-http-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    /** The bound port (useful with port 0). */
    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
        try {
            threads.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try {
            String host = exchange.getRequestHeaders().getFirst("Host");
            if (host == null || !allowedHosts.contains(host.toLowerCase(Locale.ROOT))) {
                throw new ApiException(403, "forbidden_host", "The Host header is not a loopback name of this bridge.");
            }
            String query = exchange.getRequestURI().getRawQuery();
            Map<String, String> params = query(query);
            for (String name : params.keySet()) {
                if (QUERY_CREDENTIALS.contains(name.toLowerCase(Locale.ROOT))) {
                    throw new ApiException(401, "unauthorized",
                            "Credentials in the query string are refused; use the Authorization header.");
                }
            }
            authenticate(exchange.getRequestHeaders().getFirst("Authorization"));
            route(exchange, params);
        } catch (ApiException e) {
            error(exchange, e.httpStatus(), e.code(), e.getMessage());
        } catch (IOException e) {
            throw e;
        } catch (RuntimeException e) {
            error(exchange, 500, "internal_error", "The bridge failed to handle the request.");
        } finally {
            exchange.close();
        }
    }

    private void authenticate(String header) throws ApiException {
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw new ApiException(401, "unauthorized", "Missing bearer token.");
        }
        byte[] given = sha256(header.substring(7).trim());
        if (!MessageDigest.isEqual(given, tokenDigest)) {
            throw new ApiException(401, "unauthorized", "Invalid bearer token.");
        }
    }

    private void route(HttpExchange exchange, Map<String, String> params) throws IOException, ApiException {
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getPath();
        String[] parts = path.replaceAll("/+$", "").split("/");
        if (path.equals("/health")) {
            expect(method, "GET");
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("status", health.overallStatus());
            data.put("version", version);
            data.put("uptime_seconds", Math.round((System.nanoTime() - startedNanos) / 1e6) / 1000.0);
            data.put("configured_executors", settings.executors().keySet().stream().sorted().toList());
            ok(exchange, data);
        } else if (path.equals("/executors")) {
            expect(method, "GET");
            ok(exchange, Map.of("executors", health.summaries()));
        } else if (parts.length == 3 && parts[1].equals("executors")) {
            expect(method, "GET");
            if (!settings.executors().containsKey(parts[2])) {
                throw new ApiException(404, "not_found", "Executor not configured.");
            }
            ok(exchange, health.detail(parts[2]));
        } else if (path.equals("/runs")) {
            expect(method, "POST");
            createRun(exchange);
        } else if (parts.length >= 3 && parts[1].equals("runs")) {
            Run run = runs.get(parts[2]);
            if (run == null) {
                throw new ApiException(404, "not_found", "Run not found.");
            }
            if (parts.length == 3) {
                expect(method, "GET");
                ok(exchange, run.record());
            } else if (parts.length == 4 && parts[3].equals("events")) {
                expect(method, "GET");
                events(exchange, run, params);
            } else if (parts.length == 4 && parts[3].equals("cancel")) {
                expect(method, "POST");
                drain(exchange);
                boolean accepted = runs.cancel(run.runId());
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("run_id", run.runId());
                data.put("status", run.state().wire());
                data.put("accepted", accepted);
                ok(exchange, data);
            } else {
                throw new ApiException(404, "not_found", "No such endpoint.");
            }
        } else {
            throw new ApiException(404, "not_found", "No such endpoint.");
        }
    }

    private void createRun(HttpExchange exchange) throws IOException, ApiException {
        String type = exchange.getRequestHeaders().getFirst("Content-Type");
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            throw new ApiException(415, "unsupported_media_type", "Content-Type must be application/json.");
        }
        byte[] body = readBody(exchange);
        JsonNode node;
        try {
            node = json.readTree(body);
        } catch (IOException e) {
            throw new ApiException(400, "validation_error", "The body is not valid JSON.");
        }
        if (node == null || !node.isObject()) {
            throw new ApiException(400, "validation_error", "The body must be a JSON object.");
        }
        List<String> violations = validator.violations(node);
        if (!violations.isEmpty()) {
            throw new ApiException(400, "validation_error", String.join("; ", violations));
        }
        CreateRunRequest request = json.treeToValue(node, CreateRunRequest.class);
        Run run = runs.submit(request);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("run_id", run.runId());
        data.put("status", "accepted");
        data.put("executor", run.executor());
        ok(exchange, data);
    }

    private void events(HttpExchange exchange, Run run, Map<String, String> params) throws IOException, ApiException {
        long after = 0;
        String raw = params.get("after_seq");
        String lastEventId = exchange.getRequestHeaders().getFirst("Last-Event-ID");
        if (raw == null && lastEventId != null) {
            raw = lastEventId;
        }
        if (raw != null) {
            try {
                after = Long.parseLong(raw);
            } catch (NumberFormatException e) {
                after = -1;
            }
            if (after < 0) {
                throw new ApiException(400, "validation_error", "after_seq must be an integer >= 0.");
            }
        }
        String accept = exchange.getRequestHeaders().getFirst("Accept");
        if (accept != null && accept.contains("text/event-stream")) {
            stream(exchange, run, after);
            return;
        }
        List<RunEvent> events = run.eventsAfter(after, MAX_EVENTS_PER_PAGE);
        long next = events.isEmpty() ? after + 1 : events.get(events.size() - 1).seq() + 1;
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("events", events);
        data.put("next_seq", next);
        ok(exchange, data);
    }

    /** Server-Sent Events: {@code id} = seq, {@code event} = type, {@code data} = the event JSON. */
    private void stream(HttpExchange exchange, Run run, long after) throws IOException, ApiException {
        if (!streams.tryAcquire()) {
            throw new ApiException(429, "too_many_streams", "Too many event streams are open.");
        }
        try {
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
            exchange.getResponseHeaders().set("Cache-Control", "no-cache");
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            long last = after;
            while (true) {
                List<RunEvent> events = run.eventsAfter(last, MAX_EVENTS_PER_PAGE);
                StringBuilder chunk = new StringBuilder();
                for (RunEvent e : events) {
                    chunk.append("id: ").append(e.seq()).append('\n')
                            .append("event: ").append(e.type()).append('\n')
                            .append("data: ").append(json.writeValueAsString(e)).append("\n\n");
                    last = e.seq();
                }
                if (chunk.length() > 0) {
                    out.write(chunk.toString().getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    continue;
                }
                if (run.state().terminal() && run.nextSeq() - 1 <= last) {
                    break;
                }
                run.awaitEvents(last, KEEPALIVE_MILLIS);
                if (run.nextSeq() - 1 <= last && !run.state().terminal()) {
                    out.write(": keepalive\n\n".getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
            }
            out.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            streams.release();
        }
    }

    private static void expect(String method, String wanted) throws ApiException {
        if (!method.equals(wanted)) {
            throw new ApiException(405, "method_not_allowed", "Use " + wanted + ".");
        }
    }

    private static byte[] readBody(HttpExchange exchange) throws IOException, ApiException {
        String length = exchange.getRequestHeaders().getFirst("Content-Length");
        if (length != null) {
            try {
                if (Long.parseLong(length.trim()) > MAX_BODY_BYTES) {
                    throw new ApiException(413, "payload_too_large", "The body exceeds " + MAX_BODY_BYTES + " bytes.");
                }
            } catch (NumberFormatException e) {
                throw new ApiException(400, "validation_error", "Invalid Content-Length.");
            }
        }
        InputStream in = exchange.getRequestBody();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        int n;
        while ((n = in.read(buffer)) > 0) {
            body.write(buffer, 0, n);
            if (body.size() > MAX_BODY_BYTES) {
                throw new ApiException(413, "payload_too_large", "The body exceeds " + MAX_BODY_BYTES + " bytes.");
            }
        }
        return body.toByteArray();
    }

    private static void drain(HttpExchange exchange) throws IOException, ApiException {
        readBody(exchange);
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> params = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return params;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String name = java.net.URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : java.net.URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            params.putIfAbsent(name, value);
        }
        return params;
    }

    private void ok(HttpExchange exchange, Object data) throws IOException {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("ok", true);
        envelope.put("data", data);
        envelope.put("error", null);
        send(exchange, 200, envelope);
    }

    private void error(HttpExchange exchange, int status, String code, String message) throws IOException {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("ok", false);
        envelope.put("data", null);
        envelope.put("error", error);
        if (status == 401) {
            exchange.getResponseHeaders().set("WWW-Authenticate", "Bearer");
        }
        send(exchange, status, envelope);
    }

    private void send(HttpExchange exchange, int status, Object body) throws IOException {
        byte[] bytes = json.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static byte[] sha256(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}

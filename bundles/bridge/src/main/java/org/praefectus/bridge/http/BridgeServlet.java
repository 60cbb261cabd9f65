package org.praefectus.bridge.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.bridge.run.ApiException;
import org.praefectus.bridge.run.EventPage;
import org.praefectus.bridge.run.ExecutorHealth;
import org.praefectus.bridge.run.Run;
import org.praefectus.bridge.run.RunEvent;
import org.praefectus.bridge.run.RunLimits;
import org.praefectus.bridge.run.RunManager;

/**
 * The praetor-execd routes. Requests reach it only through the {@link GuardFilter}; responses use the
 * contract's {@code {"ok","data","error"}} envelope. Server-Sent Events are written by the request thread
 * with a flush per batch (at most {@value #MAX_STREAMS} streams hold a thread at once).
 */
public final class BridgeServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    /** Largest page of events. */
    static final int MAX_EVENTS_PER_PAGE = 1000;
    /** Concurrent Server-Sent Event streams. */
    static final int MAX_STREAMS = 16;

    static final long KEEPALIVE_MILLIS = 15_000;
    /** Says whether another page of events follows this one ({@code true}/{@code false}). */
    public static final String HAS_MORE_HEADER = "X-Praetor-Has-More";
    /** Longest wait for open streams to end when the bridge stops. */
    static final long CLOSE_WAIT_MILLIS = 5_000;

    private final transient ObjectMapper json = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private final transient CreateRunReader reader;
    private final transient RunManager runs;
    private final transient ExecutorHealth health;
    private final transient BridgeSettings settings;
    private final transient Semaphore streams = new Semaphore(MAX_STREAMS);
    private final long startedNanos = System.nanoTime();
    private final String version;
    private final transient RunLimits limits;
    private volatile boolean closed;

    public BridgeServlet(
            BridgeSettings settings, RunManager runs, ExecutorHealth health, String version, RunLimits limits) {
        this.limits = limits;
        this.reader = new CreateRunReader(json, limits);
        this.settings = settings;
        this.runs = runs;
        this.health = health;
        this.version = version;
    }

    /**
     * Ends the open event streams: each writes what its run has left (the runs were finished first) and
     * closes. Waits for them, at most {@value #CLOSE_WAIT_MILLIS} ms, so that the server stopping next does
     * not cut a stream short of its final event or its end.
     */
    public void close() {
        closed = true;
        try {
            if (streams.tryAcquire(MAX_STREAMS, CLOSE_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                streams.release(MAX_STREAMS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        try {
            route(request, response);
        } catch (ApiException e) {
            GuardFilter.discardBody(request);
            Envelope.error(json, response, e.httpStatus(), e.code(), e.getMessage());
        } catch (IOException e) {
            throw e;
        } catch (RuntimeException e) {
            // the client learns only that it failed; the operator learns what failed (the path names the run)
            runs.errors().error(null, request.getMethod() + " " + request.getRequestURI() + " failed", e);
            Envelope.error(json, response, 500, "internal_error", "The bridge failed to handle the request.");
        }
    }

    private void route(HttpServletRequest request, HttpServletResponse response) throws IOException, ApiException {
        String method = request.getMethod();
        String path = request.getPathInfo() == null ? "/" : request.getPathInfo();
        String[] parts = path.replaceAll("/+$", "").split("/");
        if (path.equals("/health")) {
            expect(method, "GET");
            Map<String, Object> data = new LinkedHashMap<>();
            boolean writable = runs.logFolderWritable();
            // without its log folder the bridge can accept no run, whatever the executors say
            data.put("status", writable ? health.overallStatus() : "unavailable");
            data.put("version", version);
            data.put("uptime_seconds", Math.round((System.nanoTime() - startedNanos) / 1e6) / 1000.0);
            data.put(
                    "configured_executors",
                    settings.executors().keySet().stream().sorted().toList());
            Envelope.ok(json, response, data);
        } else if (path.equals("/executors")) {
            expect(method, "GET");
            Envelope.ok(json, response, Map.of("executors", health.summaries()));
        } else if (parts.length == 3 && parts[1].equals("executors")) {
            expect(method, "GET");
            if (!settings.executors().containsKey(parts[2])) {
                throw new ApiException(404, "not_found", "Executor not configured.");
            }
            Envelope.ok(json, response, health.detail(parts[2]));
        } else if (path.equals("/runs")) {
            expect(method, "POST");
            createRun(request, response);
        } else if (parts.length >= 3 && parts[1].equals("runs")) {
            Run run = runs.get(parts[2]);
            if (run == null) {
                throw new ApiException(404, "not_found", "Run not found.");
            }
            if (parts.length == 3) {
                expect(method, "GET");
                Envelope.ok(json, response, run.record());
            } else if (parts.length == 4 && parts[3].equals("events")) {
                expect(method, "GET");
                events(request, response, run);
            } else if (parts.length == 4 && parts[3].equals("cancel")) {
                expect(method, "POST");
                readBody(request);
                RunManager.CancelResult result = runs.cancel(run.runId());
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("run_id", run.runId());
                data.put("status", result.wire()); // seed §11.6: accepted, already_finished, not_cancellable
                data.put("accepted", result == RunManager.CancelResult.ACCEPTED);
                Envelope.ok(json, response, data);
            } else {
                throw new ApiException(404, "not_found", "No such endpoint.");
            }
        } else {
            throw new ApiException(404, "not_found", "No such endpoint.");
        }
    }

    private void createRun(HttpServletRequest request, HttpServletResponse response) throws IOException, ApiException {
        String type = request.getContentType();
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            throw new ApiException(415, "unsupported_media_type", "Content-Type must be application/json.");
        }
        CreateRunReader.Parsed parsed = reader.read(readBody(request));
        List<String> warnings = parsed.warnings();
        Run run = runs.submit(parsed.request(), warnings);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("run_id", run.runId());
        data.put("status", "accepted");
        data.put("executor", run.executor());
        // the contract's CreateRunAccepted admits no other field: warnings go in headers and run_accepted
        for (String warning : warnings) {
            response.addHeader("Warning", "299 praetor-execd \"" + warning.replace("\"", "'") + "\"");
        }
        Envelope.ok(json, response, data);
    }

    private void events(HttpServletRequest request, HttpServletResponse response, Run run)
            throws IOException, ApiException {
        long after = EventsQuery.afterSeq(request.getQueryString(), request.getHeader("Last-Event-ID"));
        String accept = request.getHeader("Accept");
        if (accept != null && accept.contains("text/event-stream")) {
            stream(response, run, after);
            return;
        }
        int limit = EventsQuery.limit(request.getQueryString());
        EventPage page = runs.events(run, after, limit, limits.maxPageBytes());
        // the contract's page admits only events and next_seq: more pages are announced in a header, lost
        // events by an events_dropped event in their place
        response.setHeader(HAS_MORE_HEADER, Boolean.toString(page.hasMore()));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("events", page.events());
        data.put("next_seq", page.nextSeq());
        Envelope.ok(json, response, data);
    }

    /** Server-Sent Events: {@code id} = seq, {@code event} = type, {@code data} = the event JSON. */
    private void stream(HttpServletResponse response, Run run, long after) throws IOException, ApiException {
        if (!streams.tryAcquire()) {
            throw new ApiException(429, "too_many_streams", "Too many event streams are open.");
        }
        try {
            response.setStatus(200);
            response.setContentType("text/event-stream; charset=utf-8");
            response.setHeader("Cache-Control", "no-cache");
            OutputStream out = response.getOutputStream();
            long last = after;
            while (true) {
                List<RunEvent> events = runs.events(run, last, MAX_EVENTS_PER_PAGE, limits.maxPageBytes())
                        .events();
                StringBuilder chunk = new StringBuilder();
                for (RunEvent e : events) {
                    chunk.append("id: ")
                            .append(e.seq())
                            .append('\n')
                            .append("event: ")
                            .append(e.type())
                            .append('\n')
                            .append("data: ")
                            .append(json.writeValueAsString(e))
                            .append("\n\n");
                    last = e.seq();
                }
                if (chunk.length() > 0) {
                    out.write(chunk.toString().getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    continue;
                }
                // the end is the final event, not the terminal state, which is set a moment before it
                if (closed || (run.concluded() && run.nextSeq() - 1 <= last)) {
                    break;
                }
                run.awaitEvents(last, KEEPALIVE_MILLIS);
                if (run.nextSeq() - 1 <= last && !run.concluded()) {
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

    /** Reads at most {@link RunLimits#maxRequestBytes} (a chunked body declares no length to the guard). */
    private byte[] readBody(HttpServletRequest request) throws IOException, ApiException {
        InputStream in = request.getInputStream();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        int n;
        while ((n = in.read(buffer)) > 0) {
            body.write(buffer, 0, n);
            if (body.size() > limits.maxRequestBytes()) {
                throw new ApiException(413, "payload_too_large", limits.bodyRefusal());
            }
        }
        return body.toByteArray();
    }
}

package org.praefectus.mcp.server;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.praefectus.mcp.host.InFlightCalls;

/**
 * Everything in front of the SDK's Streamable HTTP transport, in order: {@link HttpGuard} (token, Host,
 * Origin, declared size); an unsupported {@code MCP-Protocol-Version} (400); the session's owner
 * ({@link SessionOwners}: another credential or local user gets 404, as for an unknown session); the POST body
 * read whole within the limit (413 otherwise, nothing parsed) and checked by {@link JsonRpcFraming} (400 with
 * {@code -32700}/{@code -32600}); {@code notifications/cancelled} handled here (202). What passes goes to the
 * SDK, whose refusals get a fixed body ({@link FixedErrorResponse}).
 */
public final class StreamableEndpoint {

    /** The SDK transport's service method. */
    @FunctionalInterface
    public interface Transport {
        void service(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException;
    }

    private final HttpGuard guard;
    private final InFlightCalls calls;
    private final JsonRpcFraming.Tools tools;
    private final long maxRequestBytes;
    private final Transport transport;
    private final SessionOwners owners = new SessionOwners();
    private final SseStreams streams = new SseStreams();
    private final ConnectionPeers peers = new ConnectionPeers(LoopbackPeer::uid);

    /** How long a resumed stream may stay open waiting for its answer (a confirmation takes minutes at most). */
    static final long RESUMED_STREAM_TIMEOUT_MS = 15 * 60 * 1000L;

    public StreamableEndpoint(
            HttpGuard guard,
            InFlightCalls calls,
            JsonRpcFraming.Tools tools,
            long maxRequestBytes,
            Transport transport) {
        this.tools = tools;
        this.guard = guard;
        this.calls = calls;
        this.maxRequestBytes = maxRequestBytes;
        this.transport = transport;
    }

    /**
     * The most a refusal reads of a body it will not use: four times the body limit, so that a body a little
     * over the limit still gets its 413 rather than a reset connection.
     */
    long drainLimit() {
        return Math.max(4 * maxRequestBytes, 64 * 1024);
    }

    public void service(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Optional<HttpGuard.Refusal> refusal = guard.check(
                request.getHeader("Authorization"),
                request.getHeader("X-PeekabooX-MCP-Token"),
                request.getHeader("Host"),
                request.getHeader("Origin"),
                request.getContentLengthLong());
        if (refusal.isPresent()) {
            if (refusal.get().status() == 401) {
                response.setHeader("WWW-Authenticate", "Bearer");
            }
            refuse(
                    request,
                    response,
                    refusal.get().status(),
                    -32600,
                    refusal.get().message());
            return;
        }
        String version = request.getHeader("MCP-Protocol-Version");
        if (version != null && !StdioSession.PROTOCOL_VERSIONS.contains(version.strip())) {
            refuse(request, response, 400, -32600, "unsupported MCP-Protocol-Version");
            return;
        }
        String owner = SessionOwners.owner(
                HttpGuard.presentedToken(
                        request.getHeader("Authorization"), request.getHeader("X-PeekabooX-MCP-Token")),
                peers.uid(connectionId(request), request.getLocalPort(), request.getRemotePort()));
        String sessionId = request.getHeader("Mcp-Session-Id");
        if (sessionId != null && !owners.mayUse(sessionId, owner)) {
            refuse(request, response, 404, -32600, "session not found: initialize a new session");
            return;
        }
        String lastEventId = request.getHeader("Last-Event-ID");
        if ("GET".equals(request.getMethod()) && lastEventId != null) {
            resume(request, response, sessionId, lastEventId);
            return;
        }
        HttpServletRequest forwarded = request;
        java.util.function.Predicate<String> answers = JsonRpcAnswers.NONE;
        if ("POST".equals(request.getMethod())) {
            byte[] body;
            try {
                body = BufferedBody.read(request, maxRequestBytes);
            } catch (BufferedBody.TooLarge e) {
                refuse(request, response, 413, -32600, "request body too large");
                return;
            }
            JsonRpcFraming.Outcome outcome = JsonRpcFraming.frame(new String(body, StandardCharsets.UTF_8), tools);
            if (outcome instanceof JsonRpcFraming.Refuse refused) {
                // a malformed message is a bad request; an answer to a readable request (an unknown or unlisted
                // tool) is that request's JSON-RPC response
                write(response, refused.response().contains("\"id\":null") ? 400 : 200, refused.response());
                return;
            }
            if (outcome instanceof JsonRpcFraming.Cancelled cancelled) {
                if (sessionId != null) {
                    calls.cancel(sessionId, cancelled.requestId());
                }
                response.setStatus(202);
                return;
            }
            if (outcome instanceof JsonRpcFraming.Ignore) {
                response.setStatus(202);
                return;
            }
            JsonRpcFraming.Pass pass = (JsonRpcFraming.Pass) outcome;
            if (pass.toolCallId() != null && sessionId != null) {
                calls.begin(sessionId, pass.toolCallId());
            }
            forwarded = new BufferedBody(request, pass.json().getBytes(StandardCharsets.UTF_8));
            answers = JsonRpcAnswers.to(pass.json());
        }
        FixedErrorResponse guarded = new FixedErrorResponse(response);
        transport.service(forwarded, new ResumableResponse(guarded, streams, sessionId, answers));
        if (!request.isAsyncStarted()) {
            guarded.finish();
        }
        if (guarded.sessionId() != null && guarded.status() < 400) {
            owners.created(guarded.sessionId(), owner);
        }
        if ("DELETE".equals(request.getMethod()) && sessionId != null && guarded.status() < 400) {
            owners.ended(sessionId);
            calls.cancelAll(sessionId);
            streams.ended(sessionId);
        }
    }

    private static String connectionId(HttpServletRequest request) {
        jakarta.servlet.ServletConnection connection = request.getServletConnection();
        return connection == null ? null : connection.getConnectionId();
    }

    /**
     * A client that lost an SSE stream reconnects: what it missed, then what comes next on that stream, until
     * the stream's answer. A position that is not this session's, or whose events are gone, is 404.
     */
    private void resume(HttpServletRequest request, HttpServletResponse response, String sessionId, String lastEventId)
            throws IOException {
        Optional<SseStreams.Position> position = streams.position(sessionId, lastEventId);
        if (position.isEmpty()) {
            refuse(request, response, 404, -32600, "event stream not found: send the request again");
            return;
        }
        response.setStatus(200);
        response.setContentType("text/event-stream");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-cache");
        jakarta.servlet.AsyncContext async = request.startAsync();
        async.setTimeout(RESUMED_STREAM_TIMEOUT_MS);
        SseStream.Sink sink = ResumableResponse.clientSink(response.getWriter(), async::complete);
        if (!position.get().resume(sink)) {
            sink.end();
        }
    }

    /**
     * Answers a refusal after reading what the client still sends of its body (at most
     * {@link #drainLimit()} bytes): closing a connection with unread bytes resets it, and the reset can destroy
     * the refusal before the client reads it.
     */
    private void refuse(HttpServletRequest request, HttpServletResponse response, int status, int code, String message)
            throws IOException {
        long declared = request.getContentLengthLong();
        long drainLimit = drainLimit();
        if (declared != 0 && declared <= drainLimit) {
            try {
                java.io.InputStream in = request.getInputStream();
                byte[] sink = new byte[8192];
                long read = 0;
                int n;
                while (read <= drainLimit && (n = in.read(sink)) > 0) {
                    read += n;
                }
            } catch (IOException | IllegalStateException gone) {
                // the client went away or the body was read already: nothing left to protect
            }
        }
        write(
                response,
                status,
                JsonRpcFraming.error(com.fasterxml.jackson.databind.node.NullNode.instance, code, message));
    }

    private static void write(HttpServletResponse response, int status, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}

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
    private final java.util.Set<String> tools;
    private final long maxRequestBytes;
    private final Transport transport;
    private final SessionOwners owners = new SessionOwners();

    public StreamableEndpoint(
            HttpGuard guard,
            InFlightCalls calls,
            java.util.Set<String> tools,
            long maxRequestBytes,
            Transport transport) {
        this.tools = tools;
        this.guard = guard;
        this.calls = calls;
        this.maxRequestBytes = maxRequestBytes;
        this.transport = transport;
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
            refuse(response, refusal.get().status(), -32600, refusal.get().message());
            return;
        }
        String version = request.getHeader("MCP-Protocol-Version");
        if (version != null && !StdioSession.PROTOCOL_VERSIONS.contains(version.strip())) {
            refuse(response, 400, -32600, "unsupported MCP-Protocol-Version");
            return;
        }
        String owner = SessionOwners.owner(
                HttpGuard.presentedToken(
                        request.getHeader("Authorization"), request.getHeader("X-PeekabooX-MCP-Token")),
                LoopbackPeer.uid(request.getLocalPort(), request.getRemotePort()));
        String sessionId = request.getHeader("Mcp-Session-Id");
        if (sessionId != null && !owners.mayUse(sessionId, owner)) {
            refuse(response, 404, -32600, "session not found: initialize a new session");
            return;
        }
        HttpServletRequest forwarded = request;
        if ("POST".equals(request.getMethod())) {
            byte[] body;
            try {
                body = BufferedBody.read(request, maxRequestBytes);
            } catch (BufferedBody.TooLarge e) {
                refuse(response, 413, -32600, "request body too large");
                return;
            }
            JsonRpcFraming.Outcome outcome = JsonRpcFraming.frame(new String(body, StandardCharsets.UTF_8), tools);
            if (outcome instanceof JsonRpcFraming.Refuse refused) {
                // a malformed message is a bad request; an error answering a readable request (an unknown tool)
                // is that request's JSON-RPC response
                write(response, refused.errorJson().contains("\"id\":null") ? 400 : 200, refused.errorJson());
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
        }
        FixedErrorResponse guarded = new FixedErrorResponse(response);
        transport.service(forwarded, guarded);
        if (!request.isAsyncStarted()) {
            guarded.finish();
        }
        if (guarded.sessionId() != null && guarded.status() < 400) {
            owners.created(guarded.sessionId(), owner);
        }
        if ("DELETE".equals(request.getMethod()) && sessionId != null && guarded.status() < 400) {
            owners.ended(sessionId);
            calls.cancelAll(sessionId);
        }
    }

    private static void refuse(HttpServletResponse response, int status, int code, String message) throws IOException {
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

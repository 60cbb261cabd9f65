package org.praefectus.mcp.server;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * Wraps the response the SDK's Streamable HTTP transport writes. When the SDK refuses a request (4xx/5xx) it
 * writes its serialized exception as the body: stack trace, class names, library versions and whatever the
 * client sent. That body is discarded and {@link #finish()} writes a fixed JSON-RPC error instead; the status
 * (404 for an unknown session, 400 for a bad request) is the SDK's.
 */
public final class FixedErrorResponse extends HttpServletResponseWrapper {

    private int status = SC_OK;
    private String sessionId;

    public FixedErrorResponse(HttpServletResponse response) {
        super(response);
    }

    @Override
    public void setStatus(int sc) {
        status = sc;
        super.setStatus(sc);
    }

    @Override
    public void setHeader(String name, String value) {
        remember(name, value);
        super.setHeader(name, value);
    }

    @Override
    public void addHeader(String name, String value) {
        remember(name, value);
        super.addHeader(name, value);
    }

    private void remember(String name, String value) {
        if ("Mcp-Session-Id".equalsIgnoreCase(name)) {
            sessionId = value;
        }
    }

    /** The session id the SDK gave this response (an initialize), or {@code null}. */
    public String sessionId() {
        return sessionId;
    }

    /** The status the SDK set. */
    public int status() {
        return status;
    }

    /* sendError would let the container write its own error page (URL, status) and commit the response */
    @Override
    public void sendError(int sc) {
        setStatus(sc);
    }

    @Override
    public void sendError(int sc, String ignored) {
        setStatus(sc);
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        return refused() ? new PrintWriter(Writer.nullWriter()) : super.getWriter();
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
        return refused() ? Discarding.INSTANCE : super.getOutputStream();
    }

    private boolean refused() {
        return status >= 400;
    }

    /** Writes the fixed body if the SDK refused the request. Call after the transport returned. */
    public void finish() throws IOException {
        if (!refused() || isCommitted()) {
            return;
        }
        String message = switch (status) {
            case SC_NOT_FOUND -> "session not found: initialize a new session";
            case SC_BAD_REQUEST -> "bad request";
            case SC_METHOD_NOT_ALLOWED -> "method not allowed";
            case SC_REQUEST_ENTITY_TOO_LARGE -> "request body too large";
            default -> "request refused";
        };
        HttpServletResponse response = (HttpServletResponse) getResponse();
        response.resetBuffer();
        response.setContentType("application/json");
        byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":" + (status >= 500 ? -32603 : -32600)
                        + ",\"message\":\"" + message + "\"}}")
                .getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    private static final class Discarding extends ServletOutputStream {
        static final Discarding INSTANCE = new Discarding();

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setWriteListener(WriteListener listener) {
            // writes never block
        }

        @Override
        public void write(int b) {
            // discarded: the SDK's error body
        }
    }
}

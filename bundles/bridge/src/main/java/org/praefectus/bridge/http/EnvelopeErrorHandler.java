package org.praefectus.bridge.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * The errors Jetty itself answers before any filter or route sees the request (a malformed request line,
 * URI or percent-encoding, a duplicate Host header, a URI or head over the limits, a broken body), in the
 * contract's envelope instead of Jetty's HTML page: Praetor's client parses every answer as JSON.
 */
public final class EnvelopeErrorHandler extends ErrorHandler {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Jetty's reason is echoed, cut to this length and to printable ASCII. */
    private static final int MAX_REASON = 200;

    @Override
    public boolean errorPageForMethod(String method) {
        return true; // an unknown or unusual method gets its envelope like GET does
    }

    @Override
    protected void generateResponse(
            Request request, Response response, int status, String message, Throwable cause, Callback callback)
            throws IOException {
        byte[] body = body(status, message);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    /** The answer when Jetty cannot even build a request (it writes the bytes itself). */
    @Override
    @SuppressWarnings("removal") // deprecated in Jetty 12, which still calls it for a request it cannot parse
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(HttpHeader.CONTENT_TYPE, "application/json");
        return ByteBuffer.wrap(body(status, reason));
    }

    static byte[] body(int status, String reason) {
        try {
            return JSON.writeValueAsBytes(Envelope.failure(code(status), message(status, reason)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of strings always serialises", e);
        }
    }

    /** The bridge's error code for an HTTP status Jetty chose. */
    static String code(int status) {
        return switch (status) {
            case 401 -> "unauthorized";
            case 403 -> "forbidden";
            case 404 -> "not_found";
            case 405 -> "method_not_allowed";
            case 408 -> "request_timeout";
            case 413 -> "payload_too_large";
            case 414 -> "uri_too_long";
            case 415 -> "unsupported_media_type";
            case 431 -> "headers_too_large";
            case 501 -> "not_implemented";
            case 503 -> "unavailable";
            case 505 -> "http_version_not_supported";
            default -> status >= 500 ? "internal_error" : "bad_request";
        };
    }

    private static String message(int status, String reason) {
        String text = reason == null || reason.isBlank() ? HttpStatus.getMessage(status) : reason;
        StringBuilder clean = new StringBuilder();
        text.codePoints().filter(c -> c >= 0x20 && c < 0x7f).limit(MAX_REASON).forEach(clean::appendCodePoint);
        return "The HTTP request was refused: " + clean + ".";
    }
}

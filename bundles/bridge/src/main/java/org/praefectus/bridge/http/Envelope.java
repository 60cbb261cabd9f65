package org.praefectus.bridge.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;

/** The contract's {@code {"ok","data","error"}} envelope, written to a servlet response. */
final class Envelope {

    private Envelope() {}

    static void ok(ObjectMapper json, HttpServletResponse response, Object data) throws IOException {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("ok", true);
        envelope.put("data", data);
        envelope.put("error", null);
        send(json, response, 200, envelope);
    }

    static void error(ObjectMapper json, HttpServletResponse response, int status, String code, String message)
            throws IOException {
        if (status == 401) {
            response.setHeader("WWW-Authenticate", "Bearer");
        }
        if (status == 413) {
            // the unread body makes the connection unusable: say so, or a keep-alive client reuses it and
            // its next request meets a closed socket
            response.setHeader("Connection", "close");
        }
        send(json, response, status, failure(code, message));
    }

    /** {@code {"ok":false,"data":null,"error":{"code","message"}}}. */
    static Map<String, Object> failure(String code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("ok", false);
        envelope.put("data", null);
        envelope.put("error", error);
        return envelope;
    }

    private static void send(ObjectMapper json, HttpServletResponse response, int status, Object body)
            throws IOException {
        byte[] bytes = json.writeValueAsBytes(body);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setContentLength(bytes.length);
        try (OutputStream out = response.getOutputStream()) {
            out.write(bytes);
        }
    }
}

package org.praefectus.daemon.ipc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** The envelope every reply is: {@code {"ok":true,"data":…}} or {@code {"ok":false,"error":{code,message}}}. */
final class Replies {

    static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private Replies() {}

    static byte[] success(Object data) {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("ok", true);
        envelope.put("data", data);
        return write(envelope);
    }

    static byte[] failure(String code, String message) {
        return failure(code, message, null);
    }

    /** An error envelope with what was found before the failure as {@code details} (left out when {@code null}). */
    static byte[] failure(String code, String message, Object details) {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("ok", false);
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code); // first, as the CLI writes it: clients tell usage errors apart by prefix
        error.put("message", message);
        if (details != null) {
            error.put("details", details);
        }
        envelope.put("error", error);
        return write(envelope);
    }

    /** {@code envelope} with the request's {@code id} added at its end, so clients can match replies. */
    static byte[] withId(byte[] envelope, JsonNode id) {
        if (id == null || id.isNull() || id.isMissingNode()) {
            return envelope;
        }
        int end = envelope.length - 1;
        while (end > 0 && envelope[end] != '}') {
            end--;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(envelope.length + 32);
        out.write(envelope, 0, end);
        out.writeBytes((",\"id\":" + id).getBytes(StandardCharsets.UTF_8));
        out.write('}');
        return out.toByteArray();
    }

    private static byte[] write(Map<String, Object> envelope) {
        try {
            return JSON.writeValueAsBytes(envelope);
        } catch (com.fasterxml.jackson.core.JsonProcessingException unserializable) {
            return "{\"ok\":false,\"error\":{\"code\":\"serialization_error\",\"message\":\"the reply could not be serialized\"}}"
                    .getBytes(StandardCharsets.UTF_8);
        }
    }
}

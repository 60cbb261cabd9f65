package org.praefectus.daemon.grpc;

import com.fasterxml.jackson.databind.JsonNode;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.util.Map;

/** A daemon reply envelope as gRPC sees it: its {@code data}, or a status carrying the envelope's error. */
final class Envelopes {

    /** The daemon's error codes that mean something more precise than FAILED_PRECONDITION. */
    private static final Map<String, Status.Code> CODES = Map.ofEntries(
            Map.entry("usage", Status.Code.INVALID_ARGUMENT),
            Map.entry("invalid_request", Status.Code.INVALID_ARGUMENT),
            Map.entry("invalid_json", Status.Code.INVALID_ARGUMENT),
            Map.entry("invalid_options", Status.Code.INVALID_ARGUMENT),
            Map.entry("invalid_proposal", Status.Code.INVALID_ARGUMENT),
            Map.entry("unknown_tag", Status.Code.INVALID_ARGUMENT),
            Map.entry("unsupported_field", Status.Code.INVALID_ARGUMENT),
            Map.entry("invalid_selector", Status.Code.INVALID_ARGUMENT),
            Map.entry("invalid_regex", Status.Code.INVALID_ARGUMENT),
            Map.entry("out_of_bounds", Status.Code.OUT_OF_RANGE),
            Map.entry("runtime_unavailable", Status.Code.UNAVAILABLE),
            Map.entry("unsupported", Status.Code.UNIMPLEMENTED),
            Map.entry("unknown_method", Status.Code.UNIMPLEMENTED),
            Map.entry("input_not_allowed", Status.Code.PERMISSION_DENIED),
            Map.entry("plugins_not_allowed", Status.Code.PERMISSION_DENIED),
            Map.entry("profile_denied", Status.Code.PERMISSION_DENIED),
            Map.entry("executor_unavailable", Status.Code.UNAVAILABLE),
            Map.entry("engine_unavailable", Status.Code.UNAVAILABLE),
            Map.entry("observation_error", Status.Code.UNAVAILABLE),
            Map.entry("vision_unavailable", Status.Code.UNAVAILABLE),
            Map.entry("internal_error", Status.Code.INTERNAL),
            Map.entry("serialization_error", Status.Code.INTERNAL));

    private Envelopes() {}

    /** The envelope's data, or the status its error maps to ({@code code: message} as description). */
    static JsonNode data(byte[] envelope) {
        JsonNode reply;
        try {
            reply = ProtoJson.JSON.readTree(envelope);
        } catch (IOException e) {
            throw Status.INTERNAL
                    .withDescription("the daemon's reply is not JSON")
                    .asRuntimeException();
        }
        if (reply.path("ok").asBoolean(false)) {
            return reply.path("data");
        }
        String code = reply.at("/error/code").asText("internal_error");
        String message = reply.at("/error/message").asText("");
        throw failure(code, message);
    }

    static StatusRuntimeException failure(String code, String message) {
        return Status.fromCode(CODES.getOrDefault(code, Status.Code.FAILED_PRECONDITION))
                .withDescription(code + ": " + message)
                .asRuntimeException();
    }
}

package org.praefectus.remote;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.canonical.JsonFormatException;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.JsonValue.JsonArray;
import org.praefectus.api.canonical.JsonValue.JsonObject;
import org.praefectus.api.canonical.JsonValue.JsonString;
import org.praefectus.api.canonical.StrictJsonParser;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SurfaceDescriptor;

/**
 * The executor SPI's values that the protocol's JSON does not name on its own: capabilities (their Jackson
 * binding, as the CLI prints them), an observation, a dispatch receipt, a list of surfaces.
 */
final class WireCodec {

    private static final ObjectMapper JSON = new ObjectMapper();

    private WireCodec() {}

    static JsonValue encode(Capabilities capabilities) {
        try {
            return StrictJsonParser.parse(JSON.writeValueAsBytes(capabilities), ProtocolJson.MAX_MESSAGE_BYTES);
        } catch (IOException | JsonFormatException e) {
            throw new IllegalStateException("capabilities do not serialize", e);
        }
    }

    static Capabilities capabilities(JsonValue data) throws ExecutorException {
        try {
            return JSON.readValue(Wire.bytes(data), Capabilities.class);
        } catch (IOException | RuntimeException e) {
            throw malformed();
        }
    }

    static JsonValue encode(Observation observation) {
        return JsonObject.builder()
                .put("evidence", ProtocolJson.encode(observation.evidence()))
                .put("state", observation.state())
                .build();
    }

    static Observation observation(JsonValue data) throws ExecutorException {
        if (!(data instanceof JsonObject object) || object.members().get("state") == null) {
            throw malformed();
        }
        try {
            return new Observation(
                    ProtocolJson.parseEvidence(Wire.bytes(object.members().get("evidence"))),
                    object.members().get("state"));
        } catch (ProtocolException | RuntimeException e) {
            throw malformed();
        }
    }

    static JsonValue encode(DispatchReceipt receipt) {
        List<JsonValue> chain = new ArrayList<>();
        receipt.fallbackChain().forEach(step -> chain.add(new JsonString(step)));
        return JsonObject.builder()
                .put("backend", receipt.backend())
                .put("fallback_chain", new JsonArray(chain))
                .build();
    }

    /** @return the receipt, or {@code null} when the answer is not one */
    static DispatchReceipt receipt(JsonValue data) {
        if (!(data instanceof JsonObject object)
                || !(object.members().get("fallback_chain") instanceof JsonArray chain)
                || Wire.string(object, "backend") == null) {
            return null;
        }
        List<String> steps = new ArrayList<>();
        for (JsonValue step : chain.elements()) {
            if (!(step instanceof JsonString text)) {
                return null;
            }
            steps.add(text.value());
        }
        return new DispatchReceipt(Wire.string(object, "backend"), steps);
    }

    static JsonValue encode(List<SurfaceDescriptor> surfaces) {
        List<JsonValue> encoded = new ArrayList<>();
        surfaces.forEach(surface -> encoded.add(ProtocolJson.encode(surface)));
        return new JsonArray(encoded);
    }

    static List<SurfaceDescriptor> surfaces(JsonValue data) throws ExecutorException {
        if (!(data instanceof JsonArray array)) {
            throw malformed();
        }
        List<SurfaceDescriptor> surfaces = new ArrayList<>();
        try {
            for (JsonValue surface : array.elements()) {
                surfaces.add(ProtocolJson.parseSurfaceDescriptor(Wire.bytes(surface)));
            }
        } catch (ProtocolException e) {
            throw malformed();
        }
        return surfaces;
    }

    static ExecutorException malformed() {
        return new ExecutorException(ExecutorFailure.UNAVAILABLE, "remote executor answered malformed json");
    }
}

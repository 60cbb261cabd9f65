package org.praefectus.remote;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonFormatException;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.JsonValue.JsonObject;
import org.praefectus.api.canonical.JsonValue.JsonString;
import org.praefectus.api.canonical.StrictJsonParser;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.ProtocolJson;

/**
 * The envelope every {@link org.praefectus.remote.api.RemoteExecutor} answer travels in, written and read
 * with the protocol's own strict JSON: {@code {"ok":true,"data":…}} or {@code {"ok":false,"error":{…}}}.
 */
final class Wire {

    private Wire() {}

    static String ok(JsonValue data) {
        return text(JsonObject.builder().put("ok", true).put("data", data).build());
    }

    static String error(ExecutorException failure) {
        return error(failure.failure().code(), failure.getMessage(), null);
    }

    static String error(ExecutorFailure failure, String message) {
        return error(failure.code(), message, null);
    }

    static String error(DispatchException failure) {
        return error(
                failure.code().name().toLowerCase(Locale.ROOT),
                failure.getMessage(),
                failure.effect().name().toLowerCase(Locale.ROOT));
    }

    private static String error(String code, String message, String effect) {
        JsonObject.Builder error = JsonObject.builder().put("code", code).put("message", message);
        if (effect != null) {
            error.put("effect", effect);
        }
        return text(JsonObject.builder()
                .put("ok", false)
                .put("error", error.build())
                .build());
    }

    /** The {@code data} of an answer, or the executor failure it reports. */
    static JsonValue data(String answer) throws ExecutorException {
        JsonObject envelope = envelope(answer);
        if (envelope == null) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "remote executor answered malformed json");
        }
        if (isOk(envelope)) {
            return envelope.members().get("data");
        }
        JsonObject error = (JsonObject) envelope.members().get("error");
        throw new ExecutorException(failure(string(error, "code")), message(error));
    }

    /** The {@code data} of a dispatch answer, or the dispatch failure it reports (unknown when unreadable). */
    static JsonValue dispatchData(String answer) throws DispatchException {
        JsonObject envelope = envelope(answer);
        if (envelope == null) {
            throw DispatchException.ambiguous("remote executor answered malformed json after dispatch");
        }
        if (isOk(envelope)) {
            return envelope.members().get("data");
        }
        JsonObject error = (JsonObject) envelope.members().get("error");
        EffectKnowledge effect = effect(string(error, "effect"));
        FailureCode code = failureCode(string(error, "code"));
        if (effect == null || code == null) {
            throw DispatchException.ambiguous("remote executor answered an unknown dispatch failure");
        }
        throw new DispatchException(effect, code, message(error));
    }

    static JsonValue parse(String json) throws ExecutorException {
        try {
            return StrictJsonParser.parse(json.getBytes(StandardCharsets.UTF_8), ProtocolJson.MAX_MESSAGE_BYTES);
        } catch (JsonFormatException e) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "remote executor call is malformed json");
        }
    }

    static String text(JsonValue value) {
        return new String(CanonicalJson.compact(value), StandardCharsets.UTF_8);
    }

    static byte[] bytes(JsonValue value) {
        return CanonicalJson.compact(value);
    }

    static String string(JsonObject object, String key) {
        return object.members().get(key) instanceof JsonString value ? value.value() : null;
    }

    private static JsonObject envelope(String answer) {
        if (answer == null) {
            return null;
        }
        try {
            JsonValue value =
                    StrictJsonParser.parse(answer.getBytes(StandardCharsets.UTF_8), ProtocolJson.MAX_MESSAGE_BYTES * 4);
            if (value instanceof JsonObject envelope
                    && envelope.members().get("ok") instanceof JsonValue.JsonBoolean
                    && (isOk(envelope)
                            ? envelope.members().containsKey("data")
                            : envelope.members().get("error") instanceof JsonObject)) {
                return envelope;
            }
            return null;
        } catch (JsonFormatException e) {
            return null;
        }
    }

    private static boolean isOk(JsonObject envelope) {
        return ((JsonValue.JsonBoolean) envelope.members().get("ok")).value();
    }

    private static String message(JsonObject error) {
        String message = string(error, "message");
        return message == null ? "remote executor failed" : message;
    }

    private static ExecutorFailure failure(String code) {
        for (ExecutorFailure failure : ExecutorFailure.values()) {
            if (failure.code().equals(code)) {
                return failure;
            }
        }
        return ExecutorFailure.UNAVAILABLE;
    }

    private static EffectKnowledge effect(String name) {
        for (EffectKnowledge effect : EffectKnowledge.values()) {
            if (effect.name().toLowerCase(Locale.ROOT).equals(name)) {
                return effect;
            }
        }
        return null;
    }

    private static FailureCode failureCode(String name) {
        for (FailureCode code : FailureCode.values()) {
            if (code.name().toLowerCase(Locale.ROOT).equals(name)) {
                return code;
            }
        }
        return null;
    }
}

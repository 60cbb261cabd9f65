package org.praefectus.api.protocol;

import static java.util.Objects.requireNonNull;

/**
 * A refusal as it appears in a JSON envelope: {@code {"code": ..., "message": ...}}. Messages never quote
 * input content, which may be secret.
 *
 * @param code    stable snake_case code
 * @param message human-readable reason
 */
public record ProtocolError(String code, String message) {
    public ProtocolError {
        requireNonNull(code, "code");
        requireNonNull(message, "message");
    }
}

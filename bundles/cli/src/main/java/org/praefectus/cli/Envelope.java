package org.praefectus.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** The one JSON object every command writes: {@code {"ok":true,"data":…}} or {@code {"ok":false,"error":…}}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
record Envelope(
        @JsonProperty("ok") boolean ok,
        @JsonProperty("data") Object data,
        @JsonProperty("error") Error error) {

    record Error(
            @JsonProperty("code") String code,
            @JsonProperty("message") String message) {}

    static Envelope success(Object data) {
        return new Envelope(true, data, null);
    }

    static Envelope failure(String code, String message) {
        return new Envelope(false, null, new Error(code, message));
    }
}

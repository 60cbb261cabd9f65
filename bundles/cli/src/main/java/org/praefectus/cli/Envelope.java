package org.praefectus.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The one JSON object every command writes: {@code {"ok":true,"data":…}} (with {@code "data":null} when
 * there is nothing, as the reference) or {@code {"ok":false,"error":{"code":…,"message":…}}}, the error with {@code "details"} when the command
 * has a result to show with its failure.
 */
sealed interface Envelope {

    /** A success: {@code data} is always written, also when null. */
    record Success(
            @JsonProperty("ok") boolean ok,

            @JsonProperty("data") @JsonInclude(JsonInclude.Include.ALWAYS)
            Object data) implements Envelope {}

    /** A failure: the error only. */
    record Failure(
            @JsonProperty("ok") boolean ok,
            @JsonProperty("error") ErrorReport error) implements Envelope {}

    /** The error; {@code details} (what a failed check found) only when the command gave some. */
    record ErrorReport(
            @JsonProperty("code") String code,
            @JsonProperty("message") String message,

            @JsonProperty("details") @JsonInclude(JsonInclude.Include.NON_NULL)
            Object details) {}

    static Envelope success(Object data) {
        return new Success(true, data);
    }

    static Envelope failure(String code, String message) {
        return new Failure(false, new ErrorReport(code, message, null));
    }

    static Envelope failure(String code, String message, Object details) {
        return new Failure(false, new ErrorReport(code, message, details));
    }
}

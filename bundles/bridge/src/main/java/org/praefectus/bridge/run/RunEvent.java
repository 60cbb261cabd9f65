package org.praefectus.bridge.run;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/** One event of a run, in the contract's shape ({@code seq, type, ts, run_id, data}). */
public record RunEvent(
        @JsonProperty("seq") long seq,
        @JsonProperty("type") String type,
        @JsonProperty("ts") String ts,
        @JsonProperty("run_id") String runId,
        @JsonProperty("data") Map<String, Object> data) {

    public RunEvent {
        data = data == null ? Map.of() : data;
    }
}

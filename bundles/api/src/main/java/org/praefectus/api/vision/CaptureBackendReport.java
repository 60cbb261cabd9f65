package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Map;

/**
 * The answer of {@link CaptureBackendInspector#inspect}, written as its JSON document.
 *
 * @param data        PeekabooX's capture-backends document: {@code session_type}, {@code format},
 *                    {@code selected_backend}, {@code pipewire_session_available}, {@code image_backends},
 *                    {@code zero_copy_backends}, {@code diagnose}, {@code probes}, {@code warnings}…
 * @param probeFailed whether a probe failed (a surface then reports {@link CaptureBackendInspector#PROBE_FAILED}
 *                    with this report as details)
 */
public record CaptureBackendReport(Map<String, Object> data, boolean probeFailed) {

    public CaptureBackendReport {
        data = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(data));
    }

    /** The JSON form: the document itself. */
    @Override
    @JsonValue
    public Map<String, Object> data() {
        return data;
    }
}

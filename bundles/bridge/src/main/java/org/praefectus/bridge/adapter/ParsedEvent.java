package org.praefectus.bridge.adapter;

import java.util.Map;

/** A bridge event derived from one line of CLI output: its type and its data object. */
public record ParsedEvent(String type, Map<String, Object> data) {

    public ParsedEvent {
        data = data == null ? Map.of() : data;
    }
}

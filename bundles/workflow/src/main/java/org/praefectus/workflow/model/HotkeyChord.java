package org.praefectus.workflow.model;

import java.util.Arrays;
import java.util.List;

/** A hotkey step's {@code value}: a chord written as PeekabooX writes it, keys joined by {@code +}. */
public final class HotkeyChord {

    private HotkeyChord() {}

    /** The chord's keys in order, blanks dropped. */
    public static List<String> keys(String value) {
        return Arrays.stream(value.split("\\+"))
                .map(String::strip)
                .filter(key -> !key.isEmpty())
                .toList();
    }
}

package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonValue;

/** The order of detected elements. */
public enum UiElementSort {
    /** Top to bottom, then left to right. The default. */
    POSITION("position"),
    /** Largest first. */
    AREA("area"),
    /** Most confident first. */
    CONFIDENCE("confidence");

    private final String wireName;

    UiElementSort(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** @throws VisionException {@code invalid_options} for an unknown name */
    public static UiElementSort parse(String name) {
        for (UiElementSort sort : values()) {
            if (sort.wireName.equals(name)) {
                return sort;
            }
        }
        throw new VisionException(VisionException.INVALID_OPTIONS, "the sort is one of position, area, confidence");
    }
}

package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonValue;

/** Whether the alpha channel takes part in a comparison. */
public enum AlphaMode {
    /** Compare red, green and blue only. The default. */
    IGNORE("ignore"),
    /** Compare alpha too; a format without alpha counts as opaque (255). */
    COMPARE("compare");

    private final String wireName;

    AlphaMode(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** @throws VisionException {@code invalid_options} for an unknown name */
    public static AlphaMode parse(String name) {
        for (AlphaMode mode : values()) {
            if (mode.wireName.equals(name)) {
                return mode;
            }
        }
        throw new VisionException(VisionException.INVALID_OPTIONS, "the alpha mode is ignore or compare");
    }
}

package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonValue;

/** What a comparison does when the two frames differ in size. */
public enum SizePolicy {
    /** Refuse with {@code size_mismatch}. The default. */
    ERROR("error"),
    /** Compare the top-left area both frames share. */
    COMMON_REGION("common-region"),
    /** Scale the actual frame to the expected frame's size (nearest neighbour), then compare. */
    RESIZE_ACTUAL("resize-actual");

    private final String wireName;

    SizePolicy(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** @throws VisionException {@code invalid_options} for an unknown name */
    public static SizePolicy parse(String name) {
        for (SizePolicy policy : values()) {
            if (policy.wireName.equals(name)) {
                return policy;
            }
        }
        throw new VisionException(
                VisionException.INVALID_OPTIONS, "the size policy is one of error, common-region, resize-actual");
    }
}

package org.praefectus.api.desktop;

/**
 * What an assertion requires of a profile target: that it exists (or not), and optionally that its best match has
 * ({@code state}) or lacks ({@code notState}) an AT-SPI state ({@code focused} is PeekabooX's {@code active}).
 */
public record ProfileExpectation(boolean exists, String state, String notState) {

    /** The target is there. */
    public static final ProfileExpectation PRESENT = new ProfileExpectation(true, null, null);
}

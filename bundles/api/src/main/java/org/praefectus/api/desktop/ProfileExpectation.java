package org.praefectus.api.desktop;

/**
 * What an assertion requires of a profile target: that it exists (or not), optionally that its best match has
 * ({@code state}) or lacks ({@code notState}) an AT-SPI state ({@code focused} is PeekabooX's {@code active}), and
 * optionally that the text of the target (read over accessibility, as {@link DesktopService#readText} reads it)
 * contains ({@code contains}) or does not contain ({@code notContains}) a text, ignoring case as PeekabooX's
 * {@code contains} / {@code not_contains} assertions do.
 *
 * @since 1.6 (the text conditions)
 */
public record ProfileExpectation(boolean exists, String state, String notState, String contains, String notContains) {

    /** The target is there. */
    public static final ProfileExpectation PRESENT = new ProfileExpectation(true, null, null);

    public ProfileExpectation {
        if ((contains != null && contains.isEmpty()) || (notContains != null && notContains.isEmpty())) {
            throw new IllegalArgumentException("a text assertion needs a text to look for");
        }
    }

    /** The existence and state conditions alone. */
    public ProfileExpectation(boolean exists, String state, String notState) {
        this(exists, state, notState, null, null);
    }

    /** Whether the target's text is read for this expectation. */
    public boolean readsText() {
        return contains != null || notContains != null;
    }

    @Override
    public String toString() {
        // the texts looked for may be anything a person typed: never shown
        return "ProfileExpectation[exists=" + exists + ", state=" + state + ", notState=" + notState + ", text="
                + (readsText() ? "redacted" : "none") + "]";
    }
}

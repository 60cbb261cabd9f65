package org.praefectus.api.protocol;

/** What an {@code application} action does, the reference's fixed set. */
public enum ApplicationOperation {
    /** Start the application. */
    LAUNCH,
    /** Bring the running application to the front. */
    SWITCH,
    /** Ask the application to quit. */
    QUIT
}

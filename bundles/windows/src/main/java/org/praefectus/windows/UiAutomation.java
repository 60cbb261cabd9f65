package org.praefectus.windows;

/** The narrow seam to UI Automation, so everything above it is tested on any OS. */
interface UiAutomation {

    /** Whether a {@code CUIAutomation} object can be created in this process. */
    boolean available();
}

package org.praefectus.linux.executor;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import org.praefectus.api.protocol.SessionIsolation;

/**
 * What the host configures for the Linux executor.
 *
 * @param sessionIsolation    the isolation of this desktop session, as the host knows it
 * @param screenshotDirectory the host-owned directory {@code screenshot} writes PNG files into (created
 *                            0700 when missing)
 * @param emergencyHotkey     whether a runtime that may send input grabs Ctrl+Alt+Esc as the emergency stop
 */
public record ExecutorSettings(SessionIsolation sessionIsolation, Path screenshotDirectory, boolean emergencyHotkey) {
    public ExecutorSettings {
        requireNonNull(sessionIsolation, "sessionIsolation");
        requireNonNull(screenshotDirectory, "screenshotDirectory");
    }

    /** Settings with the emergency hotkey on, the configuration's default. */
    public ExecutorSettings(SessionIsolation sessionIsolation, Path screenshotDirectory) {
        this(sessionIsolation, screenshotDirectory, true);
    }
}

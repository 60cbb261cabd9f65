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
 */
public record ExecutorSettings(SessionIsolation sessionIsolation, Path screenshotDirectory) {
    public ExecutorSettings {
        requireNonNull(sessionIsolation, "sessionIsolation");
        requireNonNull(screenshotDirectory, "screenshotDirectory");
    }
}

package org.praefectus.api.vision;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Captures the screen. Implemented by platform bundles (the Linux executor through X11); the vision
 * bundle's live OCR and capture streams use whichever one is registered.
 */
@ConsumerType
public interface ScreenCapture {

    /** The whole screen in screen coordinates. */
    Region screenBounds();

    /**
     * Captures the screen, or {@code region} of it (screen coordinates) when not {@code null}.
     *
     * @throws VisionException {@code invalid_region} when the region is outside the screen,
     *                         {@code capture_unavailable} when capturing fails
     */
    Frame capture(Region region);

    /**
     * The name of the backend that serves {@link #capture} now (as {@code capture-backends} names it, e.g.
     * {@code x11-shm}, {@code xdg-desktop-portal}), for the metadata a capture reports.
     *
     * @since 1.2
     */
    default String backendName() {
        return "unknown";
    }
}

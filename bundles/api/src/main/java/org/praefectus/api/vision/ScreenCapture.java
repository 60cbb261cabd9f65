package org.praefectus.api.vision;

import java.util.Optional;
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

    /**
     * Whether a capture of {@code region} (screen coordinates) shows the window {@code windowId} (its ID as the
     * desktop service lists it) or, where other windows are stacked over it, theirs: the {@code occluded} warning
     * every surface that captures a window reports, read from the stacking order now (ask right after capturing).
     * The Linux capture reads the X stacking; a capture that cannot see other windows (this default, a
     * window ID that is no X window, a Wayland session, where window captures are refused) answers empty.
     *
     * @throws VisionException {@code invalid_region} when the window is not on the screen,
     *                         {@code capture_unavailable} when the stacking cannot be read
     * @since 1.4
     */
    default Optional<Occlusion> occlusion(String windowId, Region region) {
        return Optional.empty();
    }
}

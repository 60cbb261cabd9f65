package org.praefectus.api.desktop;

import org.osgi.annotation.versioning.ProviderType;
import org.praefectus.api.executor.CancellationToken;

/**
 * A screenshot of the screen, a region or one window, as every surface takes it ({@code capture} on the CLI and the
 * daemon's socket): the window found by ID or by its filters, the region relative to it, the frame captured by the
 * platform's screen capture, written as a new PNG file (0600) when asked, and PeekabooX's capture metadata.
 * Provided by the platform bundle.
 */
@ProviderType
public interface DesktopCapture {

    /**
     * @throws DesktopException {@code window_not_found}, {@code ambiguous_window}, {@code invalid_region} (the region
     *                          leaves the window), {@code capture_error} (the file cannot be created: it must not
     *                          exist, its folder must), the capture's own codes ({@code capture_unavailable}…),
     *                          {@code observation_error} for the semantic tree
     */
    Screenshot capture(CaptureRequest request, CancellationToken cancellation) throws DesktopException;
}

package org.praefectus.macos;

/**
 * The privacy permissions macOS grants this process. The narrow seam between the platform facts and the
 * native calls, so everything above it is tested on any OS.
 */
interface MacPermissions {

    /** Whether the process is trusted for Accessibility ({@code AXIsProcessTrusted}). */
    boolean accessibility();

    /** Whether the process may record the screen ({@code CGPreflightScreenCaptureAccess}). */
    boolean screenRecording();
}

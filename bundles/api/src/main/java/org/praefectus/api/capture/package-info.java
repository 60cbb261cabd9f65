/**
 * Screen capture as a service: a platform bundle registers {@link org.praefectus.api.capture.ScreenCapture}
 * (full screen, region, window) and the vision bundle, the CLI and executors use it. Frames are pixels in
 * memory; they never enter a request, receipt, ledger or log.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.praefectus.api.capture;

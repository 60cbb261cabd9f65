package org.praefectus.api.vision;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The platform's image capture backends, as every surface answers {@code capture-backends} ({@code capture_backends}
 * on the daemon's socket and over MCP): which backends this session offers, which one captures, why the others do
 * not, and live probes through the selected one. Provided by the platform bundle that provides {@link ScreenCapture}.
 */
@ProviderType
public interface CaptureBackendInspector {

    /** The error code of a report whose probe failed: a surface reports it as a failure, the report as details. */
    String PROBE_FAILED = "capture_probe_failed";

    /** The backends and the probes {@code query} asks for; a failed probe is part of the report, not an exception. */
    CaptureBackendReport inspect(CaptureBackendQuery query);
}

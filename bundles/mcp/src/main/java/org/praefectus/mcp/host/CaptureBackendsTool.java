package org.praefectus.mcp.host;

import java.util.Map;
import java.util.Set;
import org.praefectus.api.vision.CaptureBackendInspector;
import org.praefectus.api.vision.CaptureBackendQuery;
import org.praefectus.api.vision.CaptureBackendReport;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisionException;

/**
 * {@code capture_backends}: the platform's capture backends and live probes, from its typed
 * {@link CaptureBackendInspector}; a failed probe is the tool error {@code capture_probe_failed} with the report as
 * details. Read-only.
 */
final class CaptureBackendsTool implements Tool {

    private final HostServices services;

    CaptureBackendsTool(HostServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "capture_backends";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, Set.of("diagnose", "probe", "format", "region"));
        CaptureBackendQuery query;
        try {
            String region = ToolArguments.stringArgument(args, "region", false);
            query = CaptureBackendQuery.of(
                    ToolArguments.stringArgument(args, "format", false),
                    null,
                    ToolArguments.stringArgument(args, "probe", false),
                    ToolArguments.boolArgument(args, "diagnose"),
                    region == null ? null : Region.parse(region));
        } catch (VisionException invalid) {
            return PlatformTools.usage(name(), new IllegalArgumentException(invalid.getMessage()));
        } catch (IllegalArgumentException invalid) {
            return PlatformTools.usage(name(), invalid);
        }
        CaptureBackendInspector backends = services.captureBackends().orElse(null);
        if (backends == null) {
            return PlatformTools.unavailable(name());
        }
        CaptureBackendReport report = backends.inspect(query);
        if (report.probeFailed()) {
            return ToolResult.failure(
                    CaptureBackendInspector.PROBE_FAILED,
                    "a capture probe failed",
                    "see the probes in details; run doctor when it names the desktop",
                    true,
                    Map.of("details", report.data()));
        }
        return ToolResult.ok(report.data());
    }
}

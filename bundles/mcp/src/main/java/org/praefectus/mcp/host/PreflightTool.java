package org.praefectus.mcp.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.desktop.DesktopPreflight;
import org.praefectus.api.desktop.PreflightReport;

/**
 * {@code preflight}: the doctor's checks of some categories (and of what an operation needs) from the platform's
 * typed {@link DesktopPreflight}; a blocked category is the tool error {@code preflight_blocked} with the report as
 * details. Read-only.
 */
final class PreflightTool implements Tool {

    private final HostServices services;

    PreflightTool(HostServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "preflight";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, Set.of("categories", "operation"));
        List<String> categories = categories(args.get("categories"));
        String operation = ToolArguments.stringArgument(args, "operation", false);
        DesktopPreflight preflight = services.preflight().orElse(null);
        if (preflight == null) {
            return PlatformTools.unavailable(name());
        }
        PreflightReport report;
        try {
            report = preflight.check(categories, operation);
        } catch (IllegalArgumentException invalid) {
            return PlatformTools.usage(name(), invalid);
        }
        if (report.blocked()) {
            return ToolResult.failure(
                    DesktopPreflight.BLOCKED,
                    "blocked categories: " + report.blockedCategories(),
                    "fix the blocked categories named in details, then run preflight again",
                    true,
                    Map.of("details", report.data()));
        }
        return ToolResult.ok(report.data());
    }

    private static List<String> categories(Object value) {
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List<?> list) || list.size() > 32) {
            throw new ToolArguments.InvalidArgument("categories must be a list of at most 32 strings");
        }
        List<String> categories = new ArrayList<>();
        for (Object item : list) {
            if (!(item instanceof String text) || text.isEmpty() || text.length() > 256) {
                throw new ToolArguments.InvalidArgument("categories must be a list of non-empty strings");
            }
            categories.add(text);
        }
        return categories;
    }
}

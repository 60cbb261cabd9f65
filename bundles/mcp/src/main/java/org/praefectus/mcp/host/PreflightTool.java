package org.praefectus.mcp.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.desktop.DesktopPreflight;
import org.praefectus.api.desktop.PreflightReport;
import org.praefectus.api.host.AuditLine;
import org.praefectus.api.host.AuditLog;

/**
 * {@code preflight}: the doctor's checks of some categories (and of what an operation needs) from the platform's
 * typed {@link DesktopPreflight}; a blocked category is the tool error {@code preflight_blocked} with the report as
 * details. Read-only. Each check is audited as a {@link AuditLine#PREFLIGHT} line (PeekabooX's preflight audit event,
 * read back by {@code preflight_audit}): passed or blocked, the operation, each category's status and the counts of
 * blocked and warning categories; no check's message.
 */
final class PreflightTool implements Tool {

    private final HostServices services;
    private final AuditLog audit;

    PreflightTool(HostServices services, AuditLog audit) {
        this.services = services;
        this.audit = audit;
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
        audit.record(line(report, operation));
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

    /** The audit line of one check: codes and counts only. */
    static AuditLine line(PreflightReport report, String operation) {
        AuditLine line = AuditLine.of(AuditLine.PREFLIGHT, report.blocked() ? "blocked" : "passed")
                .tool("preflight")
                .fact("operation", operation == null ? "none" : operation)
                .fact("blocked", report.blockedCategories().size())
                .fact("warnings", sizeOf(report.data().get("warning_categories")));
        if (report.data().get("categories") instanceof Map<?, ?> categories) {
            categories.forEach((category, summary) -> {
                if (summary instanceof Map<?, ?> fields && fields.get("status") instanceof String status) {
                    line.fact("category_" + category, status);
                }
            });
        }
        return line;
    }

    private static long sizeOf(Object list) {
        return list instanceof List<?> items ? items.size() : 0;
    }
}

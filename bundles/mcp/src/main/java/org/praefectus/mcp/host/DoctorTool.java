package org.praefectus.mcp.host;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.api.protocol.Capabilities;

/**
 * {@code doctor}: PeekabooX-style health checks of what the tools depend on, each with a category, a severity
 * and whether it passed: the session found (display, session bus), the executor and its permissions
 * (accessibility, X11, global input), screen capture, and the operation ledger. Read-only; details are fixed
 * texts and found/not-found facts, never session addresses.
 */
final class DoctorTool implements Tool {

    private final HostServices services;
    private final CapabilityProfile profile;

    DoctorTool(HostServices services, CapabilityProfile profile) {
        this.services = services;
        this.profile = profile;
    }

    @Override
    public String name() {
        return "doctor";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        boolean strict = ToolArguments.boolArgument(args, "strict");
        List<Map<String, Object>> checks = new ArrayList<>();
        Map<String, Object> session = services.desktopSession();
        checks.add(check("display", "desktop", "error", found(session, "display"), "an X display for this user"));
        checks.add(check(
                "session_bus", "desktop", "error", found(session, "session_bus"), "the user's D-Bus session bus"));
        Capabilities capabilities = null;
        try {
            capabilities = services.engine().capabilities();
        } catch (EngineException e) {
            // reported by the checks below
        }
        checks.add(check("executor", "desktop", "error", capabilities != null, "an executor the engine can use"));
        Map<String, Boolean> permissions = capabilities == null ? Map.of() : capabilities.permissions();
        checks.add(check(
                "accessibility",
                "desktop",
                "error",
                Boolean.TRUE.equals(permissions.get("accessibility")),
                "the accessibility bus (AT-SPI) for observation and semantic actions"));
        checks.add(check(
                "x11",
                "input",
                "warning",
                Boolean.TRUE.equals(permissions.get("x11")),
                "a trusted native X server for pointer and keyboard input and coordinate fences"));
        checks.add(check(
                "global_input",
                "input",
                "warning",
                Boolean.TRUE.equals(permissions.get("global_input")),
                "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1 for pointer and keyboard input (operator profile)"));
        checks.add(check("capture", "capture", "warning", captures(), "screen capture for capture_screen and OCR"));
        checks.add(check("ledger", "runtime", "error", ledgerWritable(), "the operation ledger can be written"));
        boolean errors = checks.stream()
                .anyMatch(c -> !(Boolean) c.get("ok") && c.get("severity").equals("error"));
        boolean warnings = checks.stream()
                .anyMatch(c -> !(Boolean) c.get("ok") && c.get("severity").equals("warning"));
        Map<String, Object> categories = new LinkedHashMap<>();
        for (Map<String, Object> c : checks) {
            categories.merge((String) c.get("category"), c.get("ok"), (a, b) -> (Boolean) a && (Boolean) b);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("ok", !errors && !(strict && warnings));
        body.put("strict", strict);
        body.put("profile", profile.wireName());
        body.put("checks", checks);
        body.put("categories", categories);
        body.put("session", session);
        return ToolResult.ok(body);
    }

    private boolean captures() {
        if (services.screenCapture().isEmpty()) {
            return false;
        }
        try {
            return services.screenCapture().get().screenBounds().width() > 0;
        } catch (RuntimeException e) { // VisionException included
            return false;
        }
    }

    private boolean ledgerWritable() {
        try {
            services.engine().status("doctor-ledger-probe");
            return true;
        } catch (EngineException e) {
            return e.error() != EngineError.LEDGER_UNAVAILABLE;
        }
    }

    private static boolean found(Map<String, Object> session, String key) {
        return session.get(key) instanceof Map<?, ?> entry && Boolean.TRUE.equals(entry.get("found"));
    }

    private static Map<String, Object> check(String name, String category, String severity, boolean ok, String detail) {
        Map<String, Object> check = new LinkedHashMap<>();
        check.put("name", name);
        check.put("category", category);
        check.put("severity", severity);
        check.put("ok", ok);
        check.put("detail", detail);
        return check;
    }
}

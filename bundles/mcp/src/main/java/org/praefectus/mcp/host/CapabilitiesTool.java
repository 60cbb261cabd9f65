package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.host.CapabilityProfile;

/** {@code capabilities}: the engine's capabilities, this server's profile and confirmation policy, the session found. */
final class CapabilitiesTool implements Tool {

    private final HostServices services;
    private final CapabilityProfile profile;
    private final ConfirmationPolicy confirmation;
    private final long confirmationWindowSeconds;

    CapabilitiesTool(
            HostServices services,
            CapabilityProfile profile,
            ConfirmationPolicy confirmation,
            long confirmationWindowSeconds) {
        this.services = services;
        this.profile = profile;
        this.confirmation = confirmation;
        this.confirmationWindowSeconds = confirmationWindowSeconds;
    }

    @Override
    public String name() {
        return "capabilities";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        try {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put(
                    "capabilities", ToolJson.JSON.convertValue(services.engine().capabilities(), Map.class));
            body.put("profile", profile.wireName());
            body.put("confirmation_required", List.copyOf(new TreeSet<>(confirmation.actions())));
            body.put("confirmation_window_seconds", confirmationWindowSeconds);
            body.put("session", services.desktopSession());
            return ToolResult.ok(body);
        } catch (EngineException e) {
            return ToolResult.failure(
                    e.error().code(),
                    "the executor is unavailable",
                    "start the desktop session and call capabilities again (session shows what was found)",
                    true,
                    Map.of("session", services.desktopSession()));
        }
    }
}

package org.praefectus.mcp.host;

import java.util.Map;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;

/**
 * What the tools that adapt the platform's typed {@link DesktopService} share: the service or the tool error that
 * says it is missing, and an element query from {@code selector} and the window scope arguments.
 */
final class DesktopServiceTools {

    private DesktopServiceTools() {}

    /** A desktop service, or why there is none. */
    record Service(DesktopService desktop, ToolResult missing) {}

    static Service of(HostServices services, String tool) {
        return services.desktop()
                .map(desktop -> new Service(desktop, null))
                .orElseGet(() -> new Service(
                        null,
                        ToolResult.failure(
                                "desktop_unavailable",
                                "this runtime has no desktop service for " + tool,
                                "run the server from praefectus.jar on a desktop session",
                                true)));
    }

    /**
     * The query of {@code selector} in the window scope arguments (accessibility only).
     *
     * @throws SelectorException the selector is malformed
     */
    static ElementQuery query(Map<String, Object> args) throws SelectorException {
        return new ElementQuery(
                Selector.parse(ToolArguments.stringArgument(args, "selector", true)),
                ToolArguments.windowScope(args),
                0,
                false,
                null,
                null);
    }

    /** A malformed selector as the tool error. */
    static ToolResult badSelector(SelectorException e) {
        return ToolResult.failure(e.code(), e.getMessage(), "fix the selector (role=…, label=…)", true);
    }
}

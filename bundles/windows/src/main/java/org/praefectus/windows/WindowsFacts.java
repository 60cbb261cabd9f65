package org.praefectus.windows;

import java.util.List;
import java.util.Map;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.SessionIsolation;

/** Reports UI Automation availability as {@link Capabilities}. */
final class WindowsFacts {

    private final UiAutomation automation;

    WindowsFacts(UiAutomation automation) {
        this.automation = automation;
    }

    Capabilities capabilities(boolean allowGlobalInput) {
        // The executor issue adds actions; until then the platform advertises none.
        return Capabilities.of(
                "windows",
                "uia",
                SessionIsolation.SHARED_DESKTOP,
                List.of(),
                Map.of("ui_automation", automation.available(), "global_input", allowGlobalInput),
                "");
    }
}

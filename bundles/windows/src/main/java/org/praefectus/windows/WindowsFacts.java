package org.praefectus.windows;

import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.SessionIsolation;

/** Reports UI Automation availability as {@link Capabilities} when the executor is not there. */
final class WindowsFacts {

    private final BooleanSupplier automation;

    WindowsFacts(BooleanSupplier automation) {
        this.automation = automation;
    }

    Capabilities capabilities(boolean allowGlobalInput) {
        return Capabilities.of(
                "windows",
                "uia",
                SessionIsolation.SHARED_DESKTOP,
                List.of(),
                Map.of("ui_automation", automation.getAsBoolean(), "global_input", allowGlobalInput),
                "");
    }
}

package org.praefectus.macos;

import java.util.List;
import java.util.Map;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.SessionIsolation;

/** Reports the macOS permissions as {@link Capabilities}. */
final class MacFacts {

    private final MacPermissions permissions;

    MacFacts(MacPermissions permissions) {
        this.permissions = permissions;
    }

    Capabilities capabilities(boolean allowGlobalInput) {
        // The executor issue adds actions; until then the platform advertises none.
        return Capabilities.of(
                "macos",
                "ax",
                SessionIsolation.SHARED_DESKTOP,
                List.of(),
                Map.of(
                        "accessibility",
                        permissions.accessibility(),
                        "screen_recording",
                        permissions.screenRecording(),
                        "global_input",
                        allowGlobalInput),
                "");
    }
}

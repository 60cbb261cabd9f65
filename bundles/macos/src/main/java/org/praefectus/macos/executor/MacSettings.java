package org.praefectus.macos.executor;

import java.nio.file.Path;
import java.util.Map;
import org.praefectus.api.executor.GlobalInput;
import org.praefectus.api.protocol.SessionIsolation;

/**
 * What the host configured, and the environment variables the executor reads.
 *
 * @param sessionIsolation    the session isolation the host knows it has
 * @param screenshotDirectory where the screenshot action writes (private state)
 * @param environment         {@code PRAEFECTUS_ALLOW_GLOBAL_INPUT}, {@code PRAEFECTUS_AX_OPT_IN}
 */
public record MacSettings(
        SessionIsolation sessionIsolation, Path screenshotDirectory, Map<String, String> environment) {
    public MacSettings {
        environment = Map.copyOf(environment);
    }

    boolean globalInputAllowed() {
        return GlobalInput.optedIn(environment);
    }

    HostOptIns hostOptIns() {
        return HostOptIns.parse(environment.get(HostOptIns.ENV));
    }
}

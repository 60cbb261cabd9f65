package org.praefectus.windows.executor;

import java.nio.file.Path;
import java.util.Map;
import org.praefectus.api.executor.GlobalInput;
import org.praefectus.api.protocol.SessionIsolation;

/**
 * What the host configured and the environment the executor reads.
 *
 * @param sessionIsolation    the session isolation the host knows it has
 * @param screenshotDirectory where the screenshot action writes (owner-only ACL)
 * @param environment         {@code PRAEFECTUS_ALLOW_GLOBAL_INPUT}, {@code SystemRoot}
 */
public record WindowsSettings(
        SessionIsolation sessionIsolation, Path screenshotDirectory, Map<String, String> environment) {
    public WindowsSettings {
        environment = Map.copyOf(environment);
    }

    boolean globalInputAllowed() {
        return GlobalInput.optedIn(environment);
    }
}

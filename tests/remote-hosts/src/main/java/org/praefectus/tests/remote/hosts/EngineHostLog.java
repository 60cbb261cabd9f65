package org.praefectus.tests.remote.hosts;

import java.io.IOException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.praefectus.api.host.HostState;
import org.praefectus.logging.LogSettings;
import org.praefectus.logging.ProcessLog;

/**
 * The test engine host's process log, as a deployed engine host (the daemon of {@code fleet.jar}) keeps one: open
 * while the operation driver is configured (only engine hosts have one), at {@code
 * $XDG_STATE_HOME/praefectus/engine-host/logs/engine-host.log}, so the tests read what the link and the ledger
 * logged about a fault.
 */
@Component(
        service = {},
        configurationPid = DriverConfig.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE,
        immediate = true)
public final class EngineHostLog {

    static final String NAME = "engine-host";

    private final ProcessLog.Handle log;

    @Activate
    public EngineHostLog() throws IOException {
        this.log = ProcessLog.open(HostState.root().resolve(NAME), NAME, LogSettings.DEFAULT);
    }

    @Deactivate
    void deactivate() {
        log.close();
    }
}

package org.praefectus.remote;

import java.io.IOException;
import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.praefectus.api.host.HostState;
import org.praefectus.logging.InvalidLogSettingException;
import org.praefectus.logging.LogSettings;
import org.praefectus.logging.ProcessLog;
import org.praefectus.remote.api.RemoteExecutor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A framework that exports an executor is a desktop host, a long-running process: for as long as at least one
 * executor is exported here, the process log is open in the desktop host's state folder, {@code
 * $XDG_STATE_HOME/praefectus/desktop-host/logs/desktop-host.log} ({@link ProcessLog}; level and bound from {@code
 * PRAEFECTUS_LOG_LEVEL}, {@code PRAEFECTUS_LOG_FILE_BYTES}, {@code PRAEFECTUS_LOG_FILES}). The link's and Aries
 * RSA's warnings land there. Imported executors (an engine host's) do not count.
 */
@Component(
        service = {},
        immediate = true)
public final class DesktopHostLog {

    /** The desktop host's state folder under the Praefectus state root, and the log's name. */
    static final String NAME = "desktop-host";

    private static final Logger LOG = LoggerFactory.getLogger(DesktopHostLog.class);

    private final ProcessLog.Handle log;

    @Activate
    public DesktopHostLog(
            @Reference(
                            service = RemoteExecutor.class,
                            target = "(!(service.imported=*))",
                            cardinality = ReferenceCardinality.AT_LEAST_ONE)
                    List<RemoteExecutor> exported)
            throws IOException {
        LogSettings settings;
        String refused = null;
        try {
            settings = LogSettings.fromEnvironment(System.getenv());
        } catch (InvalidLogSettingException e) {
            settings = LogSettings.DEFAULT;
            refused = e.getMessage();
        }
        this.log = ProcessLog.open(HostState.root().resolve(NAME), NAME, settings);
        if (refused != null) {
            LOG.warn("{}; the defaults apply", refused);
        }
        LOG.info("desktop host serving {} exported executor(s)", exported.size());
    }

    @Deactivate
    void deactivate() {
        LOG.info("desktop host stopping");
        log.close();
    }
}

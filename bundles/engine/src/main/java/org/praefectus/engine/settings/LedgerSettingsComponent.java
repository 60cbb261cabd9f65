package org.praefectus.engine.settings;

import java.io.IOException;
import java.nio.file.Path;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.engine.LedgerSettings;
import org.praefectus.engine.execution.EngineConfig;

/** {@link LedgerSettings}: the engine writes its own configuration ({@link EngineConfig}), as {@link LedgerClaim} allows. */
@Component(service = LedgerSettings.class)
public final class LedgerSettingsComponent implements LedgerSettings {

    private final ConfigurationAdmin configurationAdmin;

    @Activate
    public LedgerSettingsComponent(@Reference ConfigurationAdmin configurationAdmin) {
        this.configurationAdmin = configurationAdmin;
    }

    @Override
    public synchronized boolean claim(Path ledger, String owner) throws IOException {
        Configuration engine = configurationAdmin.getConfiguration(EngineConfig.PID, "?");
        var claimed = LedgerClaim.claim(engine.getProperties(), ledger, owner);
        if (claimed.isPresent()) {
            engine.update(claimed.get());
        }
        return claimed.isPresent();
    }
}

package org.praefectus.embed;

import java.io.IOException;
import java.time.Duration;
import org.osgi.framework.BundleContext;
import org.osgi.util.tracker.ServiceTracker;
import org.praefectus.api.engine.LedgerSettings;

/**
 * Writes {@link EngineSettings} through the engine bundle's own typed service, {@link LedgerSettings} (the Praefectus
 * API is shared with the host): the engine writes its configuration itself, so no key of it is spelled here.
 */
final class EngineConfiguration {

    /** The owner an embedding host's ledger claim is recorded under. */
    static final String OWNER = "embedded-host";

    private EngineConfiguration() {}

    static void write(BundleContext context, EngineSettings settings, Duration timeout) throws InterruptedException {
        ServiceTracker<LedgerSettings, LedgerSettings> tracker =
                new ServiceTracker<>(context, LedgerSettings.class, null);
        tracker.open();
        try {
            LedgerSettings ledger = tracker.waitForService(timeout.toMillis());
            if (ledger == null) {
                throw new IllegalStateException("the bundle set offers no engine ledger settings within " + timeout);
            }
            if (!ledger.claim(settings.ledgerPath(), OWNER)) {
                throw new IllegalStateException("another host of this runtime configured the engine's ledger");
            }
        } catch (IOException e) {
            throw new IllegalStateException("the engine's configuration cannot be written", e);
        } finally {
            tracker.close();
        }
    }
}

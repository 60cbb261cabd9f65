package org.praefectus.engine.settings;

import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Optional;

/**
 * A resident host (the daemon) points the shared engine's ledger at its own state folder, but never moves a ledger
 * another host of the same runtime configured: the engine's configuration then keeps that host's {@code
 * ledger.path}. Its own earlier claim (marked {@code ledger.owner}) it may move, as a daemon restarted with another
 * state folder does.
 */
final class LedgerClaim {

    static final String PATH = "ledger.path";
    static final String OWNER = "ledger.owner";

    private LedgerClaim() {}

    /**
     * @param current the engine's configuration now, or {@code null} when it has none
     * @param ledger the host's ledger
     * @param owner the host's issuer name, recorded beside the path
     * @return the engine's configuration with the host's ledger, or empty when another host configured one
     */
    static Optional<Hashtable<String, Object>> claim(Dictionary<String, Object> current, Path ledger, String owner) {
        @SuppressWarnings("JdkObsolete") // OSGi takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        if (current != null) {
            for (var names = current.keys(); names.hasMoreElements(); ) {
                String name = names.nextElement();
                properties.put(name, current.get(name));
            }
        }
        Object configured = properties.get(PATH);
        if (configured != null
                && !configured.toString().equals(ledger.toString())
                && !owner.equals(properties.get(OWNER))) {
            return Optional.empty();
        }
        properties.put(PATH, ledger.toString());
        properties.put(OWNER, owner);
        return Optional.of(properties);
    }
}

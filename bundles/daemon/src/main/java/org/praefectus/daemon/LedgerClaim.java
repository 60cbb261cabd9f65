package org.praefectus.daemon;

import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;
import org.praefectus.api.cli.CliCommandException;

/**
 * The daemon points the shared engine's ledger at its own state folder, but never moves a ledger another host
 * of the same runtime configured: the engine's configuration then keeps that host's {@code ledger.path} and the
 * daemon refuses to start ({@code ledger_configured}). Its own earlier claim (marked {@code ledger.owner}) it
 * may move, as a daemon restarted with another state folder does.
 */
final class LedgerClaim {

    static final String PATH = "ledger.path";
    static final String OWNER = "ledger.owner";

    private LedgerClaim() {}

    /**
     * @param current the engine's configuration now, or {@code null} when it has none
     * @param ledger  the daemon's ledger
     * @param owner   the daemon's issuer name, recorded beside the path
     * @return the engine's configuration with the daemon's ledger
     * @throws CliCommandException {@code ledger_configured} when another host configured a ledger
     */
    static Hashtable<String, Object> claim(Dictionary<String, Object> current, Path ledger, String owner)
            throws CliCommandException {
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
            throw CliCommandException.failure(
                    "ledger_configured",
                    "another host of this runtime configured the engine's ledger; the daemon does not move it");
        }
        properties.put(PATH, ledger.toString());
        properties.put(OWNER, owner);
        return properties;
    }
}

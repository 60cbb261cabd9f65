package org.praefectus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Hashtable;
import org.junit.jupiter.api.Test;
import org.praefectus.api.cli.CliCommandException;

/** The daemon claims the engine's ledger only where no other host of the runtime configured one. */
class LedgerClaimTest {

    private static final Path OURS = Path.of("/var/lib/praefectus-daemon/operations.jsonl");

    private static Hashtable<String, Object> configuration(Object... keysAndValues) {
        @SuppressWarnings("JdkObsolete") // OSGi takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            properties.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return properties;
    }

    @Test
    void anUnconfiguredEngineGetsTheDaemonsLedgerAndItsOtherPropertiesAreKept() throws Exception {
        assertEquals(
                configuration("ledger.path", OURS.toString(), "ledger.owner", "praefectus-daemon"),
                LedgerClaim.claim(null, OURS, "praefectus-daemon"));
        assertEquals(
                configuration(
                        "executor.target",
                        "(x=1)",
                        "ledger.path",
                        OURS.toString(),
                        "ledger.owner",
                        "praefectus-daemon"),
                LedgerClaim.claim(configuration("executor.target", "(x=1)"), OURS, "praefectus-daemon"));
    }

    @Test
    void anotherHostsLedgerIsNeverMoved() {
        CliCommandException refused = assertThrows(
                CliCommandException.class,
                () -> LedgerClaim.claim(
                        configuration("ledger.path", "/home/host/ledger.jsonl"), OURS, "praefectus-daemon"));
        assertEquals("ledger_configured", refused.code());
        assertThrows(
                CliCommandException.class,
                () -> LedgerClaim.claim(
                        configuration("ledger.path", "/home/host/ledger.jsonl", "ledger.owner", "embedding-host"),
                        OURS,
                        "praefectus-daemon"));
    }

    @Test
    void theDaemonsOwnEarlierClaimAndTheSamePathAreTakenAgain() throws Exception {
        Hashtable<String, Object> earlier =
                configuration("ledger.path", "/old/state/operations.jsonl", "ledger.owner", "praefectus-daemon");
        assertEquals(
                OURS.toString(),
                LedgerClaim.claim(earlier, OURS, "praefectus-daemon").get("ledger.path"));
        assertEquals(
                OURS.toString(),
                LedgerClaim.claim(configuration("ledger.path", OURS.toString()), OURS, "praefectus-daemon")
                        .get("ledger.path"));
    }
}

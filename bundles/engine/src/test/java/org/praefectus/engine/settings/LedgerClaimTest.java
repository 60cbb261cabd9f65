package org.praefectus.engine.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Hashtable;
import org.junit.jupiter.api.Test;

/** A resident host claims the engine's ledger only where no other host of the runtime configured one. */
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
    void anUnconfiguredEngineGetsTheDaemonsLedgerAndItsOtherPropertiesAreKept() {
        assertEquals(
                configuration("ledger.path", OURS.toString(), "ledger.owner", "praefectus-daemon"),
                LedgerClaim.claim(null, OURS, "praefectus-daemon").orElseThrow());
        assertEquals(
                configuration(
                        "executor.target",
                        "(x=1)",
                        "ledger.path",
                        OURS.toString(),
                        "ledger.owner",
                        "praefectus-daemon"),
                LedgerClaim.claim(configuration("executor.target", "(x=1)"), OURS, "praefectus-daemon")
                        .orElseThrow());
    }

    @Test
    void anotherHostsLedgerIsNeverMoved() {
        assertTrue(LedgerClaim.claim(configuration("ledger.path", "/home/host/ledger.jsonl"), OURS, "praefectus-daemon")
                .isEmpty());
        assertTrue(LedgerClaim.claim(
                        configuration("ledger.path", "/home/host/ledger.jsonl", "ledger.owner", "embedding-host"),
                        OURS,
                        "praefectus-daemon")
                .isEmpty());
    }

    @Test
    void theDaemonsOwnEarlierClaimAndTheSamePathAreTakenAgain() {
        Hashtable<String, Object> earlier =
                configuration("ledger.path", "/old/state/operations.jsonl", "ledger.owner", "praefectus-daemon");
        assertEquals(
                OURS.toString(),
                LedgerClaim.claim(earlier, OURS, "praefectus-daemon")
                        .orElseThrow()
                        .get("ledger.path"));
        assertEquals(
                OURS.toString(),
                LedgerClaim.claim(configuration("ledger.path", OURS.toString()), OURS, "praefectus-daemon")
                        .orElseThrow()
                        .get("ledger.path"));
    }
}

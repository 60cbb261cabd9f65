package org.praefectus.engine.ledger;

import java.nio.file.Path;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SessionIsolation;

/**
 * A child JVM for {@link LedgerKillTest}: claims operations {@code k-<first>}, {@code k-<first+1>}, … in the
 * real file ledger as fast as it can, recording every second one's terminal, and prints each ID once its
 * claim returned (durable), until it is killed.
 */
public final class LedgerKillChild {

    private LedgerKillChild() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int first = Integer.parseInt(args[1]);
        try (OperationLedger ledger = new OperationLedger(file, System::currentTimeMillis)) {
            for (int i = first; ; i++) {
                String id = "k-" + i;
                try (OperationLedger.Session session = ledger.lock()) {
                    session.claim(new LedgerRecord.Claim(
                            id,
                            "a".repeat(64),
                            1L,
                            "invoke",
                            DeliveryRoute.TARGET_ADDRESSED,
                            SessionIsolation.SHARED_DESKTOP,
                            InteractionMode.INTERACTIVE));
                    if (i % 2 == 0) {
                        session.status(id);
                    }
                }
                System.out.println(id);
                System.out.flush();
            }
        }
    }
}

package org.praefectus.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.ledger.jdbc.api.FleetLedger;
import org.praefectus.ledger.jdbc.api.LedgerState;

class FleetViewTest {

    /** An executor whose desktop does not answer (a lost link): the view must say so, not fail. */
    private static final Executor LOST = new Executor() {
        @Override
        public Capabilities capabilities() throws ExecutorException {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "link lost");
        }

        @Override
        public SessionIsolation sessionIsolation() {
            return SessionIsolation.HOST_ISOLATED;
        }

        @Override
        public Observation observe(TargetRef target, CancellationToken cancellation, long deadlineAtMs) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs) {
            throw new UnsupportedOperationException();
        }

        @Override
        public org.praefectus.api.executor.DispatchReceipt dispatch(
                org.praefectus.api.protocol.Action action,
                ResolvedTarget target,
                org.praefectus.api.protocol.VerificationPolicy verification,
                CancellationToken cancellation,
                long deadlineAtMs) {
            throw new UnsupportedOperationException();
        }
    };

    @Test
    void anImportedExecutorWhoseDesktopIsAwayIsShownUnavailableAndTheLedgerItsCounts() {
        FleetLedger ledger = new FleetLedger() {
            @Override
            public String hostId() {
                return "engine-1";
            }

            @Override
            public int pendingTerminals() {
                return 2;
            }

            @Override
            public LedgerState state() {
                return new LedgerState(
                        2,
                        10,
                        1,
                        Map.of("succeeded", 9L),
                        List.of(new LedgerState.Host("engine-1", Instant.EPOCH, Instant.EPOCH)),
                        2);
            }
        };
        Map<String, Object> view = FleetView.of(
                List.of(new FleetView.ExecutorEntry(
                        LOST,
                        Map.of(
                                Executor.BACKEND_PROPERTY, "linux-atspi",
                                FleetView.IMPORTED, "true",
                                FleetView.ENDPOINT_FRAMEWORK, "desk-uuid"))),
                Optional.of(ledger));
        Map<?, ?> executor = (Map<?, ?>) ((List<?>) view.get("executors")).get(0);
        assertEquals("linux-atspi", executor.get("backend"));
        assertEquals("remote:desk-uuid", executor.get("desktop"));
        assertEquals("host_isolated", executor.get("session_isolation"));
        assertEquals("unavailable", executor.get("health"));
        Map<?, ?> named = (Map<?, ?>) ((List<?>) FleetView.of(
                                List.of(new FleetView.ExecutorEntry(
                                        LOST,
                                        Map.of(
                                                FleetView.IMPORTED, "true",
                                                FleetView.DESKTOP, "desktop-1",
                                                FleetView.ENDPOINT_FRAMEWORK, "desk-uuid"))),
                                Optional.empty())
                        .get("executors"))
                .get(0);
        assertEquals("remote:desktop-1", named.get("desktop"));
        Map<?, ?> shared = (Map<?, ?>) view.get("ledger");
        assertEquals(true, shared.get("reachable"));
        assertEquals(10L, shared.get("operations"));
        assertEquals(1L, shared.get("open_claims"));
        assertEquals(2, shared.get("pending_terminals"));
    }

    @Test
    void anUnreachableLedgerIsReportedNotThrown() {
        FleetLedger away = new FleetLedger() {
            @Override
            public String hostId() {
                return "engine-1";
            }

            @Override
            public int pendingTerminals() {
                return 0;
            }

            @Override
            public LedgerState state() throws SQLException {
                throw new SQLException("connection refused");
            }
        };
        Map<?, ?> shared =
                (Map<?, ?>) FleetView.of(List.of(), Optional.of(away)).get("ledger");
        assertEquals(false, shared.get("reachable"));
        assertEquals(
                "none", ((Map<?, ?>) FleetView.of(List.of(), Optional.empty()).get("ledger")).get("kind"));
    }
}

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

    /** What an executor's {@code capabilities()} does in a test. */
    private interface CapabilitiesAnswer {
        Capabilities answer() throws ExecutorException, InterruptedException;
    }

    /** An executor of a host-isolated desktop whose capabilities answer as the test says; the view calls nothing else. */
    private static Executor executor(CapabilitiesAnswer capabilities) {
        return new Executor() {
            @Override
            public Capabilities capabilities() throws ExecutorException {
                try {
                    return capabilities.answer();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "interrupted");
                }
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
    }

    /** An executor whose desktop does not answer (a lost link): the view must say so, not fail. */
    private static final Executor LOST = executor(() -> {
        throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "link lost");
    });

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
                Optional.of(ledger),
                ConfiguredFleet.NONE);
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
                                Optional.empty(),
                                ConfiguredFleet.NONE)
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
        Map<?, ?> shared = (Map<?, ?>)
                FleetView.of(List.of(), Optional.of(away), ConfiguredFleet.NONE).get("ledger");
        assertEquals(false, shared.get("reachable"));
        assertEquals(
                "none",
                ((Map<?, ?>) FleetView.of(List.of(), Optional.empty(), ConfiguredFleet.NONE)
                                .get("ledger"))
                        .get("kind"));
    }

    @Test
    void aConfiguredEndpointWithoutAnImportAndAConfiguredLedgerWithoutItsServiceAreNamed() {
        ConfiguredFleet configured = new ConfiguredFleet(
                true,
                List.of(
                        new ConfiguredFleet.Endpoint("tcp://10.20.0.2:8201", "linux-atspi", "desktop-1"),
                        new ConfiguredFleet.Endpoint("tcp://10.20.0.3:8201", "linux-atspi", "desktop-2")));
        Map<String, Object> view = FleetView.of(
                List.of(new FleetView.ExecutorEntry(
                        LOST,
                        Map.of(
                                Executor.BACKEND_PROPERTY, "linux-atspi",
                                FleetView.IMPORTED, "true",
                                FleetView.DESKTOP, "desktop-1",
                                ConfiguredFleet.ENDPOINT_ID, "tcp://10.20.0.2:8201"))),
                Optional.empty(),
                configured);
        List<?> executors = (List<?>) view.get("executors");
        assertEquals(2, executors.size(), "the imported one once, the missing one named");
        assertEquals("unavailable", ((Map<?, ?>) executors.get(0)).get("health"));
        assertEquals(
                Map.of(
                        "backend", "linux-atspi",
                        "desktop", "remote:desktop-2",
                        "remote", true,
                        "session_isolation", "unknown",
                        "health", "not_imported"),
                executors.get(1));
        assertEquals(Map.of("kind", "postgresql", "active", false), view.get("ledger"));
    }

    @Test
    void theCommandWaitsForTheConfiguredImportThenShowsIt() throws Exception {
        FleetCommand command = new FleetCommand();
        ConfiguredFleet configured =
                new ConfiguredFleet(false, List.of(new ConfiguredFleet.Endpoint("tcp://10.20.0.2:8201", "x", "d")));
        java.util.concurrent.CompletableFuture<Map<String, Object>> view =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> command.view(configured));
        command.addExecutor(
                LOST,
                Map.of(
                        Executor.BACKEND_PROPERTY, "linux-atspi",
                        FleetView.IMPORTED, "true",
                        FleetView.DESKTOP, "desktop-1",
                        ConfiguredFleet.ENDPOINT_ID, "tcp://10.20.0.2:8201"));
        List<?> executors =
                (List<?>) view.get(60, java.util.concurrent.TimeUnit.SECONDS).get("executors");
        assertEquals(1, executors.size());
        assertEquals("remote:desktop-1", ((Map<?, ?>) executors.get(0)).get("desktop"));
    }

    /**
     * Issue #40 defect 1: a desktop host whose port accepts connections but whose server no longer answers
     * held the view for the link's whole timeout. Its executor is shown unresponsive, beside one that answers.
     */
    @Test
    void anExecutorThatDoesNotAnswerIsShownUnresponsive() throws Exception {
        java.util.concurrent.CountDownLatch never = new java.util.concurrent.CountDownLatch(1);
        Executor silent = executor(() -> {
            never.await();
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "released");
        });
        try {
            List<?> executors = (List<?>) FleetView.of(
                            List.of(
                                    new FleetView.ExecutorEntry(
                                            silent,
                                            Map.of(
                                                    Executor.BACKEND_PROPERTY, "probe",
                                                    FleetView.IMPORTED, "true",
                                                    FleetView.DESKTOP, "desktop-1")),
                                    new FleetView.ExecutorEntry(
                                            LOST, Map.of(Executor.BACKEND_PROPERTY, "local-probe"))),
                            Optional.empty(),
                            ConfiguredFleet.NONE,
                            java.time.Duration.ofMillis(200))
                    .get("executors");
            assertEquals(
                    Map.of(
                            "backend", "probe",
                            "desktop", "remote:desktop-1",
                            "remote", true,
                            "session_isolation", "unknown",
                            "health", "unresponsive"),
                    executors.get(0));
            assertEquals("unavailable", ((Map<?, ?>) executors.get(1)).get("health"));
        } finally {
            never.countDown();
        }
    }
}

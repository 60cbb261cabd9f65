package org.praefectus.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceEvent;
import org.osgi.framework.ServiceListener;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.api.protocol.AckState;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;

/**
 * Issue 42, defect 5: the Linux bundle is updated 16 times while host threads keep presenting signed operations
 * to the Engine service, each new operation and then the previous one again (as a host does that lost an answer).
 * Every presentation is answered with what the ledger holds — a report whose terminal the ledger recorded, or an
 * {@link EngineException} for an operation the ledger never claimed — and nothing else (no Error, no undeclared
 * exception) crosses the Engine service. After the last swap an operation succeeds. Before the fix, an operation
 * presented again while no executor was bound was refused {@code executor_unavailable} although the ledger held
 * its terminal.
 */
class HotSwapUnderLoadTest {

    private static final int SWAPS = 16;
    private static final int HOSTS = 3;
    private static final long AWAIT_SECONDS = 30;

    @InjectBundleContext
    BundleContext context;

    @InjectService
    ConfigurationAdmin configurationAdmin;

    private final List<Configuration> configurations = new ArrayList<>();
    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();
    private EngineOnOwnLedger engineOnOwnLedger;
    private final HostSigner host = new HostSigner(HostKey.generate(), "swap-host", "key-1", "gen-1");

    /** What one host thread was answered for one operation it presented. */
    private sealed interface Answer {
        record Report(ExecuteReport report) implements Answer {}

        record Refused(EngineException refusal) implements Answer {}

        record Leaked(Throwable thrown) implements Answer {}
    }

    @AfterEach
    void cleanUp() throws Exception {
        if (engineOnOwnLedger != null) {
            engineOnOwnLedger.close();
        }
        for (ServiceRegistration<?> registration : registrations) {
            registration.unregister();
        }
        for (Configuration configuration : configurations) {
            configuration.delete();
        }
    }

    /**
     * Alternately an invoke the executor refuses after resolve, and a screenshot of a point the engine's executor
     * has just observed, which it performs.
     */
    private ActionRequest operation(Engine engine, String operationId, int sequence, Path screenshots)
            throws Exception {
        if (sequence % 2 == 0) {
            return SignedRequests.sign(
                    host, operationId, new Action.Invoke(), new TargetRef.Element(SignedRequests.UNOBSERVED_ELEMENT));
        }
        CoordinateObservation screen =
                engine.observeCoordinates(new CancellationToken(), System.currentTimeMillis() + 10_000);
        TargetRef.Coordinates point = new TargetRef.Coordinates(
                10,
                10,
                screen.displays().get(0).displayId(),
                screen.displayGeometryHash(),
                screen.snapshotId(),
                screen.snapshotContentHash());
        return SignedRequests.sign(
                host,
                operationId,
                new Action.Screenshot(screenshots.resolve(operationId + ".png").toString()),
                point);
    }

    private void configure(String pid, String key, String value) throws Exception {
        Configuration configuration = configurationAdmin.getConfiguration(pid, "?");
        configurations.add(configuration);
        @SuppressWarnings("JdkObsolete") // Configuration.update takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put(key, value);
        configuration.update(properties);
    }

    /** Runs {@code change} and waits (bounded) for the Executor service it makes register. */
    private void awaitNewExecutor(String what, ThrowingRunnable change) throws Exception {
        CountDownLatch arrived = new CountDownLatch(1);
        ServiceListener listener = event -> {
            if (event.getType() == ServiceEvent.REGISTERED) {
                arrived.countDown();
            }
        };
        context.addServiceListener(listener, "(objectClass=" + Executor.class.getName() + ")");
        try {
            change.run();
            assertTrue(arrived.await(AWAIT_SECONDS, TimeUnit.SECONDS), "a new executor arrives: " + what);
        } finally {
            context.removeServiceListener(listener);
        }
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    @Test
    void sixteenSwapsUnderLoadEndInTerminalsTheHostAndTheLedgerAgreeOn() throws Exception {
        if (System.getenv("DISPLAY") == null) {
            fail("this test needs the test desktop: run it through scripts/test-desktop");
        }
        Bundle linux = TestBundles.installed(context, "org.praefectus.linux").orElseThrow();
        Path jar = TestBundles.jar(context, "linux");
        Path ledger = TestBundles.privateDirectory(context, "ledger").resolve("operations.jsonl");
        Path screenshots = TestBundles.privateDirectory(context, "screenshots");
        registrations.add(context.registerService(PinnedIssuer.class, host.pinnedIssuer(), null));
        engineOnOwnLedger = new EngineOnOwnLedger(context, configurationAdmin, ledger);
        Engine engine = engineOnOwnLedger.engine();
        awaitNewExecutor(
                "configured with the test's screenshot directory",
                () -> configure("org.praefectus.linux.executor", "screenshot.directory", screenshots.toString()));

        Map<String, Answer> answers = new ConcurrentHashMap<>();
        List<String> presented = Collections.synchronizedList(new ArrayList<>());
        List<String> leaks = Collections.synchronizedList(new ArrayList<>());
        List<String> disagreements = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger reported = new AtomicInteger();
        List<Thread> hosts = new ArrayList<>();
        for (int h = 0; h < HOSTS; h++) {
            int hostNumber = h;
            Thread thread = new Thread(
                    () -> {
                        ActionRequest previous = null;
                        for (int sequence = 0; !stop.get(); sequence++) {
                            String operationId = "swap-" + hostNumber + "-" + sequence;
                            ActionRequest request;
                            try {
                                request = operation(engine, operationId, sequence, screenshots);
                            } catch (EngineException | ExecutorException e) {
                                pause(); // the observation was refused during a swap: nothing presented
                                continue;
                            } catch (Throwable t) { // nothing else may cross the Engine service
                                leaks.add("observing for " + operationId + ": " + t);
                                continue;
                            }
                            presented.add(operationId);
                            Answer answer = present(engine, request);
                            if (answers.put(operationId, answer) != null) {
                                disagreements.add(operationId + ": answered twice");
                            }
                            check(engine, operationId, answer, disagreements);
                            if (previous != null) {
                                // presented again, as a host does that lost an answer: it is the ledger's terminal
                                // again (a replay), whether or not an executor is bound at this moment
                                String again = previous.operationId();
                                check(engine, again, present(engine, previous), disagreements);
                            }
                            previous = request;
                            if (answer instanceof Answer.Report) {
                                reported.incrementAndGet();
                            }
                        }
                    },
                    "swap-host-" + h);
            thread.start();
            hosts.add(thread);
        }
        try {
            for (int swap = 1; swap <= SWAPS; swap++) {
                byte[] rebuilt = HotSwapTest.rebuilt(jar, "0.1.0.swap" + swap);
                awaitNewExecutor("swap " + swap, () -> {
                    try (InputStream in = new ByteArrayInputStream(rebuilt)) {
                        linux.update(in);
                    }
                });
                int before = reported.get();
                // the hosts reach the new executor before the next swap, so every swap meets operations in flight
                awaitAtLeast(reported, before + HOSTS, "operations that reached the executor after swap " + swap);
            }
        } finally {
            stop.set(true);
            for (Thread thread : hosts) {
                thread.join(TimeUnit.SECONDS.toMillis(AWAIT_SECONDS));
                assertTrue(!thread.isAlive(), thread.getName() + " finished its last operation");
            }
        }

        for (String operationId : presented) {
            if (!answers.containsKey(operationId)) {
                disagreements.add(operationId + ": no answer");
            }
        }
        assertEquals(List.of(), leaks, "what observations threw");
        assertEquals(List.of(), disagreements, presented.size() + " operations presented: " + terminals(answers));

        ActionRequest last = operation(engine, "swap-after-last", 1, screenshots);
        ExecuteReport after = engine.execute(last, new CancellationToken());
        assertInstanceOf(
                Terminal.Succeeded.class, after.terminal(), after.terminal().toString());
        assertEquals(Optional.of(after.terminalAck()), engine.status("swap-after-last"));
        assertTrue(Files.size(screenshots.resolve("swap-after-last.png")) > 0);
    }

    /** The host's answer to one presentation: a report, a declared refusal, or whatever else crossed the service. */
    private static Answer present(Engine engine, ActionRequest request) {
        try {
            return new Answer.Report(engine.execute(request, new CancellationToken()));
        } catch (EngineException e) {
            pause();
            return new Answer.Refused(e);
        } catch (Throwable t) { // what must never reach a host: collected, asserted after the swaps
            return new Answer.Leaked(t);
        }
    }

    /**
     * Compares an answer with the ledger right after it (only this host presents this operation, so nothing
     * changes the ledger's record of it in between) and adds what disagrees to {@code disagreements}.
     */
    private static void check(Engine engine, String operationId, Answer answer, List<String> disagreements) {
        String problem;
        try {
            Optional<ActionAck> recorded = engine.status(operationId);
            if (answer instanceof Answer.Leaked leaked) {
                problem = "leaked " + leaked.thrown();
            } else if (answer instanceof Answer.Refused refused) {
                // a refusal is an answer before any claim: the ledger must know nothing of the operation
                problem = recorded.isPresent()
                        ? "host got " + refused.refusal().error().code() + " ("
                                + refused.refusal().getMessage() + "), ledger holds "
                                + recorded.get().state()
                        : null;
            } else {
                problem = disagreement(((Answer.Report) answer).report(), recorded);
            }
        } catch (Throwable t) { // the ledger's status is the Engine service too
            problem = "status leaked " + t;
        }
        if (problem != null) {
            disagreements.add(operationId + ": " + problem);
        }
    }

    /** How many operations ended how, e.g. {@code {executor_unavailable=120, outcome_unknown=9, succeeded=4}}. */
    private static Map<String, Integer> terminals(Map<String, Answer> answers) {
        Map<String, Integer> counts = new TreeMap<>();
        for (Answer answer : answers.values()) {
            String kind;
            if (answer instanceof Answer.Report report) {
                kind = report.report().terminal().getClass().getSimpleName();
            } else if (answer instanceof Answer.Refused refused) {
                kind = refused.refusal().error().code();
            } else {
                kind = "leaked";
            }
            counts.merge(kind, 1, Integer::sum);
        }
        return counts;
    }

    /** Null when the report holds exactly one terminal and the ledger holds the same one. */
    private static String disagreement(ExecuteReport report, Optional<ActionAck> recorded) {
        long terminals = report.acknowledgements().stream()
                .filter(ack -> ack.state() instanceof AckState.Finished)
                .count();
        if (terminals != 1) {
            return terminals + " terminals in the host's report";
        }
        if (recorded.isEmpty()) {
            return "host got " + report.terminal() + ", ledger holds nothing";
        }
        ActionAck answered = report.terminalAck();
        return recorded.get().state().equals(answered.state())
                        && recorded.get().actionHash().equals(answered.actionHash())
                ? null
                : "host got " + report.terminal() + ", ledger holds "
                        + recorded.get().state();
    }

    /**
     * A host backs off for a moment while the engine has no executor, so the hosts do not spin through thousands
     * of refusals during a swap. It shapes the load only; nothing is timed.
     */
    private static void pause() {
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void awaitAtLeast(AtomicInteger counter, int target, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(AWAIT_SECONDS);
        while (counter.get() < target) {
            if (System.nanoTime() > deadline) {
                fail(what + ": " + counter.get() + " of " + target);
            }
            Thread.sleep(10);
        }
    }
}

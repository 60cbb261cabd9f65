package org.praefectus.fleet;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.ledger.jdbc.api.FleetLedger;
import org.praefectus.ledger.jdbc.api.LedgerState;

/**
 * The fleet as one JSON value (snake_case): every executor this engine host can dispatch to, local or
 * imported through Remote Services (the desktop it runs on, its session isolation, whether it answers now),
 * and the shared outcome ledger's state. Read-only: it asks executors for capabilities and nothing else.
 */
public final class FleetView {

    /** Remote Services marks an imported service with this property (OSGi Core, Remote Services). */
    static final String IMPORTED = "service.imported";

    static final String ENDPOINT_FRAMEWORK = "endpoint.framework.uuid";

    /** The desktop host's name, on executors that org.praefectus.remote imported. */
    static final String DESKTOP = "praefectus.desktop.id";

    /**
     * An executor service and its properties.
     *
     * @param executor   the service
     * @param properties its service properties
     */
    public record ExecutorEntry(Executor executor, Map<String, Object> properties) {}

    /**
     * How long the view waits for the executors' answers. A desktop host whose port accepts connections but
     * whose server does not answer would otherwise hold the view for the link's whole timeout.
     */
    static final Duration ANSWER_BOUND = Duration.ofSeconds(3);

    private FleetView() {}

    /**
     * The view of these executors and this ledger (empty: no shared ledger is bound), with what the
     * configuration names that is not there: endpoints no executor was imported from, a configured ledger
     * whose service is not registered.
     */
    public static Map<String, Object> of(
            List<ExecutorEntry> executors, Optional<FleetLedger> ledger, ConfiguredFleet configured) {
        return of(executors, ledger, configured, ANSWER_BOUND);
    }

    static Map<String, Object> of(
            List<ExecutorEntry> executors,
            Optional<FleetLedger> ledger,
            ConfiguredFleet configured,
            Duration answerBound) {
        Map<String, Object> view = new LinkedHashMap<>();
        List<Object> entries = new ArrayList<>(executors(executors, answerBound));
        configured
                .notImported(executors.stream().map(ExecutorEntry::properties).toList())
                .forEach(endpoint -> entries.add(notImported(endpoint)));
        view.put("executors", entries);
        view.put(
                "ledger",
                ledger.map(FleetView::ledger).orElseGet(() -> configured.ledger() ? inactiveLedger() : noLedger()));
        return view;
    }

    // every executor asked at once, each on a thread of its own: a call that does not come back within the
    // bound is left to end at its link's timeout on that (daemon) thread, and the entry says unresponsive
    private static List<Map<String, Object>> executors(List<ExecutorEntry> executors, Duration bound) {
        ExecutorService askers = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "praefectus-fleet-health");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<CompletableFuture<Map<String, Object>>> answers = new ArrayList<>();
            for (ExecutorEntry entry : executors) {
                answers.add(CompletableFuture.supplyAsync(() -> executor(entry), askers));
            }
            long until = System.nanoTime() + bound.toNanos();
            List<Map<String, Object>> entries = new ArrayList<>();
            for (int i = 0; i < answers.size(); i++) {
                entries.add(answer(answers.get(i), executors.get(i), until));
            }
            return entries;
        } finally {
            askers.shutdown();
        }
    }

    private static Map<String, Object> answer(
            CompletableFuture<Map<String, Object>> answer, ExecutorEntry entry, long untilNanos) {
        try {
            return answer.get(Math.max(0, untilNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            return unresponsive(entry);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return unresponsive(entry);
        }
    }

    // a desktop host that listens but does not serve (a stalled or broken server)
    private static Map<String, Object> unresponsive(ExecutorEntry entry) {
        Map<String, Object> json = identity(entry.properties());
        json.put("session_isolation", "unknown");
        json.put("health", "unresponsive");
        return json;
    }

    private static Map<String, Object> identity(Map<String, Object> properties) {
        Map<String, Object> json = new LinkedHashMap<>();
        boolean remote = properties.get(IMPORTED) != null;
        json.put("backend", String.valueOf(properties.getOrDefault(Executor.BACKEND_PROPERTY, "unknown")));
        json.put("desktop", remote ? "remote:" + desktop(properties) : "local");
        json.put("remote", remote);
        return json;
    }

    // the desktop's configured name (org.praefectus.remote copies it from the endpoint), else its framework
    private static Object desktop(Map<String, Object> properties) {
        Object desktop = properties.get(DESKTOP);
        return desktop != null ? desktop : properties.getOrDefault(ENDPOINT_FRAMEWORK, "unknown");
    }

    private static Map<String, Object> executor(ExecutorEntry entry) {
        Map<String, Object> json = identity(entry.properties());
        String isolation;
        try {
            isolation = entry.executor().sessionIsolation().name().toLowerCase(java.util.Locale.ROOT);
        } catch (RuntimeException e) {
            isolation = "unknown";
        }
        json.put("session_isolation", isolation);
        try {
            Capabilities capabilities = entry.executor().capabilities();
            json.put("health", "available");
            json.put("platform", capabilities.platform());
            json.put("actions", capabilities.actionCapabilities().size());
        } catch (ExecutorException | RuntimeException e) {
            // a lost link or a stopped desktop: the view says so and goes on
            json.put("health", "unavailable");
        }
        return json;
    }

    // configured, but Remote Services has not imported it: the same fields as an imported executor that does not
    // answer, its health saying why
    private static Map<String, Object> notImported(ConfiguredFleet.Endpoint endpoint) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("backend", endpoint.backend());
        json.put("desktop", "remote:" + endpoint.desktop());
        json.put("remote", true);
        json.put("session_isolation", "unknown");
        json.put("health", "not_imported");
        return json;
    }

    private static Map<String, Object> ledger(FleetLedger ledger) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("kind", "postgresql");
        json.put("host_id", ledger.hostId());
        try {
            LedgerState state = ledger.state();
            json.put("reachable", true);
            json.put("schema_version", state.schemaVersion());
            json.put("operations", state.operations());
            json.put("open_claims", state.open());
            json.put("terminals", new LinkedHashMap<>(state.terminals()));
            List<Object> hosts = new ArrayList<>();
            for (LedgerState.Host host : state.hosts()) {
                Map<String, Object> h = new LinkedHashMap<>();
                h.put("host_id", host.hostId());
                h.put("started_at", host.startedAt().toString());
                h.put("last_seen", host.lastSeen().toString());
                hosts.add(h);
            }
            json.put("hosts", hosts);
        } catch (SQLException | RuntimeException e) {
            json.put("reachable", false);
        }
        json.put("pending_terminals", ledger.pendingTerminals());
        return json;
    }

    // configured, but its component is not active (no matching DataSourceFactory, or a configuration it refused)
    private static Map<String, Object> inactiveLedger() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("kind", "postgresql");
        json.put("active", false);
        return json;
    }

    private static Map<String, Object> noLedger() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("kind", "none");
        return json;
    }
}

package org.praefectus.bridge;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.praefectus.bridge.adapter.AgentAdapter;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.bridge.config.InvalidConfigException;
import org.praefectus.bridge.http.BridgeServlet;
import org.praefectus.bridge.http.GuardFilter;
import org.praefectus.bridge.http.RequestGuard;
import org.praefectus.bridge.run.ExecutorHealth;
import org.praefectus.bridge.run.RunLimits;
import org.praefectus.bridge.run.RunManager;
import org.praefectus.bridge.run.RunPolicy;
import org.praefectus.bridge.run.RunStore;
import org.praefectus.plugins.process.ProcessRunner;

/**
 * The whole bridge, as plain objects: run store (recovered from {@code log_dir}), executor health, run
 * manager, and the servlet and filter that serve them. The DS components put the servlet and filter on the
 * HTTP Whiteboard; the unit tests host the same two objects in a plain Jetty.
 */
public final class Bridge implements AutoCloseable {

    public static final String VERSION = "0.1.0";
    /** Extra Host header names (comma separated) beside the loopback names and {@code host.docker.internal}. */
    public static final String ENV_ALLOWED_HOSTS = "PRAETOR_EXECD_ALLOWED_HOSTS";

    private final BridgeSettings settings;
    private final RunManager runs;
    private final BridgeServlet servlet;
    private final GuardFilter guard;

    private final int recovered;

    public Bridge(
            BridgeSettings settings,
            Map<String, AgentAdapter> adapters,
            ProcessRunner runner,
            Map<String, String> environment,
            Duration cancelGrace)
            throws IOException {
        this(settings, adapters, runner, environment, RunLimits.DEFAULTS.withCancelGrace(cancelGrace));
    }

    public Bridge(
            BridgeSettings settings,
            Map<String, AgentAdapter> adapters,
            ProcessRunner runner,
            Map<String, String> environment,
            RunLimits limits)
            throws IOException {
        this.settings = settings;
        RunPolicy policy;
        try {
            policy = RunPolicy.from(environment);
        } catch (InvalidConfigException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        RunStore store =
                new RunStore(settings.runtime().logDir(), settings.runtime().persistRunLogs());
        ExecutorHealth health =
                new ExecutorHealth(settings, adapters, runner, Duration.ofSeconds(30), policy.passApiKeys());
        this.runs = new RunManager(settings, adapters, runner, store, health, limits, policy);
        this.recovered = runs.recover();
        this.servlet = new BridgeServlet(settings, runs, health, VERSION, limits);
        this.guard = new GuardFilter(new RequestGuard(
                settings.server().authToken(),
                list(environment, ENV_ALLOWED_HOSTS),
                list(environment, RequestGuard.ENV_ALLOWED_ORIGINS),
                limits));
    }

    private static Set<String> list(Map<String, String> environment, String name) {
        return Arrays.stream(environment.getOrDefault(name, "").split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .collect(Collectors.toSet());
    }

    public BridgeSettings settings() {
        return settings;
    }

    /** The routes; reachable only behind {@link #guard()}. */
    public BridgeServlet servlet() {
        return servlet;
    }

    /** Host header, query-string credentials, bearer token, body size: in front of every route. */
    public GuardFilter guard() {
        return guard;
    }

    /** Runs found unfinished in {@code log_dir} at start and reported as failed_transient. */
    public int recoveredRuns() {
        return recovered;
    }

    public RunManager runs() {
        return runs;
    }

    /** Finishes every active run honestly (failed_transient), then ends the open event streams. */
    @Override
    public void close() {
        runs.close();
        servlet.close();
    }
}

package org.praefectus.bridge;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.praefectus.bridge.adapter.AgentAdapter;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.bridge.http.BridgeHttpServer;
import org.praefectus.bridge.run.ExecutorHealth;
import org.praefectus.bridge.run.RunManager;
import org.praefectus.bridge.run.RunStore;
import org.praefectus.plugins.process.ProcessRunner;

/**
 * The whole bridge, as plain objects: run store (recovered from {@code log_dir}), executor health, run
 * manager and HTTP server. The DS component and {@link BridgeMain} both build one.
 */
public final class Bridge implements AutoCloseable {

    public static final String VERSION = "0.1.0";
    /** Extra Host header names (comma separated), e.g. {@code host.docker.internal}. */
    public static final String ENV_ALLOWED_HOSTS = "PRAETOR_EXECD_ALLOWED_HOSTS";

    private final RunManager runs;
    private final BridgeHttpServer http;
    private final int recovered;

    public Bridge(BridgeSettings settings, Map<String, AgentAdapter> adapters, ProcessRunner runner,
            Map<String, String> environment, Duration cancelGrace) throws IOException {
        RunStore store = new RunStore(settings.runtime().logDir(), settings.runtime().persistRunLogs());
        ExecutorHealth health = new ExecutorHealth(settings, adapters, runner, Duration.ofSeconds(30));
        this.runs = new RunManager(settings, adapters, runner, store, health, cancelGrace);
        this.recovered = runs.recover();
        Set<String> hosts = Arrays.stream(environment.getOrDefault(ENV_ALLOWED_HOSTS, "").split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).collect(Collectors.toSet());
        try {
            this.http = new BridgeHttpServer(settings, runs, health, hosts, VERSION);
        } catch (IOException e) {
            runs.close();
            throw e;
        }
    }

    public int port() {
        return http.port();
    }

    /** Runs found unfinished in {@code log_dir} at start and reported as failed_transient. */
    public int recoveredRuns() {
        return recovered;
    }

    public RunManager runs() {
        return runs;
    }

    @Override
    public void close() {
        http.close();
        runs.close();
    }
}

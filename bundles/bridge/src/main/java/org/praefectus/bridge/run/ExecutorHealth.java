package org.praefectus.bridge.run;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.praefectus.bridge.adapter.AgentAdapter;
import org.praefectus.bridge.adapter.ExecutorProbe;
import org.praefectus.bridge.adapter.GenericProbe;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.plugins.process.ProcessRunner;

/**
 * Probes each configured executor (binary, version, real login state, capabilities) and keeps the answer
 * for {@code ttl}, so that health requests and run pre-flight checks do not start a process each time.
 */
public final class ExecutorHealth {

    private record Cached(ExecutorProbe probe, long atNanos) {}

    private final BridgeSettings settings;
    private final Map<String, AgentAdapter> adapters;
    private final ProcessRunner runner;
    private final Duration ttl;
    private final boolean passApiKeys;
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();

    /**
     * @param ttl         how long a positive answer is kept; a negative one (not logged in, no binary) is
     *                    asked again at once, so a login on the host takes effect with the next request
     * @param passApiKeys whether the probes, as the runs, see the host's API keys
     */
    public ExecutorHealth(
            BridgeSettings settings,
            Map<String, AgentAdapter> adapters,
            ProcessRunner runner,
            Duration ttl,
            boolean passApiKeys) {
        this.passApiKeys = passApiKeys;
        this.settings = settings;
        this.adapters = Map.copyOf(adapters);
        this.runner = runner;
        this.ttl = ttl;
    }

    public ExecutorProbe probe(String name) {
        BridgeSettings.Executor executor = settings.executors().get(name);
        AgentAdapter adapter = adapters.get(name);
        if (executor == null || adapter == null) {
            return new ExecutorProbe(
                    false,
                    null,
                    ExecutorProbe.NOT_DETECTED,
                    executor == null ? "not configured" : "no adapter registered for this executor type",
                    Map.of());
        }
        Cached cached = cache.get(name);
        long now = System.nanoTime();
        if (cached != null && now - cached.atNanos() < ttl.toNanos() && !negative(cached.probe())) {
            return cached.probe();
        }
        ExecutorProbe probe = adapter.isNativeCommand(executor.command())
                ? adapter.probe(executor, runner, adapter.environment(passApiKeys))
                : GenericProbe.probe(executor, runner);
        cache.put(name, new Cached(probe, System.nanoTime()));
        return probe;
    }

    /** An answer that may change any moment by the owner's hand: logged out, or no binary. */
    private static boolean negative(ExecutorProbe probe) {
        return !probe.binaryFound() || ExecutorProbe.NOT_AUTHENTICATED.equals(probe.loginState());
    }

    /** The contract's ExecutorSummary for every configured executor, sorted by name. */
    public List<Map<String, Object>> summaries() {
        return settings.executors().keySet().stream()
                .sorted()
                .map(name -> {
                    BridgeSettings.Executor e = settings.executors().get(name);
                    ExecutorProbe p = probe(name);
                    Map<String, Object> s = new LinkedHashMap<>();
                    s.put("name", name);
                    s.put("enabled", e.enabled());
                    s.put("binary_found", p.binaryFound());
                    s.put("login_state", p.loginState());
                    s.put("supports_noninteractive_batch", e.supportsNoninteractiveBatch());
                    s.put("supports_cancel", e.supportsCancel());
                    return s;
                })
                .toList();
    }

    /** The full health of one executor (an addition to the contract: version, login detail, capabilities). */
    public Map<String, Object> detail(String name) {
        BridgeSettings.Executor e = settings.executors().get(name);
        ExecutorProbe p = probe(name);
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("name", name);
        s.put("enabled", e.enabled());
        s.put("adapter_registered", adapters.containsKey(name));
        s.put("binary_found", p.binaryFound());
        s.put("version", p.version());
        s.put("login_state", p.loginState());
        s.put("login_detail", p.loginDetail());
        s.put("capabilities", p.capabilities());
        s.put("requires_login", e.requiresLogin());
        s.put("supports_noninteractive_batch", e.supportsNoninteractiveBatch());
        s.put("supports_cancel", e.supportsCancel());
        return s;
    }

    /** healthy: every enabled executor usable; degraded: some; unavailable: none (seed §19.3). */
    public String overallStatus() {
        int enabled = 0;
        int usable = 0;
        for (Map.Entry<String, BridgeSettings.Executor> entry :
                settings.executors().entrySet()) {
            if (!entry.getValue().enabled()) {
                continue;
            }
            enabled++;
            ExecutorProbe p = probe(entry.getKey());
            boolean loginOk =
                    !entry.getValue().requiresLogin() || !ExecutorProbe.NOT_AUTHENTICATED.equals(p.loginState());
            if (p.binaryFound() && loginOk) {
                usable++;
            }
        }
        if (enabled > 0 && usable == enabled) {
            return "healthy";
        }
        return usable > 0 ? "degraded" : "unavailable";
    }
}

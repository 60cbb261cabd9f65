package org.praefectus.daemon;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.api.cli.OwnedStdout;
import org.praefectus.api.desktop.DesktopProfiles;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopSettings;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.LedgerSettings;
import org.praefectus.api.executor.GlobalInput;
import org.praefectus.api.executor.GlobalInputOptIn;
import org.praefectus.api.host.AuditLine;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.daemon.host.DaemonHost;
import org.praefectus.daemon.ipc.IpcMethods;
import org.praefectus.daemon.ipc.IpcServer;
import org.praefectus.daemon.ipc.SocketServices;
import org.praefectus.daemon.rpc.RpcEndpoint;
import org.praefectus.daemon.rpc.RpcSettings;
import org.praefectus.logging.ProcessLog;
import org.praefectus.logging.RedactedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The resident runtime behind {@code praefectus daemon}: pins the daemon's key and ledger in the engine's
 * configuration, registers {@link ResidentHost} for as long as it runs, serves the socket (and gRPC through
 * whichever {@link RpcEndpoint} is present), and stops cleanly when the framework stops (SIGTERM): requests
 * in flight are cancelled and allowed to end with their honest terminals before the host is withdrawn.
 */
@Component(service = ResidentRuntime.class)
public final class ResidentRuntime {

    static final String KEY_FILE = "host-key.ed25519";
    static final String ISSUER = "praefectus-daemon";
    static final String POLICY_GENERATION = "daemon-1";
    static final long ENGINE_WAIT_SECONDS = 30;
    static final long DRAIN_MILLIS = 10_000;

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final Logger LOG = LoggerFactory.getLogger(ResidentRuntime.class);

    /** The daemon's log: {@code STATE/logs/daemon.log}. */
    static final String LOG_NAME = "daemon";

    private final BundleContext context;
    /** Who opted into global input when the daemon registers the opt-in. */
    static final String INPUT_OPT_IN = "praefectus daemon --allow-input";

    private final CommandLine commandLine;
    private final CountDownLatch stop = new CountDownLatch(1);
    private final CountDownLatch stopped = new CountDownLatch(1);
    /** Whether {@link #run} began: only a run has anything to drain (help activates this component too). */
    private final AtomicBoolean running = new AtomicBoolean();

    private final Object engineArrived = new Object();

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile Engine engine;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile RpcEndpoint rpc;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile DesktopService desktop;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile DesktopProfiles profiles;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile LedgerSettings ledgerSettings;

    /** The desktop bundle's settings; absent where the runtime has no desktop bundle (nothing to configure). */
    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile DesktopSettings desktopSettings;

    @Reference(
            service = CliCommand.class,
            cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile List<ServiceReference<CliCommand>> commands = List.of();

    private final SocketServices services;

    @Activate
    public ResidentRuntime(
            BundleContext context, @Reference CommandLine commandLine, @Reference SocketServices services) {
        this.context = context;
        this.commandLine = commandLine;
        this.services = services;
    }

    /** The framework is stopping: end the run and wait (bounded) until it has drained. */
    @Deactivate
    void deactivate() {
        stop.countDown();
        if (!running.get()) {
            return;
        }
        try {
            stopped.await(DRAIN_MILLIS + 5_000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Runs the daemon until the framework stops; writes one ready envelope on stdout once it serves. */
    Object run(String command, List<String> arguments) throws CliCommandException {
        running.set(true);
        try {
            DaemonOptions options = DaemonOptions.parse(command, arguments, System.getenv());
            return serve(options);
        } finally {
            stopped.countDown();
        }
    }

    /** Opens the daemon's log in its state folder for as long as it runs: the one long-running command's log. */
    private Object serve(DaemonOptions options) throws CliCommandException {
        ProcessLog.Handle log;
        try {
            log = ProcessLog.open(options.stateDirectory(), LOG_NAME, options.log());
        } catch (IOException e) {
            throw CliCommandException.failure(
                    "state_unavailable", "the daemon state folder is unusable: " + e.getMessage());
        }
        try (log) {
            LOG.info(
                    "daemon starting (pid {}, log level {})",
                    ProcessHandle.current().pid(),
                    options.log().level());
            return serveWithLog(options);
        } catch (CliCommandException failed) {
            LOG.error("the daemon did not start: {}", failed.code());
            throw failed;
        } catch (RuntimeException failed) {
            LOG.error("the daemon failed", RedactedException.of(failed));
            throw failed;
        }
    }

    private Object serveWithLog(DaemonOptions options) throws CliCommandException {
        Path state = options.stateDirectory();
        HostSigner signer;
        AuditLog audit;
        try {
            HostKey key = HostKey.loadOrCreate(state.resolve(KEY_FILE));
            signer = new HostSigner(key, ISSUER, key.derivedKeyId("daemon"), POLICY_GENERATION);
            audit = new AuditLog(state.resolve("audit.jsonl"), "daemon", Clock.systemUTC());
        } catch (IOException e) {
            throw CliCommandException.failure(
                    "state_unavailable", "the daemon state folder is unusable: " + e.getMessage());
        }
        try (audit) {
            ledger(state.resolve("operations.jsonl"));
            desktopSettings(options);
            // pinned through the host kit's whiteboard for exactly as long as the daemon runs
            ServiceRegistration<PinnedIssuer> pin = context.registerService(
                    PinnedIssuer.class,
                    signer.pinnedIssuer(),
                    FrameworkUtil.asDictionary(Map.of(PinnedIssuer.HOST_PROPERTY, ISSUER)));
            try {
                serve(options, signer, audit);
            } finally {
                try {
                    pin.unregister();
                } catch (IllegalStateException alreadyGone) {
                    // the framework withdrew it already
                }
            }
        } catch (IOException closing) {
            // the audit log failed to close: the daemon stops anyway
        }
        return OwnedStdout.INSTANCE;
    }

    private void serve(DaemonOptions options, HostSigner signer, AuditLog audit) throws CliCommandException {
        if (!awaitEngine()) {
            throw CliCommandException.failure("engine_unavailable", "the engine did not start within 30 s");
        }
        boolean sandboxed = options.sandboxBasic() && Sandbox.basic();
        if (options.sandboxBasic() && !sandboxed) {
            throw CliCommandException.failure("sandbox_unavailable", "--sandbox basic could not be applied");
        }
        DaemonHost host = new DaemonHost(signer, options.gates(), () -> engine, audit, Clock.systemUTC(), subject());
        Status status = new Status(options, signer, sandboxed);
        IpcMethods methods = new IpcMethods(new View(host, audit, status, options.visionFallback()));
        IpcServer ipc;
        try {
            ipc = IpcServer.start(options.socket(), methods);
        } catch (IpcServer.DaemonRunningException running) {
            throw CliCommandException.failure("daemon_running", "another daemon answers on the socket");
        } catch (IOException e) {
            throw CliCommandException.failure("socket_unavailable", "the daemon socket cannot be bound");
        }
        status.ipc = ipc;
        status.methods = methods;
        ServiceRegistration<ResidentHost> registration = context.registerService(
                ResidentHost.class, host, FrameworkUtil.asDictionary(Map.of("praefectus.host", ISSUER)));
        // the operator's one opt-in: --allow-input (or PEEKABOOX_ALLOW_INPUT=1) lets the engine and the executor of
        // this runtime deliver global input for as long as the daemon runs; nothing else needs setting
        ServiceRegistration<GlobalInputOptIn> inputOptIn = options.gates().allowInput()
                ? context.registerService(GlobalInputOptIn.class, () -> INPUT_OPT_IN, null)
                : null;
        AutoCloseable endpoint = null;
        try {
            RpcEndpoint grpc = rpc;
            if (options.grpc() && grpc != null) {
                try {
                    endpoint = grpc.start(
                            new RpcSettings(options.grpcHost(), options.grpcPort(), options.grpcToken()), methods);
                    status.grpcAddress = grpc.address();
                } catch (IOException e) {
                    throw CliCommandException.failure("grpc_unavailable", "the gRPC address cannot be bound");
                }
            }
            audit.record(AuditLine.of(AuditLine.RUNTIME, "started")
                    .profile(options.gates().profile())
                    .facts(status.audit()));
            LOG.info(
                    "daemon serving: profile {}, gRPC {}",
                    options.gates().profile().wireName(),
                    status.grpcAddress == null ? "off" : status.grpcAddress);
            ready(status.map());
            stop.await();
            System.err.println("praefectus daemon: stopping");
            LOG.info("daemon stopping");
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        } finally {
            ipc.close(DRAIN_MILLIS);
            if (endpoint != null) {
                try {
                    endpoint.close();
                } catch (Exception ignored) {
                    // stopping anyway
                }
            }
            try {
                registration.unregister();
                if (inputOptIn != null) {
                    inputOptIn.unregister();
                }
            } catch (IllegalStateException alreadyGone) {
                // the framework withdrew it already
            }
            audit.record(AuditLine.of(AuditLine.RUNTIME, "stopped"));
        }
    }

    private static void ready(Map<String, Object> status) {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("ok", true);
        envelope.put("data", status);
        try {
            System.out.println(JSON.writeValueAsString(envelope));
        } catch (com.fasterxml.jackson.core.JsonProcessingException impossible) {
            System.out.println("{\"ok\":true,\"data\":{}}");
        }
        System.out.flush();
    }

    /** Points the engine's ledger at the daemon's own, unless another host configured one (LedgerSettings). */
    private void ledger(Path ledger) throws CliCommandException {
        LedgerSettings settings = ledgerSettings;
        try {
            if (settings == null) {
                throw new IOException("no engine");
            }
            if (!settings.claim(ledger, ISSUER)) {
                throw CliCommandException.failure(
                        "ledger_configured",
                        "another host of this runtime configured the engine's ledger; the daemon does not move it");
            }
        } catch (IOException e) {
            throw CliCommandException.failure("engine_unavailable", "the engine's configuration cannot be written");
        }
    }

    /**
     * Applies --accessibility-cache-ttl-ms, --no-accessibility-events and --no-emergency-hotkey to the desktop
     * bundle. The hotkey setting is written only when turned off: the default grabs, and the runtime's
     * configurations live in memory, so the next start begins from the default again.
     */
    private void desktopSettings(DaemonOptions options) throws CliCommandException {
        DesktopSettings settings = desktopSettings;
        if (settings == null) {
            return;
        }
        try {
            settings.elementCache(options.accessibilityCacheTtlMs(), options.accessibilityEvents());
            if (!options.emergencyHotkey()) {
                settings.emergencyHotkey(false);
            }
        } catch (IOException e) {
            throw CliCommandException.failure("desktop_unavailable", "the desktop's configuration cannot be written");
        }
    }

    private boolean awaitEngine() {
        long until = System.currentTimeMillis() + TimeUnit.SECONDS.toMillis(ENGINE_WAIT_SECONDS);
        synchronized (engineArrived) {
            while (engine == null && System.currentTimeMillis() < until && stop.getCount() > 0) {
                try {
                    engineArrived.wait(50);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return engine != null;
    }

    private static String subject() {
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9_-]", "_");
        return "daemon-" + (user.isEmpty() ? "user" : user);
    }

    /** The daemon's running state, for the ready line, {@code ping} and {@code status}. */
    private static final class Status {
        final DaemonOptions options;
        final HostSigner signer;
        final boolean sandboxed;
        final long startedAtMs = System.currentTimeMillis();
        volatile IpcServer ipc;
        volatile IpcMethods methods;
        volatile String grpcAddress;

        Status(DaemonOptions options, HostSigner signer, boolean sandboxed) {
            this.options = options;
            this.signer = signer;
            this.sandboxed = sandboxed;
        }

        Map<String, Object> map() {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("daemon", "praefectus");
            map.put("pid", ProcessHandle.current().pid());
            map.put("socket", options.socket().toString());
            map.put("grpc", grpcAddress);
            map.put("profile", options.gates().profile().wireName());
            map.put("allow_input", options.gates().allowInput());
            map.put("allow_plugins", options.gates().allowPlugins());
            // what the engine and the executor decide, and why (GlobalInput is the one place of that rule)
            GlobalInputOptIn optIn = options.gates().allowInput() ? () -> INPUT_OPT_IN : null;
            map.put("global_input", GlobalInput.allowed(System.getenv(), optIn));
            map.put("input", GlobalInput.reason(System.getenv(), optIn));
            map.put("sandbox", sandboxed ? "basic" : "none");
            map.put("key_id", signer.keyId());
            map.put("started_at_ms", startedAtMs);
            map.put("uptime_ms", System.currentTimeMillis() - startedAtMs);
            if (ipc != null) {
                map.put("connections", ipc.connections());
            }
            if (methods != null) {
                map.put("in_flight", methods.inFlight());
            }
            Map<String, Object> cache = new LinkedHashMap<>();
            cache.put("ttl_ms", options.accessibilityCacheTtlMs());
            cache.put("events", options.accessibilityEvents());
            map.put("accessibility_cache", cache);
            map.put("vision_fallback", options.visionFallback());
            map.put("emergency_hotkey", options.emergencyHotkey());
            return map;
        }

        Map<String, Object> audit() {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("allow_input", options.gates().allowInput());
            map.put("allow_plugins", options.gates().allowPlugins());
            map.put("key_id", signer.keyId());
            map.put("grpc_token", options.grpcToken() != null);
            return map;
        }
    }

    /** What the socket's methods see of this runtime. */
    private final class View implements IpcMethods.DaemonState {
        private final DaemonHost host;
        private final AuditLog audit;
        private final Status status;
        private final boolean visionFallback;

        View(DaemonHost host, AuditLog audit, Status status, boolean visionFallback) {
            this.host = host;
            this.audit = audit;
            this.status = status;
            this.visionFallback = visionFallback;
        }

        @Override
        public boolean visionFallback() {
            return visionFallback;
        }

        @Override
        public CommandLine commandLine() {
            return commandLine;
        }

        @Override
        public SocketServices services() {
            return services;
        }

        @Override
        public Engine engine() {
            return engine;
        }

        @Override
        public DaemonHost host() {
            return host;
        }

        @Override
        public DesktopService desktop() {
            return desktop;
        }

        @Override
        public DesktopProfiles profiles() {
            return profiles;
        }

        @Override
        public AuditLog audit() {
            return audit;
        }

        @Override
        public Set<String> commands() {
            List<Map<String, Object>> properties = new ArrayList<>();
            for (ServiceReference<CliCommand> reference : commands) {
                Object name = reference.getProperty(CliCommand.NAME_PROPERTY);
                if (name != null) {
                    properties.add(Map.of(CliCommand.NAME_PROPERTY, name));
                }
            }
            return IpcMethods.names(properties);
        }

        @Override
        public Map<String, Object> status() {
            return status.map();
        }

        @Override
        public String display() {
            String display = System.getenv("DISPLAY");
            return display == null ? "" : display;
        }
    }
}

package org.praefectus.daemon.ipc;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopProfiles;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.host.AuditLine;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.host.Capability;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.resident.ActionProposal;
import org.praefectus.api.resident.HostRefusedException;
import org.praefectus.api.text.CallerText;
import org.praefectus.daemon.host.DaemonHost;
import org.praefectus.daemon.rpc.DaemonMethods;
import org.praefectus.logging.RedactedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's request methods. A request line is {@code {"method":M,"params":{…},"id":…}} (PeekabooX's
 * {@code {"version":"peekaboox.v1","request":{"method":M,…fields}}} is accepted too); the reply is one
 * envelope line with the request's {@code id} echoed. PeekabooX's methods call the typed services that
 * implement them (the desktop, profiles, vision, capture, plugins and the engine); {@code cli} is the CLI's own
 * path, running the command line a CLI client was given; {@code observe} and
 * {@code act} keep this connection's last observation so a tag can be acted on, signed by the daemon host.
 */
public final class IpcMethods implements DaemonMethods {

    private static final Logger LOG = LoggerFactory.getLogger(IpcMethods.class);

    /** Commands that never run inside the daemon. */
    static final Set<String> LOCAL_ONLY = Set.of("daemon", "run", "mcp", "demo", "cdp-demo");

    static final long OBSERVATION_DEADLINE_MS = 30_000;

    /** PeekabooX daemon methods with no implementation in this runtime: answered {@code unsupported}. */
    static final Set<String> NOT_IMPLEMENTED = Set.of("probe_dmabuf");

    /** What the methods need from the running daemon. */
    public interface DaemonState {
        CommandLine commandLine();

        Engine engine();

        DaemonHost host();

        /** The platform's desktop service, or {@code null} when none is registered (no platform bundle here). */
        DesktopService desktop();

        /** The platform's desktop profiles, or {@code null} when none are registered (no platform bundle here). */
        DesktopProfiles profiles();

        AuditLog audit();

        /** Commands available now, by name. */
        Set<String> commands();

        /** The daemon's status, for {@code ping} and {@code status} without an operation id. */
        Map<String, Object> status();

        /** The DISPLAY the daemon serves ("" for none). */
        String display();

        /** Whether element lookups fall back to vision by default ({@code --vision-fallback}). */
        boolean visionFallback();

        /** The typed services of the vision, capture and plugin methods. */
        SocketServices services();
    }

    /** The commands {@code --vision-fallback} reaches: element lookups, whichever route they come by. */
    static final Set<String> ELEMENT_LOOKUPS = Set.of("elements", "find");

    private final DaemonState runtime;
    private final Set<CancellationToken> inFlight = ConcurrentHashMap.newKeySet();

    public IpcMethods(DaemonState runtime) {
        this.runtime = runtime;
    }

    AuditLog audit() {
        return runtime.audit();
    }

    /** Cancels every request in flight: each ends at its next boundary with an honest terminal. */
    public void cancelAll() {
        inFlight.forEach(CancellationToken::cancel);
    }

    /** Waits until no request is in flight, at most {@code millis}. */
    public void awaitIdle(long millis) {
        long until = System.currentTimeMillis() + millis;
        synchronized (inFlight) {
            while (!inFlight.isEmpty() && System.currentTimeMillis() < until) {
                try {
                    inFlight.wait(Math.max(1, until - System.currentTimeMillis()));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    public int inFlight() {
        return inFlight.size();
    }

    byte[] handle(byte[] line, IpcSession session) {
        JsonNode request;
        try {
            request = Replies.JSON.readTree(line);
        } catch (java.io.IOException malformed) {
            return Replies.failure("invalid_json", "the request line is not JSON");
        }
        if (request == null || !request.isObject()) {
            return Replies.failure("invalid_request", "a request is a JSON object with a method");
        }
        JsonNode id = request.get("id");
        boolean nested = request.has("request") && request.get("request").isObject();
        JsonNode body = nested ? request.get("request") : request;
        JsonNode method = body.get("method");
        if (method == null || !method.isTextual()) {
            return Replies.withId(Replies.failure("invalid_request", "a request is a JSON object with a method"), id);
        }
        // PeekabooX's v1 envelope carries the method beside its fields: the fields are the request without it
        JsonNode params = nested ? withoutMethod(body) : request.path("params");
        return Replies.withId(invoke(method.asText(), params, session), id);
    }

    private static JsonNode withoutMethod(JsonNode body) {
        com.fasterxml.jackson.databind.node.ObjectNode fields = body.deepCopy();
        fields.remove("method");
        return fields;
    }

    @Override
    public byte[] call(String method, byte[] paramsJson) {
        JsonNode params;
        try {
            params = Replies.JSON.readTree(paramsJson);
        } catch (java.io.IOException malformed) {
            return Replies.failure("invalid_json", "the parameters are not JSON");
        }
        return invoke(method, params == null ? Replies.JSON.missingNode() : params, new IpcSession());
    }

    @Override
    public boolean visionFallback() {
        return runtime.visionFallback();
    }

    @Override
    public <T> T desktop(DesktopCall<T> call) throws DesktopException {
        DesktopService desktop = runtime.desktop();
        if (desktop == null) {
            throw new DesktopException("unsupported", "this runtime has no desktop service (no platform bundle)");
        }
        CancellationToken token = new CancellationToken();
        inFlight.add(token);
        try {
            return call.call(desktop, runtime.host(), token);
        } finally {
            synchronized (inFlight) {
                inFlight.remove(token);
                inFlight.notifyAll();
            }
        }
    }

    private byte[] invoke(String method, JsonNode params, IpcSession session) {
        CancellationToken token = new CancellationToken();
        inFlight.add(token);
        try {
            return dispatch(method, params, session, token);
        } catch (IpcException refused) {
            return Replies.failure(refused.code(), refused.getMessage(), refused.details());
        } catch (RuntimeException unexpected) {
            // the exception text may hold anything a backend saw: report the kind of failure only
            LOG.error("{} failed inside the daemon", method, RedactedException.of(unexpected));
            return Replies.failure("internal_error", "the request failed inside the daemon");
        } finally {
            synchronized (inFlight) {
                inFlight.remove(token);
                inFlight.notifyAll();
            }
        }
    }

    private byte[] dispatch(String method, JsonNode params, IpcSession session, CancellationToken token)
            throws IpcException {
        if (SocketDesktop.METHODS.contains(method)) {
            return Replies.success(desktop().call(method, params, token));
        }
        if (SocketProfiles.METHODS.contains(method)) {
            return Replies.success(profiles().call(method, params, token));
        }
        if (SocketVision.METHODS.contains(method)) {
            RequestFields fields = new RequestFields(method, params);
            return Replies.success(new SocketVision(runtime.services().imageAnalysis()).call(method, fields));
        }
        if (SocketCapture.METHODS.contains(method)) {
            return Replies.success(
                    new SocketCapture(runtime.services()).call(method, new RequestFields(method, params), token));
        }
        if (SocketAgentRuntime.METHODS.contains(method)) {
            return Replies.success(new SocketAgentRuntime(runtime.services(), runtime.host(), runtime.audit())
                    .call(method, new RequestFields(method, params), token));
        }
        if (SocketEngine.METHODS.contains(method)) {
            return Replies.success(new SocketEngine(this::engine, runtime::status)
                    .call(method, new RequestFields(method, params), token));
        }
        switch (method) {
            case "ping" -> {
                return Replies.success(Map.of("pong", true, "version", "peekaboox.v1"));
            }
            case "cli" -> {
                return cliRequest(params);
            }
            case "observe" -> {
                return observe(params, session, token);
            }
            case "act" -> {
                return act(params, session, token);
            }
            case "call_plugin_tool" -> {
                pluginGate("call_plugin_tool", null);
                return audited("call_plugin_tool", null, plugins(method, params));
            }
            case "list_plugins" -> {
                return plugins(method, params);
            }
            default -> {
                if (NOT_IMPLEMENTED.contains(method)) {
                    throw new IpcException("unsupported", method + " is not implemented by this daemon");
                }
                throw new IpcException("unknown_method", "unknown method: " + CallerText.shown(method));
            }
        }
    }

    private byte[] plugins(String method, JsonNode params) {
        try {
            RequestFields fields = new RequestFields(method, params);
            return Replies.success(new SocketPlugins(runtime.services().processPlugins()).call(method, fields));
        } catch (IpcException refused) {
            return Replies.failure(refused.code(), refused.getMessage(), refused.details());
        }
    }

    /** The CLI's own path: {@code {"argv":[…],"auto":bool,"display":":1"}}. */
    private byte[] cliRequest(JsonNode params) throws IpcException {
        JsonNode argv = params.get("argv");
        if (argv == null || !argv.isArray() || argv.isEmpty()) {
            throw IpcException.invalid("cli needs a non-empty argv array");
        }
        List<String> arguments = new ArrayList<>();
        for (JsonNode argument : argv) {
            if (!argument.isTextual()) {
                throw IpcException.invalid("every argv element is a string");
            }
            arguments.add(argument.asText());
        }
        if (params.path("auto").asBoolean(false)
                && !params.path("display").asText("").equals(runtime.display())) {
            throw new IpcException("not_routed", "this daemon serves another display");
        }
        if (LOCAL_ONLY.contains(arguments.get(0))) {
            throw new IpcException("usage", arguments.get(0) + " runs in its own process, never through the daemon");
        }
        // the CLI's route runs commands inside the daemon: those with effects beyond the desktop's signed verbs stand
        // behind the same gate as their socket method, and every one is audited (its name and outcome, no arguments)
        if (PLUGIN_COMMANDS.contains(arguments.get(0))) {
            pluginGate("cli", arguments.get(0));
        }
        return audited("cli", arguments.get(0), cli(arguments));
    }

    /** The preflight gate's command: audited as a preflight check too. */
    static final String PREFLIGHT_COMMAND = "preflight";

    /** Commands that run a plugin's process: behind the plugin gate on every route. */
    static final Set<String> PLUGIN_COMMANDS = Set.of("plugin-call");

    /**
     * Refuses (and audits the refusal as a check of plugin_execute) unless the policy lets plugins run: the socket
     * {@code method}, and the CLI {@code command} it runs ({@code null}: none).
     */
    private void pluginGate(String method, String command) throws IpcException {
        try {
            runtime.host().gates().checkPlugins();
        } catch (HostRefusedException refused) {
            AuditLine line = AuditLine.of(AuditLine.CAPABILITY, "refused")
                    .method(method)
                    .capability(Capability.PLUGIN_EXECUTE)
                    .profile(runtime.host().gates().profile())
                    .reason(refused.code());
            runtime.audit().record(command == null ? line : line.command(command));
            LOG.warn("refused {}: {}", command == null ? method : command, refused.code());
            throw new IpcException(refused.code(), refused.getMessage());
        }
    }

    /**
     * Records that the socket {@code method} (and the CLI {@code command} it ran, {@code null}: none) ran through the
     * daemon, and how it ended: the envelope's error code as the reason, never data or arguments.
     */
    private byte[] audited(String method, String command, byte[] envelope) {
        AuditLine line = AuditLine.of(command == null ? AuditLine.CALL : AuditLine.COMMAND, "executed")
                .method(method);
        if (command != null) {
            line.command(command);
        }
        String outcome = DaemonEnvelope.ok(envelope) ? null : DaemonEnvelope.errorCode(envelope);
        runtime.audit().record(line.reason(outcome));
        if (PREFLIGHT_COMMAND.equals(command)) {
            // the preflight gate's own line, as MCP's preflight writes it (read back by preflight_audit)
            runtime.audit()
                    .record(AuditLine.of(AuditLine.PREFLIGHT, outcome == null ? "passed" : "blocked")
                            .method(method)
                            .command(command)
                            .reason(outcome));
        }
        LOG.debug(
                "{} ran through the daemon: {}", command == null ? method : command, outcome == null ? "ok" : outcome);
        return envelope;
    }

    private byte[] cli(List<String> requested) {
        List<String> arguments = withDefaults(requested, runtime.visionFallback());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        runtime.commandLine().run(arguments, out, new PrintStream(err, true, StandardCharsets.UTF_8));
        byte[] envelope = out.toByteArray();
        int end = envelope.length;
        while (end > 0 && (envelope[end - 1] == '\n' || envelope[end - 1] == '\r')) {
            end--;
        }
        return java.util.Arrays.copyOf(envelope, end);
    }

    /** The daemon's defaults added to a command line: {@code --vision-fallback} for an element lookup. */
    static List<String> withDefaults(List<String> arguments, boolean visionFallback) {
        if (!visionFallback
                || !ELEMENT_LOOKUPS.contains(arguments.get(0))
                || arguments.contains("--vision-fallback")
                || arguments.contains("--help")) {
            return arguments;
        }
        List<String> with = new ArrayList<>(arguments);
        with.add("--vision-fallback");
        return with;
    }

    private byte[] observe(JsonNode params, IpcSession session, CancellationToken token) throws IpcException {
        Engine engine = engine();
        long deadline = System.currentTimeMillis() + OBSERVATION_DEADLINE_MS;
        SemanticObservation observation;
        try {
            observation = params.hasNonNull("surface")
                    ? engine.observeSurface(new SurfaceRef(params.get("surface").asText()), token, deadline)
                    : engine.observeSemantic(token, deadline);
        } catch (EngineException e) {
            throw noExecutor(e);
        } catch (ExecutorException e) {
            throw new IpcException(
                    "observation_error",
                    "observation is unavailable: " + e.failure().code());
        } catch (IllegalArgumentException invalid) {
            throw IpcException.invalid("the surface is not a valid surface reference");
        }
        session.observed(observation);
        return Replies.success(ProtocolJson.encode(observation).toPlain());
    }

    private byte[] act(JsonNode params, IpcSession session, CancellationToken token) throws IpcException {
        Action action = ActionParameters.parse(params.get("action"));
        TargetRef target = params.has("point") ? point(params.get("point"), token) : element(params, session);
        InteractionMode mode =
                params.path("interaction_mode").asText("interactive").equals("background_only")
                        ? InteractionMode.BACKGROUND_ONLY
                        : InteractionMode.INTERACTIVE;
        ActionProposal proposal = new ActionProposal(
                action,
                target,
                mode,
                ActionParameters.verification(action),
                SafetyClass.REVERSIBLE,
                System.currentTimeMillis() + OBSERVATION_DEADLINE_MS);
        try {
            ExecuteReport report = runtime.host().act(proposal, token);
            return Replies.success(report.toJson().toPlain());
        } catch (HostRefusedException refused) {
            throw new IpcException(refused.code(), refused.getMessage());
        } catch (EngineException refused) {
            throw new IpcException(refused.error().code(), "the engine refused the request before a claim");
        }
    }

    /** A tag of this connection's last observation, as a fenced element target. */
    private static TargetRef element(JsonNode params, IpcSession session) throws IpcException {
        SemanticObservation observation = session.observation();
        if (observation == null) {
            throw new IpcException("no_observation", "observe on this connection first, then act on one of its tags");
        }
        if (!params.path("tag").isTextual()) {
            throw IpcException.invalid("act needs a tag from the last observation, or a point");
        }
        try {
            return new TargetRef.Element(observation.target(params.get("tag").asText()));
        } catch (ProtocolException unknown) {
            throw new IpcException("unknown_tag", "the tag is not in this connection's last observation");
        }
    }

    /** {@code {"x":…,"y":…}} on the first display, fenced by a coordinate observation taken now. */
    private TargetRef point(JsonNode point, CancellationToken token) throws IpcException {
        if (!point.path("x").isIntegralNumber() || !point.path("y").isIntegralNumber()) {
            throw IpcException.invalid("a point is {\"x\":int,\"y\":int}");
        }
        CoordinateObservation observation;
        try {
            observation = engine().observeCoordinates(token, System.currentTimeMillis() + OBSERVATION_DEADLINE_MS);
        } catch (EngineException e) {
            throw noExecutor(e);
        } catch (ExecutorException e) {
            throw new IpcException(
                    "observation_error",
                    "coordinate observation is unavailable: " + e.failure().code());
        }
        if (observation.displays().isEmpty()) {
            throw new IpcException("observation_error", "no display is observed");
        }
        return new TargetRef.Coordinates(
                point.get("x").asLong(),
                point.get("y").asLong(),
                observation.displays().get(0).displayId(),
                observation.displayGeometryHash(),
                observation.snapshotId(),
                observation.snapshotContentHash());
    }

    /** The socket's adapter of the platform's desktop service, signed by the daemon's host. */
    private SocketDesktop desktop() throws IpcException {
        DesktopService desktop = runtime.desktop();
        if (desktop == null) {
            throw new IpcException("unsupported", "this runtime has no desktop service (no platform bundle)");
        }
        return new SocketDesktop(desktop, runtime.host(), runtime.visionFallback());
    }

    /** The socket's adapter of the platform's desktop profiles, effects signed by the daemon's host. */
    private SocketProfiles profiles() throws IpcException {
        DesktopProfiles profiles = runtime.profiles();
        if (profiles == null) {
            throw new IpcException("unsupported", "this runtime has no desktop profiles (no platform bundle)");
        }
        return new SocketProfiles(profiles, runtime.host());
    }

    @Override
    public <T> T profiles(ProfilesCall<T> call) throws DesktopException {
        DesktopProfiles profiles = runtime.profiles();
        if (profiles == null) {
            throw new DesktopException("unsupported", "this runtime has no desktop profiles (no platform bundle)");
        }
        CancellationToken token = new CancellationToken();
        inFlight.add(token);
        try {
            return call.call(profiles, runtime.host(), token);
        } finally {
            synchronized (inFlight) {
                inFlight.remove(token);
                inFlight.notifyAll();
            }
        }
    }

    /** The engine: it observes through the executor it dispatches to, so observed targets meet their executor. */
    private Engine engine() throws IpcException {
        Engine engine = runtime.engine();
        if (engine == null) {
            throw new IpcException("executor_unavailable", "no executor is active for this desktop");
        }
        return engine;
    }

    private static IpcException noExecutor(EngineException e) {
        return new IpcException(e.error().code(), "no executor is active for this desktop");
    }

    /** The CLI command names the runtime offers, from the whiteboard's service properties. */
    public static Set<String> names(List<? extends Map<String, Object>> properties) {
        Set<String> names = new java.util.HashSet<>(Set.of("capabilities", "help"));
        for (Map<String, Object> service : properties) {
            if (service.get(CliCommand.NAME_PROPERTY) instanceof String name) {
                names.add(name);
            }
        }
        return names;
    }
}

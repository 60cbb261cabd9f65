package org.praefectus.mcp.host;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.plugin.PluginCallException;
import org.praefectus.api.plugin.PluginCallLimits;
import org.praefectus.api.plugin.PluginTool;
import org.praefectus.api.plugin.PluginToolResult;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.ProtocolHashes;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.VisionException;

/**
 * The MCP tools as plain Java: capability check, observation, approval, signing, engine call and audit.
 * Transport-free, so stdio, HTTP and unit tests call the same code. Order for {@code act}: profile →
 * arguments → current observation → operation memory (replay) → confirmation → sign → engine.
 */
public final class ToolHost {

    /**
     * Per call: who is calling (for the observation cache), how to ask for a yes, the call's cancellation and
     * where its progress goes.
     */
    public record CallContext(
            String sessionKey, Confirmer confirmer, CallCancellation cancellation, Progress progress) {

        /** A call nobody cancels and nobody watches. */
        public CallContext(String sessionKey, Confirmer confirmer) {
            this(sessionKey, confirmer, CallCancellation.none(), Progress.NONE);
        }
    }

    static final long OBSERVE_DEADLINE_MS = 30_000;
    static final int DEFAULT_MAX_ELEMENTS = 200;
    static final int DEFAULT_MAX_BYTES = 64 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HostServices services;
    private final HostAuthority authority;
    private final CapabilityProfile profile;
    private final ConfirmationPolicy confirmation;
    private final AuditLog audit;
    private final Clock clock;
    private final long grantTtlMs;
    private final long confirmationWindowSeconds;
    private final RecentOperations operations = new RecentOperations(1_024);
    private final VisionTools vision;
    private final Map<String, SemanticObservation> observations;
    private final Map<String, String> observedSurfaces = new java.util.concurrent.ConcurrentHashMap<>();

    public ToolHost(
            HostServices services,
            HostAuthority authority,
            CapabilityProfile profile,
            ConfirmationPolicy confirmation,
            AuditLog audit,
            Clock clock,
            long grantTtlMs,
            long confirmationWindowSeconds) {
        this.services = services;
        this.authority = authority;
        this.profile = profile;
        this.confirmation = confirmation;
        this.audit = audit;
        this.clock = clock;
        this.grantTtlMs = grantTtlMs;
        this.confirmationWindowSeconds = confirmationWindowSeconds;
        this.vision = new VisionTools(services, audit, OBSERVE_DEADLINE_MS);
        this.observations = java.util.Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, SemanticObservation> eldest) {
                return size() > 64;
            }
        });
    }

    /** This server's recent operations: id, action kind and action hash, most recent last (no content). */
    public List<Map<String, Object>> recentOperations() {
        List<Map<String, Object>> list = new ArrayList<>();
        for (String id : operations.ids()) {
            operations.find(id).ifPresent(entry -> {
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("operation_id", id);
                item.put("action", entry.draft().action().kind());
                try {
                    item.put("action_hash", ProtocolHashes.normalizedActionHash(entry.draft()));
                } catch (ProtocolException e) {
                    item.put("action_hash", null);
                }
                list.add(item);
            });
        }
        return list;
    }

    public CapabilityProfile profile() {
        return profile;
    }

    /** Runs one tool. Never throws for tool-level failures: those are {@link ToolResult#error()} results. */
    public ToolResult call(String tool, Map<String, Object> arguments, CallContext context) {
        Map<String, Object> args = arguments == null ? Map.of() : arguments;
        if (!profile.allowsTool(tool)) {
            audit.record(tool, "refused", "profile", Map.of("profile", profile.wireName()));
            return ToolResult.failure(
                    "capability_denied",
                    "the capability profile " + profile.wireName() + " does not allow the tool " + tool,
                    "ask the operator to start the MCP server with a profile that allows it",
                    true,
                    Map.of("profile", profile.wireName()));
        }
        try {
            return switch (tool) {
                case "capabilities" -> capabilities();
                case "surfaces" -> surfaces();
                case "observe" -> observe(args, context);
                case "act" -> act(args, context);
                case "status" -> status(args);
                case "capture_screen" -> captureScreen(args);
                case "ocr" -> vision.ocr(args);
                case "compare_images" -> vision.compareImages(args);
                case "detect_ui_state" -> vision.detectUiState(args);
                case "detect_ui_elements" -> vision.detectUiElements(args);
                case "list_plugins" -> listPlugins(args);
                case "call_plugin_tool" -> callPluginTool(args);
                default ->
                    ToolResult.failure("unknown_tool", "no tool named " + printable(tool), "call tools/list", true);
            };
        } catch (InvalidArgument e) {
            audit.record(tool, "refused", "invalid_arguments", Map.of());
            return ToolResult.failure("invalid_arguments", e.getMessage(), "fix the arguments and call again", true);
        }
    }

    private ToolResult capabilities() {
        try {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("capabilities", JSON.convertValue(services.engine().capabilities(), Map.class));
            body.put("profile", profile.wireName());
            body.put("confirmation_required", List.copyOf(new java.util.TreeSet<>(confirmation.actions())));
            body.put("confirmation_window_seconds", confirmationWindowSeconds);
            body.put("session", services.desktopSession());
            return ToolResult.ok(body);
        } catch (EngineException e) {
            return ToolResult.failure(
                    e.error().code(),
                    "the executor is unavailable",
                    "start the desktop session and call capabilities again (session shows what was found)",
                    true,
                    Map.of("session", services.desktopSession()));
        }
    }

    private ToolResult surfaces() {
        Optional<Executor> executor = services.executor();
        if (executor.isEmpty()) {
            return noExecutor();
        }
        try {
            List<Object> list = new ArrayList<>();
            for (var surface : executor.get().listSurfaces(new CancellationToken(), deadline())) {
                list.add(toMap(ProtocolJson.encode(surface)));
            }
            return ToolResult.ok(Map.of("surfaces", list));
        } catch (ExecutorException e) {
            return observationFailure(e);
        }
    }

    private ToolResult observe(Map<String, Object> args, CallContext context) {
        Optional<Executor> executor = services.executor();
        if (executor.isEmpty()) {
            return noExecutor();
        }
        int maxElements = intArgument(args, "max_elements", DEFAULT_MAX_ELEMENTS, 1, SemanticObservation.MAX_ELEMENTS);
        int maxBytes = intArgument(args, "max_bytes", DEFAULT_MAX_BYTES, 1_024, SemanticObservation.MAX_SNAPSHOT_BYTES);
        String surface = stringArgument(args, "surface", false);
        SemanticObservation observation;
        try {
            observation = surface == null
                    ? executor.get().observeSemantic(new CancellationToken(), deadline())
                    : executor.get().observeSurface(new SurfaceRef(surface), new CancellationToken(), deadline());
        } catch (ExecutorException e) {
            return observationFailure(e);
        } catch (RuntimeException e) {
            throw new InvalidArgument("surface is not a valid surface id");
        }
        observations.put(context.sessionKey(), observation);
        observedSurfaces.put(context.sessionKey(), surface == null ? "" : surface);
        List<Object> elements = new ArrayList<>();
        int bytes = 0;
        boolean cut = false;
        for (SemanticElement element : observation.elements()) {
            Map<String, Object> encoded = toMap(ProtocolJson.encode(element));
            int size = ProtocolJson.toJson(ProtocolJson.encode(element)).length + 1;
            if (elements.size() >= maxElements || bytes + size > maxBytes) {
                cut = true;
                break;
            }
            bytes += size;
            elements.add(encoded);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("observation_id", observation.observationId());
        body.put("generation", observation.generation());
        body.put("observed_at_ms", observation.observedAtMs());
        body.put("expires_at_ms", observation.expiresAtMs());
        body.put("provenance", toMap(ProtocolJson.encode(observation.provenance())));
        body.put("total_elements", observation.elements().size());
        body.put("returned_elements", elements.size());
        body.put("truncated", cut || observation.truncated());
        body.put("truncated_by_budget", cut);
        body.put("truncated_by_executor", observation.truncated());
        body.put("elements", elements);
        return ToolResult.ok(body);
    }

    private ToolResult act(Map<String, Object> args, CallContext context) {
        ActionArguments parsed = ActionArguments.parse(args);
        String kind = parsed.kind();
        Map<String, Object> lengths = parsed.auditLengths();
        if (!profile.allowsAction(kind)) {
            audit.record(
                    "act", "refused", "profile", merge(Map.of("action", kind, "profile", profile.wireName()), lengths));
            return ToolResult.failure(
                    "capability_denied",
                    "the capability profile does not allow this action",
                    "use a semantic action (invoke, set_value) or ask the operator for the operator profile",
                    true,
                    Map.of("profile", profile.wireName()));
        }
        String operationId = parsed.operationId() != null ? parsed.operationId() : "mcp-" + UUID.randomUUID();
        String fingerprint = parsed.fingerprint();
        Optional<RecentOperations.Entry> known = operations.find(operationId);
        ActionRequest draft;
        boolean replay = false;
        if (known.isPresent()) {
            if (!known.get().callFingerprint().equals(fingerprint)) {
                audit.record(
                        "act",
                        "refused",
                        "conflict",
                        merge(Map.of("action", kind, "operation_id", operationId), lengths));
                return ToolResult.failure(
                        "conflict",
                        "this operation id was used for a different call",
                        "use a new operation_id for a new action",
                        true,
                        Map.of("operation_id", operationId));
            }
            draft = known.get().draft();
            replay = true;
        } else {
            SemanticObservation observation = observations.get(context.sessionKey());
            if (observation == null) {
                audit.record("act", "refused", "no_observation", merge(Map.of("action", kind), lengths));
                return ToolResult.failure(
                        "no_observation",
                        "there is no current observation in this session",
                        "call observe, then act on a tag from it",
                        true);
            }
            try {
                // the request must outlive the person's answer: the deadline is part of the signed hash
                long deadlineAt = clock.millis()
                        + grantTtlMs
                        + (confirmation.requires(kind) ? confirmationWindowSeconds * 1_000L : 0);
                draft = authority.draft(
                        operationId,
                        sessionId(context),
                        parsed.action(observation),
                        parsed.target(observation),
                        parsed.verification(),
                        deadlineAt);
            } catch (ProtocolException e) {
                audit.record("act", "refused", "unknown_tag", merge(Map.of("action", kind), lengths));
                return ToolResult.failure(
                        "unknown_tag",
                        "the tag is not in the current observation",
                        "call observe again and use a tag from it",
                        true);
            }
        }
        String actionHash;
        try {
            actionHash = ProtocolHashes.normalizedActionHash(draft);
        } catch (ProtocolException e) {
            return ToolResult.failure("invalid_arguments", "the action is out of bounds", "fix the arguments", true);
        }
        Map<String, Object> ids =
                merge(Map.of("action", kind, "operation_id", operationId, "action_hash", actionHash), lengths);
        Optional<ToolResult> unready = ledgerUnready(ids, operationId);
        if (unready.isPresent()) {
            return unready.get();
        }
        if (context.cancellation().isCancelled()) {
            return cancelled(ids, operationId);
        }
        if (!replay && confirmation.requires(kind)) {
            SemanticObservation seen = observations.get(context.sessionKey());
            context.progress().report(0, 1.0, "waiting for the person to confirm");
            Confirmer.Answer answer = context.confirmer()
                    .confirm(parsed.confirmationMessage(seen, confirmationWindowSeconds), context.cancellation());
            context.progress().report(1, 1.0, "the person answered");
            switch (answer) {
                case CANCELLED -> {
                    return cancelled(ids, operationId);
                }
                case TIMED_OUT -> {
                    return refusal(
                            "confirmation_timed_out",
                            "confirmation_timed_out",
                            "nobody confirmed this action within the confirmation window; nothing was done",
                            "ask the person, then call act again",
                            ids,
                            operationId);
                }
                case ACCEPTED -> {
                    audit.record("act", "confirmed", null, ids);
                    // a person may take longer than an observation lives: the approved element is fenced again
                    // in a fresh observation (same element, same fingerprint) before anything is signed
                    Optional<ActionRequest> refenced = refence(parsed, seen, context, draft);
                    if (refenced.isEmpty()) {
                        return refusal(
                                "stale_target",
                                "stale_target",
                                "the element changed or went away while the person decided; nothing was done",
                                "observe again and act on a current tag",
                                ids,
                                operationId);
                    }
                    draft = refenced.get();
                }
                case DECLINED -> {
                    return refusal(
                            "confirmation_declined",
                            "confirmation_declined",
                            "the person declined this action; nothing was done",
                            "do not retry unless the person asks for it",
                            ids,
                            operationId);
                }
                default -> {
                    return refusal(
                            "confirmation_unavailable",
                            "confirmation_required",
                            "this action needs confirmation and the client cannot ask (no elicitation); nothing was done",
                            "use an MCP client with elicitation, or ask the operator to change the confirmation policy",
                            ids,
                            operationId);
                }
            }
        }
        try {
            actionHash = ProtocolHashes.normalizedActionHash(draft);
        } catch (ProtocolException e) {
            return ToolResult.failure("invalid_arguments", "the action is out of bounds", "fix the arguments", true);
        }
        ids = merge(Map.of("action", kind, "operation_id", operationId, "action_hash", actionHash), lengths);
        ActionRequest signed;
        try {
            signed = authority.sign(draft, Math.max(clock.millis() + grantTtlMs, draft.deadlineAtMs()));
        } catch (ProtocolException e) {
            return ToolResult.failure("invalid_arguments", "the action is out of bounds", "fix the arguments", true);
        }
        if (context.cancellation().isCancelled()) {
            return cancelled(ids, operationId);
        }
        operations.remember(operationId, new RecentOperations.Entry(fingerprint, draft));
        ExecuteReport report;
        try {
            report = services.engine().execute(signed, context.cancellation().token());
        } catch (EngineException e) {
            boolean noEffect = e.error() != EngineError.LEDGER_UNAVAILABLE;
            audit.record("act", "refused", e.error().code(), ids);
            Map<String, Object> more = new LinkedHashMap<>();
            more.put("operation_id", operationId);
            more.put("action_hash", actionHash);
            if (e.protocolCode() != null) {
                more.put("protocol_code", e.protocolCode().code());
            }
            return ToolResult.failure(
                    e.error().code(),
                    "the engine refused the request",
                    noEffect
                            ? "observe again and act on a current tag with a new operation_id"
                            : "call status with this operation_id before doing anything else",
                    noEffect,
                    more);
        }
        Terminal terminal = report.terminal();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("operation_id", operationId);
        body.put("action_hash", actionHash);
        body.put("replayed", report.terminalAck().replayed());
        body.put("terminal", toMap(ProtocolJson.encode(terminal)));
        body.put("verified", report.succeededVerified());
        body.put("retry_safe", retrySafe(terminal));
        body.put("acknowledgements", toMap(report.toJson()).get("acknowledgements"));
        audit.record(
                "act",
                "executed",
                terminal.kind(),
                merge(ids, Map.of("replayed", report.terminalAck().replayed())));
        if (terminal instanceof Terminal.Succeeded) {
            return ToolResult.ok(body);
        }
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", terminal.kind());
        error.put("message", "the action did not succeed");
        error.put(
                "next_action",
                terminal instanceof Terminal.OutcomeUnknown
                        ? "verify the actual state (observe) before anything with side effects is redone"
                        : "observe again and decide; repeating this operation_id replays this result");
        body.put("error", error);
        return new ToolResult(true, body, null);
    }

    /**
     * The draft with its targets taken from a fresh observation of the same surface: each element found again,
     * exactly once, by its unchanged fingerprint. Empty when one is gone, changed or ambiguous.
     */
    private Optional<ActionRequest> refence(
            ActionArguments parsed, SemanticObservation seen, CallContext context, ActionRequest draft) {
        Optional<Executor> executor = services.executor();
        if (seen == null || executor.isEmpty()) {
            return Optional.empty();
        }
        try {
            String surface = observedSurfaces.getOrDefault(context.sessionKey(), "");
            SemanticObservation fresh = surface.isEmpty()
                    ? executor.get().observeSemantic(context.cancellation().token(), deadline())
                    : executor.get()
                            .observeSurface(
                                    new SurfaceRef(surface),
                                    context.cancellation().token(),
                                    deadline());
            Map<String, String> tags = new LinkedHashMap<>();
            for (String tag : parsed.tags()) {
                SemanticElement before = seen.elements().stream()
                        .filter(e -> e.tag().equals(tag))
                        .findFirst()
                        .orElse(null);
                // element ids are the executor's own per observation; the fingerprint (role, name, state,
                // geometry...) says whether it is the same element, unchanged. Two candidates: ambiguous, refused.
                List<SemanticElement> now = before == null
                        ? List.of()
                        : fresh.elements().stream()
                                .filter(e -> e.fingerprintHash().equals(before.fingerprintHash())
                                        && e.role().equals(before.role()))
                                .limit(2)
                                .toList();
                if (now.size() != 1) {
                    return Optional.empty();
                }
                tags.put(tag, now.get(0).tag());
            }
            ActionArguments retagged = parsed.retag(tags);
            observations.put(context.sessionKey(), fresh);
            return Optional.of(authority.draft(
                    draft.operationId(),
                    draft.sessionId(),
                    retagged.action(fresh),
                    retagged.target(fresh),
                    retagged.verification(),
                    draft.deadlineAtMs()));
        } catch (ExecutorException | ProtocolException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The engine's ledger must be writable before a person is asked: a yes that can only end in
     * {@code ledger_unavailable} wastes the person's attention. Reading the operation's status opens and locks
     * the ledger exactly as a claim does.
     */
    private Optional<ToolResult> ledgerUnready(Map<String, Object> ids, String operationId) {
        try {
            services.engine().status(operationId);
            return Optional.empty();
        } catch (EngineException e) {
            if (e.error() != EngineError.LEDGER_UNAVAILABLE) {
                return Optional.empty();
            }
            return Optional.of(refusal(
                    "ledger_unavailable",
                    "ledger_unavailable",
                    "the operation ledger cannot be written; nothing was asked or done",
                    "ask the operator to check the state directory (capabilities shows it)",
                    ids,
                    operationId));
        }
    }

    /** An act refused before anything was signed: audited under {@code reason}, answered with {@code code}. */
    private ToolResult refusal(
            String reason,
            String code,
            String message,
            String nextAction,
            Map<String, Object> ids,
            String operationId) {
        audit.record("act", "refused", reason, ids);
        return ToolResult.failure(code, message, nextAction, true, Map.of("operation_id", operationId));
    }

    private ToolResult cancelled(Map<String, Object> ids, String operationId) {
        return refusal(
                "cancelled",
                "cancelled",
                "the call was cancelled before anything was signed or dispatched",
                "nothing to check: the action did not run",
                ids,
                operationId);
    }

    /** A tool name as it may appear in an error: printable ASCII, at most 64 characters. */
    static String printable(String name) {
        String cut = name.length() > 64 ? name.substring(0, 64) : name;
        return cut.chars().allMatch(c -> c >= 0x20 && c < 0x7f) ? cut : "(unprintable name)";
    }

    /** Only a terminal that proves nothing happened makes a new attempt safe. */
    static boolean retrySafe(Terminal terminal) {
        return terminal instanceof Terminal.Rejected
                || terminal instanceof Terminal.CancelledBeforeEffect
                || terminal instanceof Terminal.ExpiredBeforeEffect;
    }

    private ToolResult status(Map<String, Object> args) {
        String operationId = stringArgument(args, "operation_id", true);
        try {
            Optional<ActionAck> ack = services.engine().status(operationId);
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("operation_id", operationId);
            body.put("known", ack.isPresent());
            body.put(
                    "acknowledgement",
                    ack.map(a -> (Object) toMap(ProtocolJson.encode(a))).orElse(null));
            return ToolResult.ok(body);
        } catch (EngineException e) {
            return ToolResult.failure(
                    e.error().code(),
                    "the operation status could not be read",
                    "check the operation id",
                    e.error() == EngineError.INVALID_REQUEST);
        }
    }

    private ToolResult captureScreen(Map<String, Object> args) {
        Optional<ScreenCapture> capture = services.screenCapture();
        Optional<ImageCodec> codec = services.imageCodec();
        if (capture.isEmpty() || codec.isEmpty()) {
            return ToolResult.failure(
                    "capture_unavailable", "no screen capture is available", "start the desktop session", true);
        }
        try {
            ScreenSource.Captured captured = ScreenSource.capture(capture.get(), services.executor(), args, deadline());
            Frame frame = captured.frame();
            byte[] png = codec.get().encodePng(frame);
            audit.record(
                    "capture_screen",
                    "allowed",
                    null,
                    Map.of(
                            "png_bytes",
                            png.length,
                            "source",
                            args.get("surface") != null
                                    ? "surface"
                                    : args.get("region") != null ? "region" : "screen"));
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("width", frame.width());
            body.put("height", frame.height());
            body.put("x", captured.bounds().x());
            body.put("y", captured.bounds().y());
            body.put("mime_type", "image/png");
            body.put("byte_length", png.length);
            body.put("sha256", Sha256.hex(png));
            return new ToolResult(false, body, Base64.getEncoder().encodeToString(png));
        } catch (ScreenSource.UnknownSurface e) {
            return ToolResult.failure(
                    "unknown_surface",
                    "the surface is not on the screen now",
                    "call surfaces and use a current surface id",
                    true);
        } catch (ExecutorException e) {
            return observationFailure(e);
        } catch (VisionException e) {
            return ScreenSource.failure(e);
        }
    }

    /** The plugin paths of a call ({@code paths}: absolute directories) or the configured default ones. */
    private List<java.nio.file.Path> pluginPaths(Map<String, Object> args) {
        Object paths = args.get("paths");
        if (paths == null) {
            return services.defaultPluginPaths();
        }
        if (!(paths instanceof List<?> list) || list.size() > 32) {
            throw new InvalidArgument("paths must be a list of at most 32 absolute directories");
        }
        List<java.nio.file.Path> result = new ArrayList<>();
        for (Object p : list) {
            if (!(p instanceof String text) || text.isEmpty() || !text.startsWith("/") || text.length() > 4_096) {
                throw new InvalidArgument("paths must be a list of at most 32 absolute directories");
            }
            result.add(java.nio.file.Path.of(text));
        }
        return result;
    }

    private List<Map<String, Object>> installPlugins(Map<String, Object> args) {
        List<java.nio.file.Path> paths = pluginPaths(args);
        return services.pluginInstaller()
                .map(installer -> PluginDirectories.install(installer, paths))
                .orElse(List.of());
    }

    private ToolResult listPlugins(Map<String, Object> args) {
        List<Map<String, Object>> refused = installPlugins(args);
        List<Object> tools = new ArrayList<>();
        for (PluginTool tool : services.pluginTools()) {
            var d = tool.descriptor();
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("plugin_id", d.pluginId());
            entry.put("plugin_version", d.pluginVersion());
            entry.put("tool", d.name());
            entry.put("description", d.description());
            entry.put("capabilities", d.capabilities());
            entry.put("input_schema", parseJson(d.inputSchemaJson()));
            tools.add(entry);
        }
        return ToolResult.ok(Map.of("tools", tools, "refused", refused));
    }

    private ToolResult callPluginTool(Map<String, Object> args) {
        String pluginId = stringArgument(args, "plugin_id", true);
        String toolName = stringArgument(args, "tool", true);
        Object arguments = args.getOrDefault("arguments", Map.of());
        PluginCallLimits limits = new PluginCallLimits(
                java.time.Duration.ofSeconds(intArgument(args, "timeout_seconds", 10, 1, 300)),
                intArgument(args, "max_output_bytes", 1_048_576, 1_024, 16 * 1_048_576));
        installPlugins(args);
        Optional<PluginTool> tool = services.pluginTools().stream()
                .filter(t -> t.descriptor().pluginId().equals(pluginId)
                        && t.descriptor().name().equals(toolName))
                .findFirst();
        if (tool.isEmpty()) {
            return ToolResult.failure(
                    "unknown_plugin_tool",
                    "no trusted plugin tool " + printable(toolName) + " of plugin " + printable(pluginId),
                    "call list_plugins (with the same paths) and use a listed plugin_id and tool",
                    true);
        }
        try {
            String json = JSON.writeValueAsString(arguments);
            PluginToolResult result = tool.get().call(json, limits);
            audit.record(
                    "call_plugin_tool",
                    "executed",
                    result.ok() ? "ok" : "failed",
                    Map.of("plugin_id", pluginId, "tool", toolName, "argument_bytes", json.length()));
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("ok", result.ok());
            body.put("plugin_id", pluginId);
            body.put("tool", toolName);
            body.put("exit_code", result.exitCode().orElse(null));
            body.put("result", result.resultJson().map(ToolHost::parseJson).orElse(null));
            body.put("timed_out", result.timedOut());
            body.put("output_truncated", result.outputTruncated());
            return result.ok()
                    ? ToolResult.ok(body)
                    : ToolResult.failure(
                            "plugin_failed", "the plugin tool failed", "read the result and decide", false, body);
        } catch (PluginCallException e) {
            audit.record("call_plugin_tool", "refused", e.code(), Map.of("plugin_id", pluginId, "tool", toolName));
            return ToolResult.failure(
                    e.code(),
                    "the plugin call was refused before it started",
                    "check the arguments against the tool's input_schema",
                    true);
        } catch (IOException e) {
            throw new InvalidArgument("arguments must be a JSON object");
        }
    }

    private String sessionId(CallContext context) {
        // the grant's session: derived, never the raw transport id (it can be a bearer-like secret)
        return "mcp-"
                + Sha256.hex(context.sessionKey().getBytes(StandardCharsets.UTF_8))
                        .substring(0, 32);
    }

    private long deadline() {
        return clock.millis() + OBSERVE_DEADLINE_MS;
    }

    private static ToolResult noExecutor() {
        return ToolResult.failure(
                "executor_unavailable",
                "no executor is available",
                "start the desktop session, then call observe again",
                true);
    }

    private static ToolResult observationFailure(ExecutorException e) {
        return ToolResult.failure(
                "observation_failed",
                e.failure().code() + ": " + e.getMessage(),
                "check that the desktop session is running and call observe again",
                true);
    }

    static Map<String, Object> toMap(JsonValue value) {
        try {
            return JSON.readValue(ProtocolJson.toJson(value), new TypeReference<Map<String, Object>>() {});
        } catch (IOException e) {
            throw new IllegalStateException("protocol JSON is always valid JSON", e);
        }
    }

    private static Object parseJson(String text) {
        try {
            return JSON.readValue(text, Object.class);
        } catch (IOException e) {
            return null;
        }
    }

    private static Map<String, Object> merge(Map<String, Object> a, Map<String, Object> b) {
        Map<String, Object> merged = new TreeMap<>(a);
        merged.putAll(b);
        return merged;
    }

    static int number(Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short) {
            return Math.toIntExact(((Number) value).longValue());
        }
        throw new InvalidArgument("expected an integer");
    }

    static int intArgument(Map<String, Object> args, String name, int fallback, int min, int max) {
        Object value = args.get(name);
        if (value == null) {
            return fallback;
        }
        int n;
        try {
            n = number(value);
        } catch (RuntimeException e) {
            throw new InvalidArgument(name + " must be an integer");
        }
        if (n < min || n > max) {
            throw new InvalidArgument(name + " must be between " + min + " and " + max);
        }
        return n;
    }

    static String stringArgument(Map<String, Object> args, String name, boolean required) {
        Object value = args.get(name);
        if (value == null) {
            if (required) {
                throw new InvalidArgument(name + " is required");
            }
            return null;
        }
        if (!(value instanceof String text) || text.isEmpty() || text.length() > 4_096) {
            throw new InvalidArgument(name + " must be a non-empty string");
        }
        return text;
    }

    /** Bad tool arguments; the message is a fixed text naming the argument, never its value. */
    static final class InvalidArgument extends RuntimeException {
        private static final long serialVersionUID = 1L;

        InvalidArgument(String message) {
            super(message, null, false, false);
        }
    }
}

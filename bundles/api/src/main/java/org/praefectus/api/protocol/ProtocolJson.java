package org.praefectus.api.protocol;

import java.util.List;
import java.util.Locale;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonFormatException;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.JsonValue.JsonArray;
import org.praefectus.api.canonical.JsonValue.JsonObject;
import org.praefectus.api.canonical.JsonValue.JsonString;
import org.praefectus.api.canonical.StrictJsonParser;

/**
 * The JSON form of the protocol types, exactly as the reference writes it: snake_case fields in
 * declaration order, {@code kind}-tagged families, absent options as {@code null}. Parsing is strict:
 * unknown fields, unknown kinds, duplicate keys, wrong types, out-of-range integers and oversize input are
 * refused with a {@link ProtocolException}; nothing unchecked escapes.
 */
public final class ProtocolJson {

    /** Largest request, acknowledgement or receipt accepted, in bytes. */
    public static final int MAX_MESSAGE_BYTES = 1024 * 1024;

    private ProtocolJson() {}

    /** Strictly parses a request and applies {@link RequestValidation}: what an engine accepts. */
    public static ActionRequest parseActionRequest(byte[] json) throws ProtocolException {
        ActionRequest request = decodeActionRequest(json);
        RequestValidation.validate(request);
        return request;
    }

    /**
     * Strictly parses a request's structure without the request rules, for example to hash a request
     * that a later step validates.
     */
    public static ActionRequest decodeActionRequest(byte[] json) throws ProtocolException {
        return ProtocolDecoder.actionRequest(parse(json, MAX_MESSAGE_BYTES));
    }

    /** Strictly parses an authority grant. */
    public static AuthorityGrant parseAuthorityGrant(byte[] json) throws ProtocolException {
        return ProtocolDecoder.grant(parse(json, MAX_MESSAGE_BYTES));
    }

    /** Strictly parses an acknowledgement, as stored in ledgers and returned by {@code status}. */
    public static ActionAck parseActionAck(byte[] json) throws ProtocolException {
        return ProtocolDecoder.ack(parse(json, MAX_MESSAGE_BYTES));
    }

    /** Strictly parses a semantic observation (at most {@link SemanticObservation#MAX_SNAPSHOT_BYTES}). */
    public static SemanticObservation parseSemanticObservation(byte[] json) throws ProtocolException {
        return ProtocolDecoder.observation(parse(json, SemanticObservation.MAX_SNAPSHOT_BYTES));
    }

    /** Strictly parses a coordinate observation. */
    public static CoordinateObservation parseCoordinateObservation(byte[] json) throws ProtocolException {
        return ProtocolDecoder.coordinateObservation(parse(json, MAX_MESSAGE_BYTES));
    }

    /** Strictly parses a surface descriptor. */
    public static SurfaceDescriptor parseSurfaceDescriptor(byte[] json) throws ProtocolException {
        return ProtocolDecoder.surfaceDescriptor(parse(json, MAX_MESSAGE_BYTES));
    }

    /** Strictly parses an action, as {@link #encode(Action)} writes it (a remote executor's wire). */
    public static Action parseAction(byte[] json) throws ProtocolException {
        return ProtocolDecoder.action(parse(json, MAX_MESSAGE_BYTES));
    }

    /** Strictly parses a target reference, as {@link #encode(TargetRef)} writes it. */
    public static TargetRef parseTargetRef(byte[] json) throws ProtocolException {
        return ProtocolDecoder.target(parse(json, MAX_MESSAGE_BYTES));
    }

    /** Strictly parses a verification policy, as {@link #encode(VerificationPolicy)} writes it. */
    public static VerificationPolicy parseVerificationPolicy(byte[] json) throws ProtocolException {
        return ProtocolDecoder.verification(parse(json, MAX_MESSAGE_BYTES));
    }

    /** Strictly parses evidence, as {@link #encode(Evidence)} writes it. */
    public static Evidence parseEvidence(byte[] json) throws ProtocolException {
        return ProtocolDecoder.evidence(parse(json, MAX_MESSAGE_BYTES));
    }

    /** The compact wire bytes of an encoded value, members in declaration order. */
    public static byte[] toJson(JsonValue value) {
        return CanonicalJson.compact(value);
    }

    static JsonValue parse(byte[] json, int maxBytes) throws ProtocolException {
        try {
            return StrictJsonParser.parse(json, maxBytes);
        } catch (JsonFormatException e) {
            throw new ProtocolException(ProtocolErrorCode.fromCode(e.code()), e.getMessage());
        }
    }

    /** A request as JSON. */
    public static JsonObject encode(ActionRequest request) {
        return JsonObject.builder()
                .put("protocol_version", request.protocolVersion())
                .put("action_version", request.actionVersion())
                .put("target_version", request.targetVersion())
                .put("verification_version", request.verificationVersion())
                .put("operation_id", request.operationId())
                .put("subject", request.subject())
                .put("session_id", request.sessionId())
                .put("authority", encode(request.authority()))
                .put("action", encode(request.action()))
                .put("target", encode(request.target()))
                .put("interaction_mode", wire(request.interactionMode()))
                .put("deadline_at_ms", request.deadlineAtMs())
                .put("verification", encode(request.verification()))
                .put("safety", wire(request.safety()))
                .build();
    }

    /** Signed authority as JSON. */
    public static JsonObject encode(SignedAuthority authority) {
        return JsonObject.builder()
                .put("grant", encode(authority.grant()))
                .put("signature", authority.signature())
                .build();
    }

    /** A grant as JSON; {@link ProtocolHashes#canonicalGrantBytes} is its canonical form. */
    public static JsonObject encode(AuthorityGrant grant) {
        return JsonObject.builder()
                .put("protocol_version", grant.protocolVersion())
                .put("issuer", grant.issuer())
                .put("key_id", grant.keyId())
                .put("operation_id", grant.operationId())
                .put("subject", grant.subject())
                .put("session_id", grant.sessionId())
                .put("risk", wire(grant.risk()))
                .put("expires_at_ms", grant.expiresAtMs())
                .put("policy_generation", grant.policyGeneration())
                .put("action_hash", grant.actionHash())
                .build();
    }

    /** An action as JSON, tagged by {@code kind}. */
    public static JsonObject encode(Action action) {
        JsonObject.Builder json = JsonObject.builder().put("kind", action.kind());
        if (action instanceof Action.Click click) {
            json.put("button", wire(click.button()))
                    .put("count", click.count())
                    .put("allow_coordinate_fallback", click.allowCoordinateFallback());
        } else if (action instanceof Action.TypeText type) {
            json.put("text", type.text())
                    .put("clear", type.clear())
                    .put("press_return", type.pressReturn())
                    .put("delay_ms", optional(type.delayMs()));
        } else if (action instanceof Action.Press press) {
            json.put("key", press.key()).put("count", press.count()).put("delay_ms", optional(press.delayMs()));
        } else if (action instanceof Action.Paste paste) {
            json.put("text", paste.text());
        } else if (action instanceof Action.Hotkey hotkey) {
            json.put("keys", strings(hotkey.keys()));
            // this protocol's additions are absent when unset, so the reference's chord hashes as before
            if (hotkey.keyDelayMs() != null) {
                json.put("key_delay_ms", hotkey.keyDelayMs());
            }
            if (hotkey.releaseBefore()) {
                json.put("release_before", true);
            }
            if (hotkey.releaseAfter()) {
                json.put("release_after", true);
            }
        } else if (action instanceof Action.Scroll scroll) {
            json.put("direction", wire(scroll.direction())).put("amount", scroll.amount());
        } else if (action instanceof Action.Drag drag) {
            json.put("to", encode(drag.to())).put("button", wire(drag.button()));
            pace(json, drag.durationMs(), drag.steps());
        } else if (action instanceof Action.Move move) {
            pace(json, move.durationMs(), move.steps());
        } else if (action instanceof Action.SelectText select) {
            json.put("start", select.start()).put("length", select.length());
        } else if (action instanceof Action.PerformSecondaryAction secondary) {
            json.put("name", secondary.name());
        } else if (action instanceof Action.SetValue set) {
            json.put("value", set.value());
        } else if (action instanceof Action.Screenshot screenshot) {
            json.put("path", screenshot.path());
        } else if (action instanceof Action.Application application) {
            json.put("operation", wire(application.operation())).put("name", application.name());
        } else if (action instanceof Action.Window window) {
            json.put("operation", wire(window.operation()))
                    .put("app", window.app())
                    .put("title", window.title());
        } else if (action instanceof Action.Open open) {
            json.put("target", open.target()).put("app", open.app()).put("no_focus", open.noFocus());
        } else if (action instanceof Action.ClipboardWrite clipboard) {
            json.put("text", clipboard.text());
        }
        return json.build();
    }

    /** A target as JSON, tagged by {@code kind}. */
    public static JsonObject encode(TargetRef target) {
        JsonObject.Builder json = JsonObject.builder().put("kind", target.kind());
        if (target instanceof TargetRef.Coordinates point) {
            json.put("x", point.x())
                    .put("y", point.y())
                    .put("display_id", point.displayId())
                    .put("display_geometry_hash", point.displayGeometryHash())
                    .put("snapshot_id", point.snapshotId())
                    .put("snapshot_content_hash", point.snapshotContentHash());
        } else if (target instanceof TargetRef.Element element) {
            json.put("target", encode(element.target()));
        }
        return json.build();
    }

    /** A semantic target as JSON. */
    public static JsonObject encode(SemanticTargetRef target) {
        return JsonObject.builder()
                .put("observation_id", target.observationId())
                .put("generation", target.generation())
                .put("provenance_hash", target.provenanceHash())
                .put("element_id", target.elementId())
                .put("fingerprint_hash", target.fingerprintHash())
                .build();
    }

    /** A verification policy as JSON, tagged by {@code kind}. */
    public static JsonObject encode(VerificationPolicy verification) {
        JsonObject.Builder json = JsonObject.builder().put("kind", verification.kind());
        if (verification instanceof VerificationPolicy.TargetState state) {
            json.put("expected", state.expected());
        } else if (verification instanceof VerificationPolicy.TargetValueHash hash) {
            json.put("sha256", hash.sha256());
        }
        return json.build();
    }

    /** An acknowledgement as JSON. */
    public static JsonObject encode(ActionAck ack) {
        JsonObject.Builder state = JsonObject.builder().put("kind", ack.state().kind());
        if (ack.state() instanceof AckState.Finished finished) {
            state.put("terminal", encode(finished.terminal()));
        }
        return JsonObject.builder()
                .put("protocol_version", ack.protocolVersion())
                .put("operation_id", ack.operationId())
                .put("sequence", ack.sequence())
                .put("action_hash", ack.actionHash())
                .put("replayed", ack.replayed())
                .put("state", state.build())
                .build();
    }

    /** A terminal as JSON, tagged by {@code kind}. */
    public static JsonObject encode(Terminal terminal) {
        JsonObject.Builder json = JsonObject.builder().put("kind", terminal.kind());
        if (terminal instanceof Terminal.Succeeded succeeded) {
            json.put("receipt", encode(succeeded.receipt()));
        } else if (terminal instanceof Terminal.Rejected rejected) {
            json.put("code", wire(rejected.code())).put("message", rejected.message());
        } else if (terminal instanceof Terminal.Failed failed) {
            json.put("code", wire(failed.code())).put("message", failed.message());
        } else if (terminal instanceof Terminal.OutcomeUnknown unknown) {
            json.put("receipt", encode(unknown.receipt())).put("message", unknown.message());
        }
        return json.build();
    }

    /** A receipt as JSON. */
    public static JsonObject encode(Receipt receipt) {
        return JsonObject.builder()
                .put("protocol_version", receipt.protocolVersion())
                .put("action_name", receipt.actionName())
                .put("action_hash", receipt.actionHash())
                .put("started_at_ms", receipt.startedAtMs())
                .put("finished_at_ms", receipt.finishedAtMs())
                .put("backend", receipt.backend())
                .put("fallback_chain", strings(receipt.fallbackChain()))
                .put("delivery_route", wire(receipt.deliveryRoute()))
                .put("session_isolation", wire(receipt.sessionIsolation()))
                .put("interaction_mode", wire(receipt.interactionMode()))
                .put("context_preservation", wire(receipt.contextPreservation()))
                .put("effect", wire(receipt.effect()))
                .put("before", receipt.before() == null ? JsonValue.NULL : encode(receipt.before()))
                .put("after", receipt.after() == null ? JsonValue.NULL : encode(receipt.after()))
                .put("warnings", strings(receipt.warnings()))
                .build();
    }

    /** Evidence as JSON. */
    public static JsonObject encode(Evidence evidence) {
        return JsonObject.builder()
                .put("observation_hash", evidence.observationHash())
                .put("target_fingerprint_hash", evidence.targetFingerprintHash())
                .put("display_geometry_hash", evidence.displayGeometryHash())
                .put("observed_at_ms", evidence.observedAtMs())
                .build();
    }

    /** A rectangle as JSON. */
    public static JsonObject encode(Rect rect) {
        return JsonObject.builder()
                .put("x", rect.x())
                .put("y", rect.y())
                .put("width", rect.width())
                .put("height", rect.height())
                .build();
    }

    /** A surface descriptor as JSON. */
    public static JsonObject encode(SurfaceDescriptor surface) {
        return JsonObject.builder()
                .put("protocol_version", surface.protocolVersion())
                .put(
                        "surface",
                        JsonObject.builder().put("id", surface.surface().id()).build())
                .put("backend", surface.backend())
                .put("process_id", surface.processId())
                .put("process_generation", surface.processGeneration())
                .put("window_id", surface.windowId())
                .put("display_geometry_hash", surface.displayGeometryHash())
                .put("bounds", rectOrNull(surface.bounds()))
                .build();
    }

    /** A coordinate observation as JSON. */
    public static JsonObject encode(CoordinateObservation observation) {
        List<JsonValue> displays = observation.displays().stream()
                .map(display -> (JsonValue) JsonObject.builder()
                        .put("display_id", display.displayId())
                        .put("x", display.x())
                        .put("y", display.y())
                        .put("width", display.width())
                        .put("height", display.height())
                        .build())
                .toList();
        return JsonObject.builder()
                .put("protocol_version", observation.protocolVersion())
                .put("snapshot_id", observation.snapshotId())
                .put("display_geometry_hash", observation.displayGeometryHash())
                .put("snapshot_content_hash", observation.snapshotContentHash())
                .put("observed_at_ms", observation.observedAtMs())
                .put("displays", new JsonArray(displays))
                .build();
    }

    /** Semantic provenance as JSON. */
    public static JsonObject encode(SemanticProvenance provenance) {
        return JsonObject.builder()
                .put("backend", wire(provenance.backend()))
                .put("backend_name", provenance.backendName())
                .put("process_id", provenance.processId())
                .put("process_generation", provenance.processGeneration())
                .put("window_id", provenance.windowId())
                .put("document_id", provenance.documentId())
                .put("display_geometry_hash", provenance.displayGeometryHash())
                .put("host_opt_ins", strings(provenance.hostOptIns()))
                .build();
    }

    /** A semantic observation as JSON. */
    public static JsonObject encode(SemanticObservation observation) {
        return observationJson(
                observation.protocolVersion(),
                observation.observationId(),
                observation.generation(),
                observation.provenance(),
                observation.observedAtMs(),
                observation.expiresAtMs(),
                observation.truncated(),
                observation.elements());
    }

    static JsonObject observationJson(
            int protocolVersion,
            String observationId,
            long generation,
            SemanticProvenance provenance,
            long observedAtMs,
            long expiresAtMs,
            boolean truncated,
            List<SemanticElement> elements) {
        return JsonObject.builder()
                .put("protocol_version", protocolVersion)
                .put("observation_id", observationId)
                .put("generation", generation)
                .put("provenance", encode(provenance))
                .put("observed_at_ms", observedAtMs)
                .put("expires_at_ms", expiresAtMs)
                .put("truncated", truncated)
                .put(
                        "elements",
                        new JsonArray(elements.stream()
                                .map(e -> (JsonValue) encode(e))
                                .toList()))
                .build();
    }

    /** A semantic element as JSON. */
    public static JsonObject encode(SemanticElement element) {
        Actionability a = element.actionability();
        return JsonObject.builder()
                .put("tag", element.tag())
                .put("element_id", element.elementId())
                .put("parent_id", element.parentId())
                .put("fingerprint_hash", element.fingerprintHash())
                .put("role", element.role())
                .put("name", element.name())
                .put("bounds", rectOrNull(element.bounds()))
                .put(
                        "actionability",
                        JsonObject.builder()
                                .put("visible", a.visible())
                                .put("enabled", a.enabled())
                                .put("unambiguous", a.unambiguous())
                                .put("stable", a.stable())
                                .put("receives_events", a.receivesEvents())
                                .put("invokable", a.invokable())
                                .put("editable", a.editable())
                                .build())
                .build();
    }

    /** The wire name of an enum constant: its name in snake_case. */
    static String wireName(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    private static JsonValue wire(Enum<?> value) {
        return new JsonString(wireName(value));
    }

    /** A pointer path's pace, each field absent when unset (the reference's move and drag carry none). */
    private static void pace(JsonObject.Builder json, Long durationMs, Long steps) {
        if (durationMs != null) {
            json.put("duration_ms", durationMs);
        }
        if (steps != null) {
            json.put("steps", steps);
        }
    }

    private static JsonValue optional(Long value) {
        return value == null ? JsonValue.NULL : JsonValue.JsonNumber.of(value);
    }

    private static JsonValue rectOrNull(Rect rect) {
        return rect == null ? JsonValue.NULL : encode(rect);
    }

    private static JsonArray strings(List<String> values) {
        return new JsonArray(
                values.stream().map(v -> (JsonValue) new JsonString(v)).toList());
    }
}

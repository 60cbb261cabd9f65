package org.praefectus.api.protocol;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.canonical.JsonValue;

/**
 * Turns strictly parsed JSON trees into protocol records. Every record constructor's
 * {@link ProtocolViolation} becomes a {@link ProtocolException} with the same code, so a caller of
 * {@link ProtocolJson} sees only checked, typed refusals.
 */
final class ProtocolDecoder {

    private ProtocolDecoder() {}

    /** Builds one record; a constructor that rejects its arguments becomes a typed refusal. */
    private interface Construction<T> {
        T build() throws ProtocolException;
    }

    private static <T> T build(Construction<T> construction) throws ProtocolException {
        try {
            return construction.build();
        } catch (ProtocolViolation violation) {
            throw new ProtocolException(violation.code(), violation.getMessage());
        } catch (IllegalArgumentException | NullPointerException | ArithmeticException invalid) {
            throw new ProtocolException(ProtocolErrorCode.INVALID_VALUE, "value breaks an invariant");
        }
    }

    static ActionRequest actionRequest(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "ActionRequest");
            ActionRequest request = new ActionRequest(
                    f.u16("protocol_version"),
                    f.u16("action_version"),
                    f.u16("target_version"),
                    f.u16("verification_version"),
                    f.string("operation_id"),
                    f.string("subject"),
                    f.string("session_id"),
                    authority(f.required("authority")),
                    action(f.required("action")),
                    target(f.required("target")),
                    f.enumValue("interaction_mode", InteractionMode.class),
                    f.i64("deadline_at_ms"),
                    verification(f.required("verification")),
                    f.enumValue("safety", SafetyClass.class));
            f.finish();
            return request;
        });
    }

    static SignedAuthority authority(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "SignedAuthority");
            SignedAuthority authority = new SignedAuthority(grant(f.required("grant")), f.string("signature"));
            f.finish();
            return authority;
        });
    }

    static AuthorityGrant grant(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "AuthorityGrant");
            AuthorityGrant grant = new AuthorityGrant(
                    f.u16("protocol_version"),
                    f.string("issuer"),
                    f.string("key_id"),
                    f.string("operation_id"),
                    f.string("subject"),
                    f.string("session_id"),
                    f.enumValue("risk", SafetyClass.class),
                    f.i64("expires_at_ms"),
                    f.string("policy_generation"),
                    f.string("action_hash"));
            f.finish();
            return grant;
        });
    }

    static Action action(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "Action");
            String kind = f.string("kind");
            Action action = switch (kind) {
                case "invoke" -> new Action.Invoke();
                case "click" ->
                    new Action.Click(
                            f.enumValue("button", MouseButton.class),
                            f.u32("count"),
                            f.bool("allow_coordinate_fallback"));
                case "type_text" ->
                    new Action.TypeText(
                            f.string("text"), f.bool("clear"), f.bool("press_return"), f.optionalU64("delay_ms"));
                case "press" -> new Action.Press(f.string("key"), f.u32("count"), f.optionalU64("delay_ms"));
                case "paste" -> new Action.Paste(f.string("text"));
                case "hotkey" ->
                    new Action.Hotkey(
                            f.strings("keys"),
                            f.optionalU64("key_delay_ms"),
                            f.optionalBool("release_before"),
                            f.optionalBool("release_after"));
                case "scroll" -> new Action.Scroll(f.enumValue("direction", Direction.class), f.u32("amount"));
                case "move" -> new Action.Move(f.optionalU64("duration_ms"), f.optionalU32("steps"));
                case "drag" ->
                    new Action.Drag(
                            target(f.required("to")),
                            f.enumValue("button", MouseButton.class),
                            f.optionalU64("duration_ms"),
                            f.optionalU32("steps"));
                case "select_text" -> new Action.SelectText(f.u32("start"), f.u32("length"));
                case "perform_secondary_action" -> new Action.PerformSecondaryAction(f.string("name"));
                case "set_value" -> new Action.SetValue(f.string("value"));
                case "screenshot" -> new Action.Screenshot(f.string("path"));
                case "application" ->
                    new Action.Application(f.enumValue("operation", ApplicationOperation.class), f.string("name"));
                case "window" ->
                    new Action.Window(
                            f.enumValue("operation", WindowOperation.class),
                            f.optionalString("app"),
                            f.optionalString("title"));
                case "open" -> new Action.Open(f.string("target"), f.optionalString("app"), f.bool("no_focus"));
                case "clipboard_write" -> new Action.ClipboardWrite(f.string("text"));
                default -> throw unknownKind("action");
            };
            f.finish();
            return action;
        });
    }

    static TargetRef target(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "TargetRef");
            TargetRef target = switch (f.string("kind")) {
                case "coordinates" ->
                    new TargetRef.Coordinates(
                            f.i64("x"),
                            f.i64("y"),
                            f.string("display_id"),
                            f.string("display_geometry_hash"),
                            f.string("snapshot_id"),
                            f.string("snapshot_content_hash"));
                case "element" -> new TargetRef.Element(semanticTarget(f.required("target")));
                case "none" -> new TargetRef.None();
                default -> throw unknownKind("target");
            };
            f.finish();
            return target;
        });
    }

    static SemanticTargetRef semanticTarget(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "SemanticTargetRef");
            SemanticTargetRef target = new SemanticTargetRef(
                    f.string("observation_id"),
                    f.u64("generation"),
                    f.string("provenance_hash"),
                    f.string("element_id"),
                    f.string("fingerprint_hash"));
            f.finish();
            return target;
        });
    }

    static VerificationPolicy verification(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "VerificationPolicy");
            VerificationPolicy policy = switch (f.string("kind")) {
                case "none" -> new VerificationPolicy.None();
                case "snapshot_changed" -> new VerificationPolicy.SnapshotChanged();
                // serde_json::Value accepts any JSON, including null, as the expected state
                case "target_state" -> new VerificationPolicy.TargetState(f.required("expected"));
                case "target_value_hash" -> new VerificationPolicy.TargetValueHash(f.string("sha256"));
                default -> throw unknownKind("verification");
            };
            f.finish();
            return policy;
        });
    }

    static ActionAck ack(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "ActionAck");
            ActionAck ack = new ActionAck(
                    f.u16("protocol_version"),
                    f.string("operation_id"),
                    f.u32("sequence"),
                    f.string("action_hash"),
                    f.bool("replayed"),
                    ackState(f.required("state")));
            f.finish();
            return ack;
        });
    }

    static AckState ackState(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "AckState");
            AckState state = switch (f.string("kind")) {
                case "accepted" -> new AckState.Accepted();
                case "executing" -> new AckState.Executing();
                case "terminal" -> new AckState.Finished(terminal(f.required("terminal")));
                default -> throw unknownKind("acknowledgement state");
            };
            f.finish();
            return state;
        });
    }

    static Terminal terminal(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "Terminal");
            Terminal terminal = switch (f.string("kind")) {
                case "succeeded" -> new Terminal.Succeeded(receipt(f.required("receipt")));
                case "rejected" -> new Terminal.Rejected(f.enumValue("code", FailureCode.class), f.string("message"));
                case "failed" -> new Terminal.Failed(f.enumValue("code", FailureCode.class), f.string("message"));
                case "cancelled_before_effect" -> new Terminal.CancelledBeforeEffect();
                case "expired_before_effect" -> new Terminal.ExpiredBeforeEffect();
                case "outcome_unknown" ->
                    new Terminal.OutcomeUnknown(receipt(f.required("receipt")), f.string("message"));
                default -> throw unknownKind("terminal");
            };
            f.finish();
            return terminal;
        });
    }

    static Receipt receipt(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "Receipt");
            JsonValue before = f.optional("before");
            JsonValue after = f.optional("after");
            Receipt receipt = new Receipt(
                    f.u16("protocol_version"),
                    f.string("action_name"),
                    f.string("action_hash"),
                    f.i64("started_at_ms"),
                    f.i64("finished_at_ms"),
                    f.string("backend"),
                    f.strings("fallback_chain"),
                    f.enumValue("delivery_route", DeliveryRoute.class),
                    f.enumValue("session_isolation", SessionIsolation.class),
                    f.enumValue("interaction_mode", InteractionMode.class),
                    f.enumValue("context_preservation", ContextPreservation.class),
                    f.enumValue("effect", Effect.class),
                    before == null ? null : evidence(before),
                    after == null ? null : evidence(after),
                    f.strings("warnings"));
            f.finish();
            return receipt;
        });
    }

    static Evidence evidence(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "Evidence");
            Evidence evidence = new Evidence(
                    f.string("observation_hash"),
                    f.optionalString("target_fingerprint_hash"),
                    f.string("display_geometry_hash"),
                    f.i64("observed_at_ms"));
            f.finish();
            return evidence;
        });
    }

    static Rect rect(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "Rect");
            Rect rect = new Rect(f.i64("x"), f.i64("y"), f.i64("width"), f.i64("height"));
            f.finish();
            return rect;
        });
    }

    static SurfaceDescriptor surfaceDescriptor(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "SurfaceDescriptor");
            JsonFields surface = JsonFields.of(f.required("surface"), "SurfaceRef");
            SurfaceRef ref = new SurfaceRef(surface.string("id"));
            surface.finish();
            JsonValue bounds = f.optional("bounds");
            SurfaceDescriptor descriptor = new SurfaceDescriptor(
                    f.u16("protocol_version"),
                    ref,
                    f.string("backend"),
                    f.u32("process_id"),
                    f.string("process_generation"),
                    f.string("window_id"),
                    f.string("display_geometry_hash"),
                    bounds == null ? null : rect(bounds));
            f.finish();
            return descriptor;
        });
    }

    static CoordinateObservation coordinateObservation(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "CoordinateObservation");
            List<DisplayGeometry> displays = new ArrayList<>();
            int protocolVersion = f.u16("protocol_version");
            String snapshotId = f.string("snapshot_id");
            String geometry = f.string("display_geometry_hash");
            String content = f.string("snapshot_content_hash");
            long observedAt = f.i64("observed_at_ms");
            for (JsonValue element : f.array("displays")) {
                JsonFields d = JsonFields.of(element, "DisplayGeometry");
                displays.add(new DisplayGeometry(
                        d.string("display_id"), d.i64("x"), d.i64("y"), d.i64("width"), d.i64("height")));
                d.finish();
            }
            f.finish();
            return new CoordinateObservation(protocolVersion, snapshotId, geometry, content, observedAt, displays);
        });
    }

    static SemanticObservation observation(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "SemanticObservation");
            int protocolVersion = f.u16("protocol_version");
            String observationId = f.string("observation_id");
            long generation = f.u64("generation");
            SemanticProvenance provenance = provenance(f.required("provenance"));
            long observedAt = f.i64("observed_at_ms");
            long expiresAt = f.i64("expires_at_ms");
            boolean truncated = f.bool("truncated");
            List<SemanticElement> elements = new ArrayList<>();
            for (JsonValue element : f.array("elements")) {
                elements.add(element(element));
            }
            f.finish();
            return new SemanticObservation(
                    protocolVersion, observationId, generation, provenance, observedAt, expiresAt, truncated, elements);
        });
    }

    static SemanticProvenance provenance(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "SemanticProvenance");
            SemanticProvenance provenance = new SemanticProvenance(
                    f.enumValue("backend", SemanticBackend.class),
                    f.string("backend_name"),
                    f.u32("process_id"),
                    f.string("process_generation"),
                    f.string("window_id"),
                    f.optionalString("document_id"),
                    f.string("display_geometry_hash"),
                    f.strings("host_opt_ins"));
            f.finish();
            return provenance;
        });
    }

    static SemanticElement element(JsonValue json) throws ProtocolException {
        return build(() -> {
            JsonFields f = JsonFields.of(json, "SemanticElement");
            JsonValue bounds = f.optional("bounds");
            JsonFields a = JsonFields.of(f.required("actionability"), "Actionability");
            Actionability actionability = new Actionability(
                    a.bool("visible"),
                    a.bool("enabled"),
                    a.bool("unambiguous"),
                    a.bool("stable"),
                    a.bool("receives_events"),
                    a.bool("invokable"),
                    a.bool("editable"));
            a.finish();
            SemanticElement element = new SemanticElement(
                    f.string("tag"),
                    f.string("element_id"),
                    f.optionalString("parent_id"),
                    f.string("fingerprint_hash"),
                    f.string("role"),
                    f.optionalString("name"),
                    bounds == null ? null : rect(bounds),
                    actionability);
            f.finish();
            return element;
        });
    }

    private static ProtocolException unknownKind(String family) {
        return new ProtocolException(ProtocolErrorCode.UNKNOWN_KIND, "unknown " + family + " kind");
    }
}

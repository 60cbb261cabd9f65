package org.praefectus.api.protocol;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;

/**
 * The request rules the reference applies before it computes a hash or consults authority: versions,
 * identifiers, action bounds, target fit and the set_value/value-hash binding. Nothing here needs a
 * clock, a key or a ledger; the one look outside the request is the reference's: a screenshot's directory
 * must exist.
 */
public final class RequestValidation {

    /** Largest text, paste, value or clipboard payload, in UTF-8 bytes. */
    public static final int MAX_TEXT_BYTES = 16 * 1024;
    /** Largest delay between typed characters or key presses, in milliseconds. */
    public static final long MAX_DELAY_MS = 1_000;
    /** Longest pointer path of a paced move or drag, in milliseconds (this protocol's addition). */
    public static final long MAX_PATH_DURATION_MS = 10_000;
    /** Most motions of a paced move or drag (this protocol's addition). */
    public static final long MAX_PATH_STEPS = 1_000;
    /** Largest clipboard_write payload, in UTF-8 bytes. */
    public static final int MAX_CLIPBOARD_BYTES = 1024 * 1024;
    /** Inclusive upper bound of a select_text range end. */
    public static final long MAX_SELECT_TEXT_RANGE = 1_048_576;
    /** Largest total of strings, keys and number texts in a target_state expectation. */
    public static final int MAX_VERIFICATION_JSON_BYTES = 64 * 1024;
    /** Deepest nesting of a target_state expectation. */
    public static final int MAX_VERIFICATION_JSON_DEPTH = 32;
    /** Most values in a target_state expectation. */
    public static final int MAX_VERIFICATION_JSON_NODES = 4_096;

    /**
     * Accessibility action names {@code perform_secondary_action} may dispatch, the reference's allowlist.
     * {@code AXPress} is absent: activation belongs to {@code invoke}; so is {@code AXRaise}, which raises a
     * window rather than acting on the fenced element.
     */
    public static final Set<String> SECONDARY_ACTIONS = Set.of(
            "AXShowMenu",
            "AXPick",
            "AXIncrement",
            "AXDecrement",
            "AXConfirm",
            "AXCancel",
            "AXShowAlternateUI",
            "AXShowDefaultUI");

    private RequestValidation() {}

    /** Applies every request rule. */
    public static void validate(ActionRequest request) throws ProtocolException {
        if (request.protocolVersion() != Protocol.PROTOCOL_VERSION
                || request.actionVersion() != Protocol.PROTOCOL_VERSION
                || request.targetVersion() != Protocol.PROTOCOL_VERSION
                || request.verificationVersion() != Protocol.PROTOCOL_VERSION
                || request.authority().grant().protocolVersion() != Protocol.PROTOCOL_VERSION) {
            throw fail(ProtocolErrorCode.UNSUPPORTED_VERSION, "unsupported protocol version");
        }
        if (request.interactionMode() == InteractionMode.UNKNOWN) {
            throw fail(ProtocolErrorCode.INVALID_VALUE, "interaction_mode must be interactive or background_only");
        }
        for (Map.Entry<String, String> identifier : Map.of(
                        "operation_id",
                        request.operationId(),
                        "subject",
                        request.subject(),
                        "session_id",
                        request.sessionId())
                .entrySet()) {
            if (!Checks.isIdentifier(identifier.getValue())) {
                throw fail(ProtocolErrorCode.INVALID_IDENTIFIER, "invalid " + identifier.getKey());
            }
        }
        if (request.deadlineAtMs() <= 0) {
            throw fail(ProtocolErrorCode.INVALID_VALUE, "deadline_at_ms must be positive");
        }
        checkTarget(request.target());
        checkTargetFit(request.action(), request.target(), request.verification());
        checkVerificationBounds(request.verification());
        checkValueBinding(request.action(), request.verification());
    }

    /**
     * Auxiliary host-level actions name an application, window, document, clipboard or file rather than a
     * fenced element: no target and nothing to verify.
     */
    static boolean isAuxiliary(Action action) {
        return action instanceof Action.Screenshot
                || action instanceof Action.Application
                || action instanceof Action.Window
                || action instanceof Action.Open
                || action instanceof Action.ClipboardWrite;
    }

    /**
     * The reference's target rules: auxiliary actions take no target and verification {@code none}; every
     * other action needs a target; coordinate targets only for click, move and drag (and screenshot, whose
     * coordinate form captures the fenced display); drag needs coordinates at both ends; select_text and
     * perform_secondary_action need a semantic element.
     */
    private static void checkTargetFit(Action action, TargetRef target, VerificationPolicy verification)
            throws ProtocolException {
        boolean element = target instanceof TargetRef.Element;
        boolean coordinates = target instanceof TargetRef.Coordinates;
        boolean none = target instanceof TargetRef.None;
        if (isAuxiliary(action)) {
            if (!none && !(action instanceof Action.Screenshot && coordinates)) {
                throw fail(ProtocolErrorCode.INVALID_ACTION, action.kind() + " takes no target");
            }
            if (!(verification instanceof VerificationPolicy.None)) {
                throw fail(ProtocolErrorCode.INVALID_VERIFICATION, action.kind() + " requires verification none");
            }
        } else if (none) {
            throw fail(ProtocolErrorCode.INVALID_ACTION, action.kind() + " requires a target");
        }
        if (!validParameters(action)) {
            throw fail(ProtocolErrorCode.INVALID_ACTION, "invalid " + action.kind() + " parameters");
        }
        boolean pointerAction = action instanceof Action.Click
                || action instanceof Action.Move
                || action instanceof Action.Drag
                || action instanceof Action.Screenshot;
        if (coordinates && !pointerAction) {
            throw fail(ProtocolErrorCode.INVALID_ACTION, "coordinate targets support only click, move and drag");
        }
        if (action instanceof Action.Drag drag) {
            if (!coordinates) {
                throw fail(ProtocolErrorCode.INVALID_ACTION, "drag requires a fenced coordinate target");
            }
            if (!(drag.to() instanceof TargetRef.Coordinates to) || !validCoordinates(to)) {
                throw fail(ProtocolErrorCode.INVALID_ACTION, "invalid drag destination provenance");
            }
        }
        if ((action instanceof Action.SelectText || action instanceof Action.PerformSecondaryAction) && !element) {
            throw fail(ProtocolErrorCode.INVALID_ACTION, action.kind() + " requires a fenced semantic element target");
        }
    }

    /** The reference's {@code validate_action}: bounds of the action's own fields, lengths in UTF-8 bytes. */
    private static boolean validParameters(Action action) {
        if (action instanceof Action.Click click) {
            return click.count() >= 1 && click.count() <= 3;
        } else if (action instanceof Action.TypeText type) {
            return !type.text().isEmpty() && bytes(type.text()) <= MAX_TEXT_BYTES && delay(type.delayMs());
        } else if (action instanceof Action.Press press) {
            return !press.key().isEmpty()
                    && bytes(press.key()) <= 64
                    && press.count() >= 1
                    && press.count() <= 100
                    && delay(press.delayMs());
        } else if (action instanceof Action.Paste paste) {
            return !paste.text().isEmpty() && bytes(paste.text()) <= MAX_TEXT_BYTES;
        } else if (action instanceof Action.Hotkey hotkey) {
            return !hotkey.keys().isEmpty()
                    && hotkey.keys().size() <= 8
                    && hotkey.keys().stream().allMatch(key -> !key.isEmpty() && bytes(key) <= 64)
                    && delay(hotkey.keyDelayMs());
        } else if (action instanceof Action.Scroll scroll) {
            return scroll.amount() >= 1 && scroll.amount() <= 100;
        } else if (action instanceof Action.Drag drag) {
            return drag.to() instanceof TargetRef.Coordinates && path(drag.durationMs(), drag.steps());
        } else if (action instanceof Action.Move move) {
            return path(move.durationMs(), move.steps());
        } else if (action instanceof Action.SelectText select) {
            return select.start() + select.length() <= MAX_SELECT_TEXT_RANGE;
        } else if (action instanceof Action.PerformSecondaryAction secondary) {
            return SECONDARY_ACTIONS.contains(secondary.name());
        } else if (action instanceof Action.SetValue set) {
            return bytes(set.value()) <= MAX_TEXT_BYTES;
        } else if (action instanceof Action.Screenshot screenshot) {
            return ScreenshotPath.isValid(screenshot.path());
        } else if (action instanceof Action.Application application) {
            return sized(application.name(), 256);
        } else if (action instanceof Action.Window window) {
            return sized(window.app(), 256)
                    && (window.title() == null || sized(window.title(), 1_024))
                    && (window.operation() == WindowOperation.FOCUS || window.title() != null);
        } else if (action instanceof Action.Open open) {
            return sized(open.target(), MAX_TEXT_BYTES) && (open.app() == null || sized(open.app(), 256));
        } else if (action instanceof Action.ClipboardWrite clipboard) {
            return bytes(clipboard.text()) <= MAX_CLIPBOARD_BYTES;
        }
        return action instanceof Action.Invoke;
    }

    /** A paced path's bounds: at most ten seconds, one to a thousand motions. */
    private static boolean path(Long durationMs, Long steps) {
        return (durationMs == null || durationMs <= MAX_PATH_DURATION_MS)
                && (steps == null || (steps >= 1 && steps <= MAX_PATH_STEPS));
    }

    /** Present, not empty, at most {@code maxBytes} UTF-8 bytes. */
    private static boolean sized(String value, int maxBytes) {
        return value != null && !value.isEmpty() && bytes(value) <= maxBytes;
    }

    private static void checkTarget(TargetRef target) throws ProtocolException {
        if (target instanceof TargetRef.Coordinates point && !validCoordinates(point)) {
            throw fail(ProtocolErrorCode.INVALID_TARGET, "invalid target provenance");
        }
        // element targets are checked in full by SemanticTargetRef's constructor
    }

    private static boolean validCoordinates(TargetRef.Coordinates point) {
        return validSnapshotId(point.snapshotId())
                && !point.displayId().isEmpty()
                && Checks.utf8Length(point.displayId()) <= 256
                && point.displayGeometryHash().length() == 64
                && point.snapshotContentHash().length() == 64;
    }

    private static void checkValueBinding(Action action, VerificationPolicy verification) throws ProtocolException {
        boolean setValue = action instanceof Action.SetValue;
        boolean valueHash = verification instanceof VerificationPolicy.TargetValueHash;
        if (setValue && valueHash) {
            String expected = ((VerificationPolicy.TargetValueHash) verification).sha256();
            String actual = Sha256.hex(((Action.SetValue) action).value().getBytes(StandardCharsets.UTF_8));
            if (Sha256.isHash(expected) && expected.equals(actual)) {
                return;
            }
        }
        if (setValue || valueHash) {
            throw fail(ProtocolErrorCode.INVALID_VERIFICATION, "invalid target value verification");
        }
    }

    /** The reference's bounds on a target_state expectation: nodes, depth and total bytes. */
    static void checkVerificationBounds(VerificationPolicy verification) throws ProtocolException {
        if (!(verification instanceof VerificationPolicy.TargetState state)) {
            return;
        }
        Deque<Map.Entry<JsonValue, Integer>> stack = new ArrayDeque<>();
        stack.push(Map.entry(state.expected(), 0));
        int nodes = 0;
        long bytes = 0;
        while (!stack.isEmpty()) {
            Map.Entry<JsonValue, Integer> next = stack.pop();
            JsonValue value = next.getKey();
            int depth = next.getValue();
            nodes++;
            if (nodes > MAX_VERIFICATION_JSON_NODES || depth > MAX_VERIFICATION_JSON_DEPTH) {
                throw fail(ProtocolErrorCode.INVALID_VERIFICATION, "verification state is too large");
            }
            if (value instanceof JsonValue.JsonNumber number) {
                bytes += number.value().toString().length();
            } else if (value instanceof JsonValue.JsonString string) {
                bytes += bytes(string.value());
            } else if (value instanceof JsonValue.JsonArray array) {
                array.elements().forEach(element -> stack.push(Map.entry(element, depth + 1)));
            } else if (value instanceof JsonValue.JsonObject object) {
                for (Map.Entry<String, JsonValue> member : object.members().entrySet()) {
                    bytes += bytes(member.getKey());
                    stack.push(Map.entry(member.getValue(), depth + 1));
                }
            }
            if (bytes > MAX_VERIFICATION_JSON_BYTES) {
                throw fail(ProtocolErrorCode.INVALID_VERIFICATION, "verification state is too large");
            }
        }
    }

    private static boolean validSnapshotId(String snapshotId) {
        return !snapshotId.isEmpty()
                && Checks.utf8Length(snapshotId) <= 256
                && snapshotId.codePoints().noneMatch(Character::isISOControl);
    }

    private static boolean delay(Long delayMs) {
        return delayMs == null || delayMs <= MAX_DELAY_MS;
    }

    private static int bytes(String value) {
        return Checks.utf8Length(value);
    }

    private static ProtocolException fail(ProtocolErrorCode code, String message) {
        return new ProtocolException(code, message);
    }
}

package org.praefectus.api.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.JsonValue;

class RequestValidationTest {

    private static final ObjectMapper JACKSON = new ObjectMapper();

    private static ActionRequest valid() throws Exception {
        return ProtocolJson.parseActionRequest(JACKSON.writeValueAsBytes(ProtocolJsonTest.validRequest()));
    }

    private static ActionRequest with(ActionRequest r, Action action, TargetRef target, VerificationPolicy policy) {
        return new ActionRequest(
                r.protocolVersion(),
                r.actionVersion(),
                r.targetVersion(),
                r.verificationVersion(),
                r.operationId(),
                r.subject(),
                r.sessionId(),
                r.authority(),
                action,
                target,
                r.interactionMode(),
                r.deadlineAtMs(),
                policy,
                r.safety());
    }

    private static TargetRef.Coordinates point() {
        return new TargetRef.Coordinates(1, 2, "display-0", "e".repeat(64), "f".repeat(64), "1".repeat(64));
    }

    private static ProtocolErrorCode refusal(ActionRequest request) {
        return assertThrows(ProtocolException.class, () -> RequestValidation.validate(request))
                .code();
    }

    @Test
    void setValueMustBeBoundToTheHashOfItsValue() throws Exception {
        ActionRequest request = valid();
        TargetRef element = request.target();
        assertEquals(
                ProtocolErrorCode.INVALID_VERIFICATION,
                refusal(with(request, new Action.SetValue("other"), element, request.verification())));
        assertEquals(
                ProtocolErrorCode.INVALID_VERIFICATION,
                refusal(with(request, request.action(), element, new VerificationPolicy.None())));
        assertEquals(
                ProtocolErrorCode.INVALID_VERIFICATION,
                refusal(with(request, new Action.Invoke(), element, request.verification())));
    }

    @Test
    void dragNeedsTwoCoordinateFences() throws Exception {
        ActionRequest request = valid();
        VerificationPolicy none = new VerificationPolicy.None();
        RequestValidation.validate(with(request, new Action.Drag(point(), MouseButton.LEFT), point(), none));
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION,
                refusal(with(request, new Action.Drag(point(), MouseButton.LEFT), request.target(), none)));
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION,
                refusal(with(request, new Action.Drag(new TargetRef.None(), MouseButton.LEFT), point(), none)));
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION,
                refusal(with(request, new Action.Drag(request.target(), MouseButton.LEFT), point(), none)));
    }

    @Test
    void elementActionsNeedAnElementTargetAndBounds() throws Exception {
        ActionRequest request = valid();
        VerificationPolicy none = new VerificationPolicy.None();
        TargetRef element = request.target();
        RequestValidation.validate(with(request, new Action.SelectText(0, 4), element, none));
        RequestValidation.validate(with(request, new Action.PerformSecondaryAction("AXShowMenu"), element, none));
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION, refusal(with(request, new Action.SelectText(0, 4), point(), none)));
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION,
                refusal(with(request, new Action.SelectText(1_048_576, 1), element, none)));
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION,
                refusal(with(request, new Action.PerformSecondaryAction("AXPress"), element, none)));
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION,
                refusal(with(request, new Action.Invoke(), new TargetRef.None(), none)));
    }

    @Test
    void inputActionsAreBounded() throws Exception {
        ActionRequest request = valid();
        VerificationPolicy none = new VerificationPolicy.None();
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION,
                refusal(with(request, new Action.Click(MouseButton.LEFT, 4, false), point(), none)));
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION,
                refusal(with(request, new Action.TypeText("", false, false, null), point(), none)));
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION,
                refusal(with(request, new Action.TypeText("x", false, false, 1_001L), point(), none)));
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION,
                refusal(with(
                        request,
                        new Action.Hotkey(List.of("a", "b", "c", "d", "e", "f", "g", "h", "i")),
                        point(),
                        none)));
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION,
                refusal(with(request, new Action.Scroll(Direction.DOWN, 0), request.target(), none)));
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION,
                refusal(with(
                        request, new Action.Paste("x".repeat(RequestValidation.MAX_TEXT_BYTES + 1)), point(), none)));
    }

    @Test
    void pacesAreBounded() throws Exception {
        ActionRequest request = valid();
        VerificationPolicy none = new VerificationPolicy.None();
        RequestValidation.validate(with(request, new Action.Move(10_000L, 1_000L), point(), none));
        RequestValidation.validate(with(request, new Action.Drag(point(), MouseButton.LEFT, 0L, 1L), point(), none));
        RequestValidation.validate(
                with(request, new Action.Hotkey(List.of("ctrl", "s"), 1_000L, true, false), request.target(), none));
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION,
                refusal(with(request, new Action.Move(10_001L, null), point(), none)));
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION, refusal(with(request, new Action.Move(null, 0L), point(), none)));
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION,
                refusal(with(request, new Action.Drag(point(), MouseButton.LEFT, null, 1_001L), point(), none)));
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION,
                refusal(with(
                        request,
                        new Action.Hotkey(List.of("ctrl", "s"), 1_001L, false, false),
                        request.target(),
                        none)));
    }

    @Test
    void auxiliaryActionsTakeNoTarget() throws Exception {
        ActionRequest request = valid();
        VerificationPolicy none = new VerificationPolicy.None();
        Action window = new Action.Window(WindowOperation.FOCUS, "Praefectus", "Praefectus Demo");
        RequestValidation.validate(with(request, window, new TargetRef.None(), none));
        assertEquals(ProtocolErrorCode.INVALID_ACTION, refusal(with(request, window, point(), none)));
    }

    /** Issue 14, defect 5 (schema parity with 0.8.0): the parts that need no new fields. */
    @Test
    void auxiliaryActionsRequireVerificationNone() throws Exception {
        ActionRequest request = valid();
        for (Action auxiliary : List.of(
                new Action.Window(WindowOperation.FOCUS, "Praefectus", "Praefectus Demo"),
                new Action.ClipboardWrite("x"),
                new Action.Open("https://example.org", null, true))) {
            RequestValidation.validate(with(request, auxiliary, new TargetRef.None(), new VerificationPolicy.None()));
            assertEquals(
                    ProtocolErrorCode.INVALID_VERIFICATION,
                    refusal(with(request, auxiliary, new TargetRef.None(), new VerificationPolicy.SnapshotChanged())),
                    auxiliary.kind());
        }
    }

    @Test
    void axRaiseIsNotASecondaryAction() throws Exception {
        ActionRequest request = valid();
        assertEquals(
                ProtocolErrorCode.INVALID_ACTION,
                refusal(with(
                        request,
                        new Action.PerformSecondaryAction("AXRaise"),
                        request.target(),
                        new VerificationPolicy.None())));
    }

    @Test
    void coordinateTargetsOnlyForClickMoveDragAndScreenshot() throws Exception {
        ActionRequest request = valid();
        VerificationPolicy none = new VerificationPolicy.None();
        for (Action input : List.of(
                new Action.TypeText("x", false, false, null),
                new Action.Press("a", 1, null),
                new Action.Paste("x"),
                new Action.Hotkey(List.of("ctrl", "a")),
                new Action.Scroll(Direction.DOWN, 1))) {
            assertEquals(ProtocolErrorCode.INVALID_ACTION, refusal(with(request, input, point(), none)), input.kind());
            RequestValidation.validate(with(request, input, request.target(), none));
        }
        RequestValidation.validate(with(request, new Action.Click(MouseButton.LEFT, 1, false), point(), none));
    }

    @Test
    void identifiersFollowTheReferenceAlphabet() throws Exception {
        ActionRequest r = valid();
        ActionRequest badSubject = new ActionRequest(
                2,
                2,
                2,
                2,
                r.operationId(),
                "uid 1000",
                r.sessionId(),
                r.authority(),
                r.action(),
                r.target(),
                r.interactionMode(),
                r.deadlineAtMs(),
                r.verification(),
                r.safety());
        assertEquals(ProtocolErrorCode.INVALID_IDENTIFIER, refusal(badSubject));
        ActionRequest noDeadline = new ActionRequest(
                2,
                2,
                2,
                2,
                r.operationId(),
                r.subject(),
                r.sessionId(),
                r.authority(),
                r.action(),
                r.target(),
                r.interactionMode(),
                0,
                r.verification(),
                r.safety());
        assertEquals(ProtocolErrorCode.INVALID_VALUE, refusal(noDeadline));
    }

    @Test
    void oversizeTargetStateIsNeverHashed() throws Exception {
        ActionRequest request = valid();
        JsonValue deep = JsonValue.NULL;
        for (int i = 0; i <= RequestValidation.MAX_VERIFICATION_JSON_DEPTH; i++) {
            deep = new JsonValue.JsonArray(List.of(deep));
        }
        ActionRequest oversize =
                with(request, new Action.Invoke(), request.target(), new VerificationPolicy.TargetState(deep));
        assertEquals(
                ProtocolErrorCode.INVALID_VERIFICATION,
                assertThrows(ProtocolException.class, () -> ProtocolHashes.normalizedActionHash(oversize))
                        .code());
        JsonValue big = new JsonValue.JsonString("x".repeat(RequestValidation.MAX_VERIFICATION_JSON_BYTES + 1));
        assertEquals(
                ProtocolErrorCode.INVALID_VERIFICATION,
                refusal(with(request, new Action.Invoke(), request.target(), new VerificationPolicy.TargetState(big))));
    }
}

package org.praefectus.api.protocol;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.JsonValue;

class RedactionTest {

    private static final String SECRET = "hunter2-SECRET";

    @Test
    void secretsNeverReachToString() {
        List<Object> values = List.of(
                new Action.TypeText(SECRET, false, false, null),
                new Action.Press(SECRET, 1, null),
                new Action.Paste(SECRET),
                new Action.Hotkey(List.of(SECRET)),
                new Action.SetValue(SECRET),
                new Action.ClipboardWrite(SECRET),
                new Action.Open(SECRET, SECRET, false),
                new Action.Application(ApplicationOperation.LAUNCH, SECRET),
                new Action.Window(WindowOperation.CLOSE, SECRET, SECRET),
                new VerificationPolicy.TargetState(new JsonValue.JsonString(SECRET)),
                new VerificationPolicy.TargetValueHash(SECRET));
        for (Object value : values) {
            assertFalse(value.toString().contains(SECRET), value.getClass().getSimpleName());
            assertTrue(
                    value.toString().contains(Protocol.REDACTED),
                    value.getClass().getSimpleName());
        }
    }

    @Test
    void requestRedactsSubjectSessionAuthorityAndVerification() {
        AuthorityGrant grant = new AuthorityGrant(
                2,
                "host",
                "key",
                "op-1",
                SECRET + "subject",
                SECRET + "session",
                SafetyClass.REVERSIBLE,
                1,
                "policy",
                "0".repeat(64));
        SignedAuthority authority = new SignedAuthority(grant, "ab".repeat(64));
        ActionRequest request = new ActionRequest(
                2,
                2,
                2,
                2,
                "op-1",
                SECRET + "subject",
                SECRET + "session",
                authority,
                new Action.SetValue(SECRET),
                new TargetRef.None(),
                InteractionMode.INTERACTIVE,
                1,
                new VerificationPolicy.TargetValueHash("0".repeat(64)),
                SafetyClass.REVERSIBLE);
        for (Object value : List.of(request, authority, grant)) {
            assertFalse(value.toString().contains(SECRET), value.getClass().getSimpleName());
        }
        assertFalse(request.toString().contains("ab".repeat(64)), "signature");
        assertTrue(request.toString().contains("op-1"), "the operation ID stays visible for correlation");
    }
}

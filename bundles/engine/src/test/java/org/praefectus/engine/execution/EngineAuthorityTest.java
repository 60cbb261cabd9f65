package org.praefectus.engine.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.AuthorityGrant;
import org.praefectus.api.protocol.ProtocolErrorCode;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.TargetRef;

/** Strict versions and input, signature, and the binding of every grant field, all before any claim. */
class EngineAuthorityTest {

    @TempDir
    Path directory;

    private static AuthorityGrant with(
            AuthorityGrant g,
            String operationId,
            String subject,
            String session,
            SafetyClass risk,
            long expires,
            String policy,
            String hash,
            String issuer,
            String keyId) {
        return new AuthorityGrant(
                g.protocolVersion(), issuer, keyId, operationId, subject, session, risk, expires, policy, hash);
    }

    @Test
    void everyGrantFieldIsBoundToTheRequest() throws Exception {
        List<UnaryOperator<AuthorityGrant>> edits = List.of(
                g -> with(
                        g,
                        "other-op",
                        g.subject(),
                        g.sessionId(),
                        g.risk(),
                        g.expiresAtMs(),
                        g.policyGeneration(),
                        g.actionHash(),
                        g.issuer(),
                        g.keyId()),
                g -> with(
                        g,
                        g.operationId(),
                        "other-subject",
                        g.sessionId(),
                        g.risk(),
                        g.expiresAtMs(),
                        g.policyGeneration(),
                        g.actionHash(),
                        g.issuer(),
                        g.keyId()),
                g -> with(
                        g,
                        g.operationId(),
                        g.subject(),
                        "other-session",
                        g.risk(),
                        g.expiresAtMs(),
                        g.policyGeneration(),
                        g.actionHash(),
                        g.issuer(),
                        g.keyId()),
                g -> with(
                        g,
                        g.operationId(),
                        g.subject(),
                        g.sessionId(),
                        SafetyClass.DESTRUCTIVE,
                        g.expiresAtMs(),
                        g.policyGeneration(),
                        g.actionHash(),
                        g.issuer(),
                        g.keyId()),
                g -> with(
                        g,
                        g.operationId(),
                        g.subject(),
                        g.sessionId(),
                        g.risk(),
                        0,
                        g.policyGeneration(),
                        g.actionHash(),
                        g.issuer(),
                        g.keyId()),
                g -> with(
                        g,
                        g.operationId(),
                        g.subject(),
                        g.sessionId(),
                        g.risk(),
                        g.expiresAtMs(),
                        "gen-2",
                        g.actionHash(),
                        g.issuer(),
                        g.keyId()),
                g -> with(
                        g,
                        g.operationId(),
                        g.subject(),
                        g.sessionId(),
                        g.risk(),
                        g.expiresAtMs(),
                        g.policyGeneration(),
                        "f".repeat(64),
                        g.issuer(),
                        g.keyId()),
                g -> with(
                        g,
                        g.operationId(),
                        g.subject(),
                        g.sessionId(),
                        g.risk(),
                        g.expiresAtMs(),
                        g.policyGeneration(),
                        g.actionHash(),
                        "other-host",
                        g.keyId()),
                g -> with(
                        g,
                        g.operationId(),
                        g.subject(),
                        g.sessionId(),
                        g.risk(),
                        g.expiresAtMs(),
                        g.policyGeneration(),
                        g.actionHash(),
                        g.issuer(),
                        "key-2"),
                // the reference's identifier rule refuses '.', so a grant from host.example is never trusted
                g -> with(
                        g,
                        g.operationId(),
                        g.subject(),
                        g.sessionId(),
                        g.risk(),
                        g.expiresAtMs(),
                        g.policyGeneration(),
                        g.actionHash(),
                        "host.example",
                        g.keyId()));
        try (EngineFixture fixture = new EngineFixture(directory)) {
            for (UnaryOperator<AuthorityGrant> edit : edits) {
                ActionRequest request = fixture.host.request("op-1").grant(edit).build();
                EngineException e = assertThrows(
                        EngineException.class, () -> fixture.engine.execute(request, new CancellationToken()));
                assertEquals(EngineError.AUTHORITY_DENIED, e.error());
            }
            assertEquals(0, fixture.executor.calls.size());
            assertEquals(0, fixture.claimedOperations());
        }
    }

    @Test
    void aSignatureByAnotherKeyOrOverOtherBytesIsDenied() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            ActionRequest good = fixture.host.request("op-1").build();
            String signature = good.authority().signature();
            String flipped = (signature.charAt(0) == 'a' ? "b" : "a") + signature.substring(1);
            EngineException e = assertThrows(
                    EngineException.class,
                    () -> fixture.engine.execute(
                            fixture.host.request("op-1").buildWith(flipped), new CancellationToken()));
            assertEquals(EngineError.AUTHORITY_DENIED, e.error());
            EngineException zero = assertThrows(
                    EngineException.class,
                    () -> fixture.engine.execute(
                            fixture.host.request("op-1").buildWith("0".repeat(128)), new CancellationToken()));
            assertEquals(EngineError.AUTHORITY_DENIED, zero.error());
            assertEquals(0, fixture.claimedOperations());
        }
    }

    @Test
    void wrongVersionIsRefusedBeforeAuthority() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            EngineException e = assertThrows(
                    EngineException.class,
                    () -> fixture.engine.execute(
                            fixture.host.request("op-1").protocolVersion(1).build(), new CancellationToken()));
            assertEquals(EngineError.INVALID_REQUEST, e.error());
            assertEquals(ProtocolErrorCode.UNSUPPORTED_VERSION, e.protocolCode());
            assertEquals(0, fixture.verifications.get());
        }
    }

    @Test
    void unfencedTargetFailsBeforeAuthorityIsConsumed() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            EngineException e = assertThrows(
                    EngineException.class,
                    () -> fixture.engine.execute(
                            fixture.host
                                    .request("op-1")
                                    .target(new TargetRef.None())
                                    .build(),
                            new CancellationToken()));
            assertEquals(EngineError.INVALID_REQUEST, e.error());
            assertEquals(0, fixture.verifications.get());
            assertEquals(0, fixture.claimedOperations());
        }
    }

    @Test
    void malformedJsonGivesTypedErrorsNeverAnEscapingException() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            String valid = new String(
                    ProtocolJson.toJson(
                            ProtocolJson.encode(fixture.host.request("op-1").build())),
                    StandardCharsets.UTF_8);
            record Case(String json, ProtocolErrorCode code) {}
            List<Case> cases = List.of(
                    new Case(valid.replaceFirst("\\{", "{\"extra\":1,"), ProtocolErrorCode.UNKNOWN_FIELD),
                    new Case(
                            valid.replace("\"kind\":\"invoke\"", "\"kind\":\"teleport\""),
                            ProtocolErrorCode.UNKNOWN_KIND),
                    new Case(
                            valid.replace(
                                    "\"protocol_version\":2,\"action_version\"",
                                    "\"protocol_version\":3,\"action_version\""),
                            ProtocolErrorCode.UNSUPPORTED_VERSION),
                    new Case(valid.replaceFirst("\"signature\":\"[0-9a-f]{128}\"", "\"signature\":\"abc\""), null),
                    new Case(valid.replaceFirst("\"signature\":\"[0-9a-f]{2}", "\"signature\":\"zz"), null),
                    new Case("{", ProtocolErrorCode.INVALID_JSON),
                    new Case("{\"a\":1,\"a\":2}", ProtocolErrorCode.DUPLICATE_KEY),
                    new Case(
                            "\"" + "x".repeat(ProtocolJson.MAX_MESSAGE_BYTES) + "\"",
                            ProtocolErrorCode.INPUT_TOO_LARGE));
            for (Case c : cases) {
                EngineException e = assertThrows(
                        EngineException.class,
                        () -> fixture.engine.execute(
                                c.json().getBytes(StandardCharsets.UTF_8), new CancellationToken()),
                        c.json().length() > 200 ? c.json().substring(0, 200) : c.json());
                assertEquals(EngineError.INVALID_REQUEST, e.error());
                if (c.code() != null) {
                    assertEquals(c.code(), e.protocolCode());
                }
            }
            assertEquals(0, fixture.verifications.get());
            assertEquals(0, fixture.executor.calls.size());
        }
    }
}

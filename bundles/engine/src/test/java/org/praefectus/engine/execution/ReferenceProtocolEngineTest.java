package org.praefectus.engine.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.engine.execution.Terminals.terminal;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.AuthorityGrant;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.Terminal;

/**
 * The engine cases of the reference's tests/protocol.rs that its mock executor drives, one test each, named
 * after the reference test. The reference's mock answers what {@link ScriptedExecutor} is scripted to answer.
 */
class ReferenceProtocolEngineTest {

    @TempDir
    Path directory;

    /** tests/protocol.rs {@code terminal_replay_does_not_dispatch_twice}. */
    @Test
    void terminalReplayDoesNotDispatchTwice() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            ActionRequest request = fixture.host.request("replay").build();
            ExecuteReport first = fixture.engine.execute(request, new CancellationToken());
            ExecuteReport second = fixture.engine.execute(request, new CancellationToken());

            assertEquals(1, fixture.executor.dispatches.get());
            terminal(first, Terminal.Succeeded.class);
            assertEquals(1, second.acknowledgements().size());
            assertTrue(second.acknowledgements().get(0).replayed());
        }
    }

    /** tests/protocol.rs {@code same_id_with_changed_action_conflicts}. */
    @Test
    void sameIdWithChangedActionConflicts() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.engine.execute(fixture.host.request("conflict").build(), new CancellationToken());
            ActionRequest changed =
                    fixture.host.request("conflict").setValue("other").build();

            EngineException conflict =
                    assertThrows(EngineException.class, () -> fixture.engine.execute(changed, new CancellationToken()));
            assertEquals(EngineError.CONFLICT, conflict.error());
            assertEquals(1, fixture.executor.dispatches.get());
        }
    }

    /** tests/protocol.rs {@code interaction_mode_is_authority_bound_and_conflicts_on_reuse}. */
    @Test
    void interactionModeIsAuthorityBoundAndConflictsOnReuse() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.contexts.add("context");
            fixture.executor.contexts.add("context");
            fixture.engine.execute(fixture.host.request("mode-conflict").build(), new CancellationToken());
            ActionRequest background = fixture.host
                    .request("mode-conflict")
                    .mode(InteractionMode.BACKGROUND_ONLY)
                    .build();
            assertEquals(
                    EngineError.CONFLICT,
                    assertThrows(
                                    EngineException.class,
                                    () -> fixture.engine.execute(background, new CancellationToken()))
                            .error());

            ActionRequest signedInteractive =
                    fixture.host.request("mode-tamper").build();
            ActionRequest tampered = new ActionRequest(
                    signedInteractive.protocolVersion(),
                    signedInteractive.actionVersion(),
                    signedInteractive.targetVersion(),
                    signedInteractive.verificationVersion(),
                    signedInteractive.operationId(),
                    signedInteractive.subject(),
                    signedInteractive.sessionId(),
                    signedInteractive.authority(),
                    signedInteractive.action(),
                    signedInteractive.target(),
                    InteractionMode.BACKGROUND_ONLY,
                    signedInteractive.deadlineAtMs(),
                    signedInteractive.verification(),
                    signedInteractive.safety());
            assertEquals(
                    EngineError.AUTHORITY_DENIED,
                    assertThrows(EngineException.class, () -> fixture.engine.execute(tampered, new CancellationToken()))
                            .error());
            assertEquals(1, fixture.executor.dispatches.get());
        }
    }

    /** tests/protocol.rs {@code unknown_executor_isolation_is_durably_rejected_before_effect}. */
    @Test
    void unknownExecutorIsolationIsDurablyRejectedBeforeEffect() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.isolation = SessionIsolation.UNKNOWN;
            Terminal.Rejected rejected = terminal(
                    fixture.engine.execute(
                            fixture.host.request("unknown-isolation").build(), new CancellationToken()),
                    Terminal.Rejected.class);
            assertEquals(FailureCode.UNSUPPORTED, rejected.code());
            assertEquals(0, fixture.executor.dispatches.get());
            assertTrue(fixture.engine.status("unknown-isolation").isPresent());
        }
    }

    /** tests/protocol.rs {@code stale_target_fails_before_dispatch}. */
    @Test
    void staleTargetFailsBeforeDispatch() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.resolveFailure = new ExecutorException(ExecutorFailure.STALE_TARGET, "changed");
            Terminal.Rejected rejected = terminal(
                    fixture.engine.execute(fixture.host.request("stale").build(), new CancellationToken()),
                    Terminal.Rejected.class);
            assertEquals(FailureCode.STALE_TARGET, rejected.code());
            assertEquals(0, fixture.executor.dispatches.get());
        }
    }

    /** tests/protocol.rs {@code cancellation_and_timeout_stop_before_effect}. */
    @Test
    void cancellationAndTimeoutStopBeforeEffect() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            CancellationToken cancelled = new CancellationToken();
            cancelled.cancel();
            terminal(
                    fixture.engine.execute(fixture.host.request("cancelled").build(), cancelled),
                    Terminal.CancelledBeforeEffect.class);
            terminal(
                    fixture.engine.execute(
                            fixture.host.request("expired").deadline(1).build(), new CancellationToken()),
                    Terminal.ExpiredBeforeEffect.class);
            assertEquals(0, fixture.executor.dispatches.get());
        }
    }

    /** tests/protocol.rs {@code ambiguous_dispatch_is_outcome_unknown_and_replayable}. */
    @Test
    void ambiguousDispatchIsOutcomeUnknownAndReplayable() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.dispatch = (cancellation, deadline) -> {
                throw DispatchException.ambiguous("connection lost after dispatch");
            };
            ActionRequest request = fixture.host.request("ambiguous").build();
            terminal(fixture.engine.execute(request, new CancellationToken()), Terminal.OutcomeUnknown.class);
            ExecuteReport replay = fixture.engine.execute(request, new CancellationToken());

            assertEquals(1, fixture.executor.dispatches.get());
            assertTrue(replay.acknowledgements().get(0).replayed());
        }
    }

    /** tests/protocol.rs {@code known_no_effect_dispatch_failure_is_not_ambiguous}. */
    @Test
    void knownNoEffectDispatchFailureIsNotAmbiguous() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.dispatch = (cancellation, deadline) -> {
                throw DispatchException.noEffect("rejected before dispatch");
            };
            terminal(
                    fixture.engine.execute(fixture.host.request("no-effect").build(), new CancellationToken()),
                    Terminal.Rejected.class);
        }
    }

    /** tests/protocol.rs {@code signed_authority_rejects_tampered_bindings_before_claim}. */
    @Test
    void signedAuthorityRejectsTamperedBindingsBeforeClaim() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            ActionRequest signed = fixture.host.request("tampered").build();
            ActionRequest tampered = new ActionRequest(
                    signed.protocolVersion(),
                    signed.actionVersion(),
                    signed.targetVersion(),
                    signed.verificationVersion(),
                    signed.operationId(),
                    "other-subject",
                    signed.sessionId(),
                    signed.authority(),
                    signed.action(),
                    signed.target(),
                    signed.interactionMode(),
                    signed.deadlineAtMs(),
                    signed.verification(),
                    signed.safety());
            assertEquals(
                    EngineError.AUTHORITY_DENIED,
                    assertThrows(EngineException.class, () -> fixture.engine.execute(tampered, new CancellationToken()))
                            .error());
            assertFalse(Files.exists(fixture.ledgerPath));
        }
    }

    /** tests/protocol.rs {@code expired_signed_authority_is_terminal_before_effect}. */
    @Test
    void expiredSignedAuthorityIsTerminalBeforeEffect() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            ActionRequest expired = fixture.host
                    .request("expired-authority")
                    .grant(grant -> new AuthorityGrant(
                            grant.protocolVersion(),
                            grant.issuer(),
                            grant.keyId(),
                            grant.operationId(),
                            grant.subject(),
                            grant.sessionId(),
                            grant.risk(),
                            1,
                            grant.policyGeneration(),
                            grant.actionHash()))
                    .build();
            terminal(fixture.engine.execute(expired, new CancellationToken()), Terminal.ExpiredBeforeEffect.class);
            assertEquals(0, fixture.executor.dispatches.get());
        }
    }
}

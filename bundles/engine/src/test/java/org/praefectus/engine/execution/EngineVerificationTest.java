package org.praefectus.engine.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.praefectus.engine.execution.Terminals.terminal;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.engine.BatchStep;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.Effect;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;

/** Verification, dispatch failures, hash-only receipts and batches. */
class EngineVerificationTest {

    @TempDir
    Path directory;

    @Test
    void targetValueHashOnTheSameFencedTargetIsVerified() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            ExecuteReport report = fixture.engine.execute(
                    fixture.host.request("op-1").setValue("new").build(), new CancellationToken());
            assertEquals(
                    Effect.VERIFIED,
                    terminal(report, Terminal.Succeeded.class).receipt().effect());
            assertEquals(true, report.succeededVerified());
        }
    }

    @Test
    void aValueThatDoesNotMatchIsOutcomeUnknownNeverSuccess() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.applySetValue = false;
            fixture.executor.valueAfter = "something else";
            Terminal.OutcomeUnknown unknown = terminal(
                    fixture.engine.execute(
                            fixture.host.request("op-1").setValue("new").build(), new CancellationToken()),
                    Terminal.OutcomeUnknown.class);
            assertEquals("action dispatched but requested verification failed", unknown.message());
        }
    }

    @Test
    void theRightValueOnAnotherElementIsNotAProof() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.fingerprintAfter = TestAuthority.hash("another element");
            terminal(
                    fixture.engine.execute(
                            fixture.host.request("op-1").setValue("new").build(), new CancellationToken()),
                    Terminal.OutcomeUnknown.class);
        }
    }

    @Test
    void anUnprovableResultIsOutcomeUnknown() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.observeFailureAfter = new ExecutorException(ExecutorFailure.UNAVAILABLE, "gone");
            Terminal.OutcomeUnknown unknown = terminal(
                    fixture.engine.execute(
                            fixture.host.request("op-1").setValue("new").build(), new CancellationToken()),
                    Terminal.OutcomeUnknown.class);
            assertEquals(
                    List.of("post-action observation failed"), unknown.receipt().warnings());
        }
    }

    @Test
    void dispatchFailuresKeepWhatIsKnownAboutTheEffect() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.dispatch = (c, d) -> {
                throw DispatchException.unsupported("no");
            };
            assertEquals(
                    FailureCode.UNSUPPORTED,
                    terminal(
                                    fixture.engine.execute(
                                            fixture.host.request("op-1").build(), new CancellationToken()),
                                    Terminal.Rejected.class)
                            .code());
            fixture.executor.dispatch = (c, d) -> {
                throw DispatchException.ambiguous("maybe");
            };
            terminal(
                    fixture.engine.execute(fixture.host.request("op-2").build(), new CancellationToken()),
                    Terminal.OutcomeUnknown.class);
            fixture.executor.dispatch = (c, d) -> {
                throw new IllegalStateException("bug in the executor");
            };
            terminal(
                    fixture.engine.execute(fixture.host.request("op-3").build(), new CancellationToken()),
                    Terminal.OutcomeUnknown.class);
            fixture.executor.dispatch = (c, d) -> {
                throw DispatchException.cancelledBeforeEffect();
            };
            terminal(
                    fixture.engine.execute(fixture.host.request("op-4").build(), new CancellationToken()),
                    Terminal.CancelledBeforeEffect.class);
        }
    }

    @Test
    void receiptsAndTheLedgerCarryHashesNeverTheValue() throws Exception {
        String secret = "correct horse battery staple";
        try (EngineFixture fixture = new EngineFixture(directory)) {
            ExecuteReport report = fixture.engine.execute(
                    fixture.host.request("op-1").setValue(secret).build(), new CancellationToken());
            String json = new String(CanonicalJson.compact(report.toJson()), StandardCharsets.UTF_8);
            assertFalse(json.contains(secret));
            assertFalse(Files.readString(fixture.ledgerPath).contains(secret));
            assertFalse(report.toString().contains(secret));
        }
    }

    @Test
    void aBatchContinuesOnlyAfterSucceededAndVerified() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            List<ActionRequest> verified = List.of(
                    fixture.host.request("b-1").setValue("one").build(),
                    fixture.host.request("b-2").setValue("two").build());
            List<BatchStep> steps = fixture.engine.executeBatch(verified, new CancellationToken());
            assertEquals(2, steps.size());

            List<ActionRequest> unverifiedFirst = List.of(
                    fixture.host.request("b-3").build(),
                    fixture.host.request("b-4").setValue("four").build());
            assertEquals(
                    1,
                    fixture.engine
                            .executeBatch(unverifiedFirst, new CancellationToken())
                            .size());

            List<ActionRequest> refusedFirst = List.of(
                    fixture.host.request("b-5").target(new TargetRef.None()).build(),
                    fixture.host.request("b-6").setValue("six").build());
            List<BatchStep> refused = fixture.engine.executeBatch(refusedFirst, new CancellationToken());
            assertEquals(1, refused.size());
            assertInstanceOf(BatchStep.Refused.class, refused.get(0));
            assertEquals(List.of(), fixture.engine.executeBatch(List.of(), new CancellationToken()));
            assertEquals(3, fixture.executor.dispatches.get());
        }
    }
}

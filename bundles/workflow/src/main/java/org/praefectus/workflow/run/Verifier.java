package org.praefectus.workflow.run;

import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Settle;
import org.praefectus.api.protocol.Effect;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.workflow.Attempt;
import org.praefectus.api.workflow.WorkflowStep;
import org.praefectus.api.workflow.WorkflowValidationException;

/**
 * The observations that decide what an input did. A step's own check ({@code verify_selector}) proves its effect
 * present or absent; without one the engine's own verification, else a sample of the desktop, is reported, and
 * neither can prove an effect absent.
 */
final class Verifier {

    /** How often a step's check is observed again while it waits for the effect to show. */
    private static final long POLL_MS = 100;

    private final DesktopService desktop;
    private final long waitMs;

    Verifier(DesktopService desktop, long waitMs) {
        this.desktop = desktop;
        this.waitMs = waitMs;
    }

    /** After a succeeded input: the step's check, the engine's verification, or a desktop sample. */
    Attempt.Verification afterSuccess(WorkflowStep step, InputOutcome outcome, CancellationToken cancellation) {
        if (step.verifySelector() != null) {
            return check(step, cancellation);
        }
        if (outcome.terminal() instanceof Terminal.Succeeded succeeded
                && succeeded.receipt() != null
                && succeeded.receipt().effect() == Effect.VERIFIED) {
            return new Attempt.Verification("engine", "verified");
        }
        try {
            desktop.desktopState(1, cancellation);
            return new Attempt.Verification("desktop_state", "sampled");
        } catch (DesktopException e) {
            return new Attempt.Verification("desktop_state", "unprovable");
        }
    }

    /**
     * Whether an effect of unknown outcome is there: {@code present} or {@code absent} by the step's check, else
     * {@code unprovable}.
     */
    Attempt.Verification reconcile(WorkflowStep step, CancellationToken cancellation) {
        return step.verifySelector() == null
                ? new Attempt.Verification("selector", "unprovable")
                : check(step, cancellation);
    }

    /** The step's check, observed until it matches or the wait is over. */
    private Attempt.Verification check(WorkflowStep step, CancellationToken cancellation) {
        boolean[] observed = {false};
        Settle.Check<RuntimeException> present = () -> {
            observed[0] = false;
            try {
                boolean found =
                        desktop.findElements(StepRequests.lookup(step, step.verifySelector(), false), cancellation)
                                        .count()
                                > 0;
                observed[0] = true;
                return found;
            } catch (DesktopException | WorkflowValidationException notVisible) {
                return false; // no window in scope, or not observable now: neither present nor proven absent
            }
        };
        Settle.Outcome outcome =
                Settle.await(present, Settle.every(POLL_MS), System.currentTimeMillis() + waitMs, cancellation);
        if (outcome == Settle.Outcome.HELD) {
            return new Attempt.Verification("selector", "present");
        }
        if (Thread.currentThread().isInterrupted()) {
            return new Attempt.Verification("selector", "unprovable");
        }
        // only an observation that saw the scope and no match proves the effect absent
        return new Attempt.Verification("selector", observed[0] ? "absent" : "unprovable");
    }
}

package org.praefectus.workflow.run;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.workflow.Attempt;
import org.praefectus.api.workflow.FailureReport;
import org.praefectus.api.workflow.StepResult;
import org.praefectus.api.workflow.WorkflowStep;
import org.praefectus.api.workflow.WorkflowValidationException;
import org.praefectus.workflow.model.StepRules;

/**
 * One step's attempts. A step is tried again only after an attempt that proves it had no effect (refused before
 * signing, rejected, expired before effect); after an {@code outcome_unknown}, a {@code failed} terminal, an
 * interrupted dispatch or a success its check shows absent, the step's check decides first: present ends the step,
 * absent allows one redo (a new operation, recorded as reconciling the old one), and anything else stops the run
 * with {@code observe_and_reconcile}. Selector steps heal as PeekabooX's do: a fresh desktop sample before the
 * second attempt, vision fallback (for lookups) on the third.
 */
final class StepExecution {

    /** How many attempts follow the first when a step does not say ({@code retries}). */
    static final int DEFAULT_RETRIES = 2;

    /** What an attempt means for the next one. */
    private enum Next {
        DONE,
        RETRY,
        STOP,
        RECONCILE
    }

    private record Tried(Attempt attempt, Next next) {}

    private final DesktopService desktop;
    private final ResidentHost signer;
    private final Verifier verifier;
    private final RunJournal journal;
    private final String runId;
    private final int index;
    private final WorkflowStep step;
    private final String action;
    private final boolean dryRun;
    private final CancellationToken cancellation;
    private final List<Attempt> attempts = new ArrayList<>();
    private final Set<String> recovery = new LinkedHashSet<>();

    /** {@code journal} is {@code null} for a dry run, which is not journaled. */
    StepExecution(
            DesktopService desktop,
            ResidentHost signer,
            Verifier verifier,
            RunJournal journal,
            String runId,
            int index,
            WorkflowStep step,
            boolean dryRun,
            CancellationToken cancellation) {
        this.desktop = desktop;
        this.signer = signer;
        this.verifier = verifier;
        this.journal = journal;
        this.runId = runId;
        this.index = index;
        this.step = step;
        this.action = step.canonicalAction();
        this.dryRun = dryRun;
        this.cancellation = cancellation;
    }

    /**
     * Runs the step after the attempts an earlier runtime journaled ({@code prior}) and the attempt it was
     * dispatching when it stopped ({@code interrupted}, 0 for none).
     */
    StepResult run(List<Attempt> prior, int interrupted) throws IOException {
        attempts.addAll(prior);
        if (!prior.isEmpty() && settled(prior.get(prior.size() - 1))) {
            return result(true); // the runtime stopped after this step's last attempt was journaled, not the step
        }
        // the attempts journaled before count against the retries, but a resumed step gets at least one
        int allowed = Math.max(
                1, 1 + (step.retries() == null ? DEFAULT_RETRIES : Math.toIntExact(step.retries())) - prior.size());
        boolean redone = false;
        String reconciles = null;
        Attempt unfinished = null;
        if (interrupted > 0) {
            unfinished = record(
                    new Attempt(interrupted, "interrupted", "outcome_unknown", List.of(), null, null, null, null));
        } else if (!prior.isEmpty() && unknown(prior.get(prior.size() - 1))) {
            unfinished = prior.get(prior.size() - 1);
        }
        if (unfinished != null) {
            Attempt.Verification seen = verifier.reconcile(step, cancellation);
            recovery.add("reconcile");
            if (!seen.result().equals("absent")) {
                return settle(unfinished, seen);
            }
            reconciles = unfinished.lastOperation() != null
                    ? unfinished.lastOperation()
                    : "step-" + index + "-attempt-" + unfinished.attempt();
            redone = true;
            allowed = 1;
        }
        String strategy = null;
        for (int made = 0; made < allowed; made++) {
            Tried tried = StepRules.INPUT_ACTIONS.contains(action)
                    ? input(attempts.size() + 1, strategy, reconciles)
                    : lookup(attempts.size() + 1, strategy);
            reconciles = null;
            if (tried.next() == Next.DONE) {
                return result(true);
            }
            if (tried.next() == Next.STOP || (tried.next() == Next.RECONCILE && redone)) {
                return result(false);
            }
            if (tried.next() == Next.RETRY) {
                strategy = heal(made + 1);
                if (strategy != null) {
                    recovery.add(strategy);
                }
                continue;
            }
            Attempt.Verification seen = tried.attempt().verification() != null
                    ? tried.attempt().verification()
                    : verifier.reconcile(step, cancellation);
            recovery.add("reconcile");
            if (!seen.result().equals("absent")) {
                return settle(tried.attempt(), seen);
            }
            reconciles = tried.attempt().lastOperation();
            redone = true;
            allowed = made + 2; // exactly one redo, whatever the retries
            strategy = null;
        }
        return result(false);
    }

    /** An unfinished effect the step's check has looked at: present ends the step, anything else stops it. */
    private StepResult settle(Attempt unfinished, Attempt.Verification seen) throws IOException {
        if (seen.result().equals("present")) {
            record(new Attempt(
                    attempts.size() + 1,
                    "reconciled_present",
                    null,
                    unfinished.operations(),
                    unfinished.lastOperation(),
                    "reconcile",
                    seen,
                    null));
            return result(true);
        }
        attempts.set(attempts.size() - 1, attempts.get(attempts.size() - 1).verified(seen));
        return result(false);
    }

    /** Whether a journaled attempt ended its step well: what it did stands and is never done again. */
    private static boolean settled(Attempt attempt) {
        boolean absent = attempt.verification() != null
                && attempt.verification().result().equals("absent");
        return !absent && Set.of("succeeded", "reconciled_present", "observed").contains(attempt.status());
    }

    private static boolean unknown(Attempt attempt) {
        boolean absent = attempt.verification() != null
                && attempt.verification().result().equals("absent");
        return attempt.status().equals("outcome_unknown")
                || attempt.status().equals("failed")
                || attempt.status().equals("interrupted")
                || (attempt.status().equals("succeeded") && absent);
    }

    private String heal(int failures) {
        if (step.selector() == null) {
            return null;
        }
        boolean lookup = action.equals("find_element");
        return failures >= 2 && lookup && !step.usesVisionFallback() ? "vision_fallback" : "refresh_desktop_state";
    }

    private Tried input(int number, String strategy, String reconciles) throws IOException {
        InputRequest request;
        try {
            request = StepRequests.input(step, dryRun);
        } catch (WorkflowValidationException validatedBefore) {
            throw new IllegalStateException("a loaded step is valid", validatedBefore);
        }
        refresh(strategy);
        if (!request.dryRun() && journal != null) {
            journal.dispatching(runId, index, number);
        }
        InputOutcome outcome;
        try {
            outcome = desktop.input(request, signer, cancellation);
        } catch (DesktopException e) {
            Attempt refused =
                    record(new Attempt(number, "refused", e.code(), List.of(), reconciles, strategy, null, null));
            return new Tried(refused, WorkflowRunner.transientRefusal(e) ? Next.RETRY : Next.STOP);
        }
        if (request.dryRun()) {
            return new Tried(
                    record(new Attempt(number, "dry_run", null, List.of(), reconciles, strategy, null, null)),
                    Next.DONE);
        }
        List<String> operations = outcome.acknowledgements().stream()
                .map(ActionAck::operationId)
                .distinct()
                .toList();
        Attempt attempt = new Attempt(
                number, outcome.status(), outcome.errorCode(), operations, reconciles, strategy, null, null);
        Terminal terminal = outcome.terminal();
        Next next;
        if (terminal instanceof Terminal.Succeeded) {
            if (step.verifies()) {
                attempt = attempt.verified(verifier.afterSuccess(step, outcome, cancellation));
            }
            boolean absent = attempt.verification() != null
                    && attempt.verification().result().equals("absent");
            next = absent ? Next.RECONCILE : Next.DONE;
        } else if (terminal instanceof Terminal.Rejected) {
            next = attempt.code().equals("stale_target") || attempt.code().equals("target_not_found")
                    ? Next.RETRY
                    : Next.STOP;
        } else if (terminal instanceof Terminal.ExpiredBeforeEffect) {
            next = Next.RETRY;
        } else if (terminal instanceof Terminal.CancelledBeforeEffect) {
            next = Next.STOP;
        } else {
            next = Next.RECONCILE; // failed or outcome_unknown: an effect may have happened
        }
        return new Tried(record(attempt), next);
    }

    private Tried lookup(int number, String strategy) throws IOException {
        refresh(strategy);
        try {
            int matches = switch (action) {
                case "find_element" ->
                    desktop.findElements(
                                    StepRequests.lookup(
                                            step,
                                            step.selector(),
                                            step.usesVisionFallback() || "vision_fallback".equals(strategy)),
                                    cancellation)
                            .count();
                case "observe", "get_desktop_state" ->
                    desktop.desktopState(0, cancellation).elements().size();
                case "list_windows" ->
                    desktop.windows(StepRequests.windows(step), cancellation)
                            .windows()
                            .size();
                default ->
                    throw new DesktopException(
                            "unsupported_action", action + " is not run by this runtime's workflows");
            };
            boolean found = matches > 0 || !action.equals("find_element");
            Attempt attempt = new Attempt(
                    number,
                    found ? "observed" : "not_found",
                    found ? null : "target_not_found",
                    List.of(),
                    null,
                    strategy,
                    null,
                    matches);
            return new Tried(record(attempt), found ? Next.DONE : Next.RETRY);
        } catch (DesktopException e) {
            Attempt refused = record(new Attempt(number, "refused", e.code(), List.of(), null, strategy, null, null));
            return new Tried(refused, WorkflowRunner.transientRefusal(e) ? Next.RETRY : Next.STOP);
        } catch (WorkflowValidationException validatedBefore) {
            throw new IllegalStateException("a loaded step is valid", validatedBefore);
        }
    }

    /** PeekabooX's graph refresh: a fresh sample of the desktop before the attempt. */
    private void refresh(String strategy) {
        if ("refresh_desktop_state".equals(strategy)) {
            try {
                desktop.desktopState(1, cancellation);
            } catch (DesktopException unavailable) {
                // the attempt itself reports what cannot be observed
            }
        }
    }

    private Attempt record(Attempt attempt) throws IOException {
        attempts.add(attempt);
        if (journal != null) {
            journal.attempt(runId, index, attempt);
        }
        return attempt;
    }

    private StepResult result(boolean ok) {
        return new StepResult(index, action, ok, attempts, List.copyOf(recovery));
    }

    /** Why the step failed, and what a caller does next. */
    static FailureReport report(StepResult result) {
        Attempt last = result.last();
        String reason = last.code() != null ? last.code() : last.status();
        if (last.status().equals("succeeded")) {
            reason = "verification_failed";
        }
        boolean unsettled = last.status().equals("outcome_unknown")
                || last.status().equals("failed")
                || last.status().equals("interrupted");
        String next;
        if (unsettled) {
            next = "observe_and_reconcile";
        } else {
            next = switch (reason) {
                case "target_not_found", "stale_target" -> "fix_selector";
                case "runtime_unavailable" -> "start_runtime";
                case "input_not_allowed", "permission_denied", "policy_denied" -> "check_policy";
                default -> "inspect_desktop";
            };
        }
        return new FailureReport(
                result.index(), result.action(), reason, result.attempts().size(), next);
    }
}

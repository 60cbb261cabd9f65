package org.praefectus.api.workflow;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * One call of PeekabooX's {@code execute_goal}, as every surface takes it (MCP's tool, the daemon's socket method): the
 * {@code goal} in words, {@code replan_on_failure} (default true), {@code max_replans} (0 to {@value #MAX_REPLANS},
 * default 1), and Praefectus's {@code run_id} (1 to 50 letters, digits, {@code _} or {@code -}: each replan's run
 * adds {@code -replan-N}) and {@code dry_run}. A request that breaks the rule is not made: its constructor throws an
 * {@link IllegalArgumentException} naming the field, which a surface answers as its own invalid-arguments error.
 *
 * @param goal            what to do, in words (a blank goal is the service's {@code invalid_goal})
 * @param replanOnFailure whether a failed run that proves no effect may be replanned
 * @param maxReplans      the most replans
 * @param runId           the first run's id, or {@code null} for a new one
 * @param dryRun          whether nothing is signed or dispatched
 */
public record GoalRequest(String goal, boolean replanOnFailure, int maxReplans, String runId, boolean dryRun) {

    /** The fields a surface accepts (PeekabooX's three, then Praefectus's two). */
    public static final Set<String> FIELDS = Set.of("goal", "replan_on_failure", "max_replans", "run_id", "dry_run");

    /** The most replans one call may ask for. */
    public static final int MAX_REPLANS = 3;

    /** Replans when none is asked for (PeekabooX's default). */
    public static final int DEFAULT_REPLANS = 1;

    private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9_-]{1,50}");

    public GoalRequest {
        if (goal == null) {
            throw new IllegalArgumentException("execute_goal needs goal");
        }
        if (maxReplans < 0 || maxReplans > MAX_REPLANS) {
            throw new IllegalArgumentException("max_replans is an integer from 0 to " + MAX_REPLANS);
        }
        if (runId != null && !RUN_ID.matcher(runId).matches()) {
            throw new IllegalArgumentException(
                    "run_id is 1 to 50 letters, digits, _ or - (each replan adds -replan-N)");
        }
    }

    /** The id of the run of replan {@code replan} (0: the first run): the caller's, suffixed; {@code null}: new. */
    public String runId(int replan) {
        return runId == null || replan == 0 ? runId : runId + "-replan-" + replan;
    }

    /**
     * Whether a failed run may be continued by a replan: only when its failure proves the failed step had no effect
     * ({@code next_action} {@code fix_selector}: its target was not found, nothing was dispatched). Never after an
     * outcome that is unknown or unverified, or a policy's refusal.
     */
    public static boolean replannable(FailureReport failure) {
        return failure != null && "fix_selector".equals(failure.nextAction());
    }
}

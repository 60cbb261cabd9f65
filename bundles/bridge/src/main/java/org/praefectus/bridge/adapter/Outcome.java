package org.praefectus.bridge.adapter;

import java.util.Objects;

/**
 * What a run came to, in Praetor's terms.
 *
 * @param status       the normalized status
 * @param pauseReason  why the owner must act or why it failed (a classification message, never a prompt);
 *                     null for completed and cancelled runs
 * @param usage        usage the CLI reported
 * @param finalMessage the agent's last answer, or null
 */
public record Outcome(NormalizedStatus status, String pauseReason, Usage usage, String finalMessage) {

    public Outcome {
        Objects.requireNonNull(status, "status");
        usage = usage == null ? Usage.NONE : usage;
    }
}

package org.praefectus.api.workflow;

import org.praefectus.api.resident.ResidentHost;

/**
 * How a workflow is run.
 *
 * @param runId  the run's id (1-64 letters, digits, {@code -}, {@code _}), or {@code null} for a new one; a
 *               finished run's id replays its recorded result, an unfinished one resumes it
 * @param dryRun whether nothing is signed or dispatched (each input shows the request it would sign)
 * @param signer the host that signs every effect: the resident runtime's, or a surface that is a host of its own
 *               (MCP signs through its own profile, confirmation and key); {@code null}: every effect is refused
 *               {@code runtime_unavailable}
 */
public record WorkflowRun(String runId, boolean dryRun, ResidentHost signer) {}

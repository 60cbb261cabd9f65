package org.praefectus.bridge.run;

import org.praefectus.bridge.adapter.NormalizedStatus;

/**
 * An interactive prompt a CLI stopped at (seed §15.3): its text (shortened) and the status it ends the run
 * with: {@code paused_decision} when the agent asks the owner a question, else
 * {@code interactive_approval_required}.
 */
record DetectedPrompt(String text, String source, NormalizedStatus status) {}

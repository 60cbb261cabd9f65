package org.praefectus.mcp.host;

/** Asks the person behind the MCP client for a yes (MCP elicitation). */
@FunctionalInterface
public interface Confirmer {

    /** The person's answer. */
    enum Answer {
        /** An explicit yes ({@code confirm: true}): the host may sign. */
        ACCEPTED,
        /** Declined, dismissed, or accepted without {@code confirm: true}. */
        DECLINED,
        /** The client cannot ask (no elicitation capability) or the question failed. */
        UNAVAILABLE,
        /** Nobody answered within the confirmation window. */
        TIMED_OUT,
        /** The tool call was cancelled while the question was open; the question is withdrawn. */
        CANCELLED
    }

    /**
     * @param message      what will be done, without typed text or values
     * @param cancellation the tool call's cancellation: ends the wait at once
     */
    Answer confirm(String message, CallCancellation cancellation);

    /** For clients that cannot be asked. */
    Confirmer UNAVAILABLE = (message, cancellation) -> Answer.UNAVAILABLE;
}

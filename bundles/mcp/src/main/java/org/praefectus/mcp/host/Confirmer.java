package org.praefectus.mcp.host;

/** Asks the person behind the MCP client for a yes (MCP elicitation). */
@FunctionalInterface
public interface Confirmer {

    /** The person's answer. */
    enum Answer {
        /** Accepted: the host may sign. */
        ACCEPTED,
        /** Declined or cancelled. */
        DECLINED,
        /** The client cannot ask (no elicitation capability) or the question failed. */
        UNAVAILABLE
    }

    /**
     * @param message what will be done, without typed text or values
     */
    Answer confirm(String message);

    /** For clients that cannot be asked. */
    Confirmer UNAVAILABLE = message -> Answer.UNAVAILABLE;
}
